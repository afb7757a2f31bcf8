// The due-reminder sweep (decision 246): every instance runs it every few seconds; each pass claims
// due reminders with one UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED) that sets
// fired_at, in the same transaction as their notifications and mail outbox rows. Two instances
// sweeping at once take disjoint rows, and a pass that dies before its commit leaves its rows to
// the next: each reminder fires exactly once. One found more than 2 minutes after its time says
// "late"; more than a day after, it is not delivered but listed in the bell as "Missed reminder".
// Desktop notifications go through the Web Push delivery's durable jobs after the commit. Times are
// written in words on the person's wall clock (decision 272). A batch's notifications and mail are
// each one statement, its browsers are looked up at once, and its mail leaves while the next batch
// is claimed (decision 285: 10,000 due in one minute, two instances).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { resolvePreferences } from "#shared/contracts/preferences.ts";
import type { PushMessage } from "#shared/contracts/push.ts";
import { firingOf } from "#shared/domain/reminders.ts";
import { instantInWords, isTimeZone } from "#shared/domain/zoned-time.ts";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { defineJob } from "../../jobs/queue.ts";
import type { Logger } from "../../logger.ts";
import type { MailOutbox, QueuedMail } from "../../providers/mail/mail-outbox.ts";
import { taskPath } from "../comments/comments.ts";
import {
  announceNotification,
  insertNotifications,
  type NewNotification,
} from "../notifications/notifications.ts";
import type { PlanGate } from "../permissions/permissions.ts";
import type { PushDelivery } from "../push/delivery.ts";
import { accessTask } from "../tasks/task-access.ts";

export const REMINDER_SWEEP_JOB = "reminder-sweep";
/** Reminders claimed per transaction. */
const BATCH = 200;

export type ReminderSweepDeps = {
  db: Db;
  events: Pick<DomainEvents, "emit" | "afterCommit">;
  mail: Pick<MailOutbox, "enqueueAll" | "kick">;
  push: Pick<PushDelivery, "notifyEach">;
  /** Asked whether a team's plan is live, when a reminder is on someone else's (team) task. */
  gate: PlanGate;
  logger: Logger;
};

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The zone a person's reminder texts are written in: their time zone setting (Settings → Planning),
 * else the zone their analytics were last counted in (their browser's), else UTC.
 */
export function reminderZone(planningZone: unknown, rollupZone: unknown): string {
  for (const z of [planningZone, rollupZone])
    if (typeof z === "string" && z !== "" && isTimeZone(z)) return z;
  return "UTC";
}

/** "Saturday 28 November, 11:46" in the person's zone; "UTC" is said when that is the zone. */
export function whenInWords(d: Date, zone: string, now: Date): string {
  const words = instantInWords(d, zone, now);
  return zone === "UTC" || zone === "Etc/UTC" ? `${words} UTC` : words;
}

/** The body of a delivered reminder: late or not, and the task's deadline if it has one. */
export function reminderBody(o: {
  late: boolean;
  dueAt: Date;
  deadline: Date | null;
  zone: string;
  now: Date;
}): string {
  return [
    o.late ? `Late: it was set for ${whenInWords(o.dueAt, o.zone, o.now)}.` : "",
    o.deadline ? `Due ${whenInWords(o.deadline, o.zone, o.now)}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

type Push = { userId: string; message: PushMessage };

async function canSee(
  tx: Parameters<typeof accessTask>[0]["conn"],
  gate: PlanGate,
  personId: string,
  taskId: string,
) {
  try {
    await accessTask({ conn: tx, gate, personId, taskId, action: "task.read" });
    return true;
  } catch {
    return false;
  }
}

/** Fires what is due at `now`; answers how many reminders were delivered and how many listed as missed. */
export async function fireDueReminders(
  deps: ReminderSweepDeps,
  now: Date,
): Promise<{ fired: number; missed: number }> {
  const totals = { fired: 0, missed: 0 };
  // The mail of earlier batches leaves beside the next claims; the pass ends once it has been tried.
  let mailing: Promise<void> = Promise.resolve();
  for (;;) {
    const batch = { fired: 0, missed: 0, mailed: false, pushes: [] as Push[] };
    const claimed = await deps.events.afterCommit(() =>
      deps.db.transaction(async (tx) => {
        const at = now.toISOString();
        const rows = rowsOf(
          await tx.execute(sql`
            update task_reminders r
               set fired_at = ${at}::timestamptz
              from tasks t, "user" u
             where r.id in (select id from task_reminders
                             where fired_at is null and due_at <= ${at}::timestamptz
                             order by due_at
                             limit ${BATCH}
                               for update skip locked)
               and t.id = r.task_id and u.id = r.user_id
            returning r.id, r.user_id, r.task_id, r.due_at, t.user_id as owner_id, t.title, t.completed, t.deadline,
                      u.email, u.preferences,
                      (select ps.preferences->>'timeZone' from planner_state ps where ps.user_id = r.user_id) as planning_zone,
                      (select a.time_zone from analytics_totals a where a.user_id = r.user_id) as rollup_zone`),
        );
        // The whole batch's notifications and mail are written with one statement each.
        const notes: NewNotification[] = [];
        const mails: QueuedMail[] = [];
        for (const row of rows) {
          if (row.completed === true) continue; // a done task needs no reminding
          const id = String(row.id);
          const userId = String(row.user_id);
          // On someone else's task (a team's), only while the person may still see it: one who left
          // the team is not told its title. Such a reminder is consumed silently.
          if (String(row.owner_id) !== userId && !(await canSee(tx, deps.gate, userId, String(row.task_id))))
            continue;
          const taskTitle = String(row.title);
          const dueAt = new Date(row.due_at as string | Date);
          const deadline = row.deadline ? new Date(row.deadline as string | Date) : null;
          const link = taskPath(String(row.task_id));
          const firing = firingOf(dueAt, now);
          const zone = reminderZone(row.planning_zone, row.rollup_zone);
          if (firing === "missed") {
            batch.missed++;
            notes.push({
              userId,
              kind: "reminder-missed",
              title: `Missed reminder: ${taskTitle}`,
              body: `It was set for ${whenInWords(dueAt, zone, now)}, while Kairo was not running; it was not sent.`,
              link,
              now,
            });
            continue;
          }
          batch.fired++;
          const title = `${firing === "late" ? "Late reminder" : "Reminder"}: ${taskTitle}`;
          const body = reminderBody({ late: firing === "late", dueAt, deadline, zone, now });
          notes.push({ userId, kind: "reminder", title, body, link, reminderId: id, now });
          const prefs = resolvePreferences(row.preferences as never);
          if (prefs.notifications.email)
            mails.push({
              // Once per firing: a snoozed reminder fires again under a new key.
              idempotencyKey: `reminder:${id}:${dueAt.toISOString()}`,
              userId,
              to: String(row.email),
              subject: `Kairo: ${title}`.slice(0, 200),
              text: `${title}. ${body}`,
              html: `<p>${escapeHtml(title)}. ${escapeHtml(body)}</p>`,
            });
          if (prefs.notifications.desktop)
            batch.pushes.push({
              userId,
              message: {
                id: `reminder-${id}-${dueAt.getTime()}`,
                kind: "reminder",
                title: title.slice(0, 200),
                body: body.slice(0, 1000),
                url: link,
              },
            });
        }
        const dtos = await insertNotifications(tx, notes);
        for (const [i, dto] of dtos.entries()) announceNotification(deps.events, notes[i]!.userId, dto);
        await deps.mail.enqueueAll(tx, mails);
        batch.mailed = mails.length > 0;
        return rows.length;
      }),
    );
    totals.fired += batch.fired;
    totals.missed += batch.missed;
    if (batch.mailed) mailing = deps.mail.kick();
    if (batch.pushes.length > 0)
      await deps.push
        .notifyEach(batch.pushes)
        .catch((err) =>
          deps.logger.error({ err, reminders: batch.pushes.length }, "reminder pushes not queued"),
        );
    if (claimed < BATCH) {
      await mailing;
      return totals;
    }
  }
}

/** Every instance, every `everySeconds`: a reminder fires within that of its time (decision 246). */
export function reminderSweepJob(deps: ReminderSweepDeps & { everySeconds: number }) {
  return defineJob({
    name: REMINDER_SWEEP_JOB,
    payload: z.object({}).strict(),
    everyInstanceSeconds: deps.everySeconds,
    async handler(_payload, { now, log }) {
      const { fired, missed } = await fireDueReminders(deps, now);
      if (fired + missed > 0) log.info({ fired, missed }, "reminders fired");
    },
  });
}
