// A person's reminders on a task (issue 24 point 6, decision 245): listed, added and removed on a
// task they can see (the permission table's "task.read": reminders are personal, so a viewer of a
// team task sets their own), and snoozed from the notification a fired one raised. Another person's
// reminder is "Reminder not found.", as one that does not exist.
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { resolvePreferences } from "#shared/contracts/preferences.ts";
import {
  type ReminderCreateBody,
  type ReminderDto,
  type ReminderSnoozeBody,
  reminderCapMessage,
} from "#shared/contracts/reminders.ts";
import {
  MAX_REMINDERS_PER_TASK,
  offsetMinutesOf,
  reminderDueAt,
  reminderProblem,
  snoozeUntil,
} from "#shared/domain/reminders.ts";
import { isTimeZone } from "#shared/domain/zoned-time.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { withPersonLock } from "../../db/person-lock.ts";
import { user } from "../../db/schema/auth.ts";
import { type Task, type TaskReminder, taskReminders } from "../../db/schema/tasks.ts";
import type { Clock, Tx } from "../../db/transaction.ts";
import type { PlanGate } from "../permissions/permissions.ts";
import { accessTask } from "../tasks/task-access.ts";

export const REMINDER_NOT_FOUND = "Reminder not found.";

export function toReminderDto(r: TaskReminder): ReminderDto {
  return {
    id: r.id,
    taskId: r.taskId,
    at: r.at?.toISOString() ?? null,
    offsetMinutes: r.offsetMinutes,
    dueAt: r.dueAt?.toISOString() ?? null,
    firedAt: r.firedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

type Common = { db: Db; clock: Clock; gate: PlanGate; personId: string; taskId: string };

function remindersOf(conn: Db | Tx, taskId: string, personId: string) {
  return conn
    .select()
    .from(taskReminders)
    .where(and(eq(taskReminders.taskId, taskId), eq(taskReminders.userId, personId)))
    .orderBy(asc(taskReminders.createdAt), asc(taskReminders.id));
}

/** GET /api/tasks/:id/reminders: the person's own reminders on the task, oldest first. */
export async function listReminders(o: Common): Promise<ReminderDto[]> {
  const { task } = await accessTask({
    conn: o.db,
    gate: o.gate,
    personId: o.personId,
    taskId: o.taskId,
    action: "task.read",
  });
  return (await remindersOf(o.db, task.id, o.personId)).map(toReminderDto);
}

/** POST /api/tasks/:id/reminders: under the person's lock, so the cap holds under concurrent adds. */
export async function addReminder(o: Common & { body: ReminderCreateBody }): Promise<ReminderDto> {
  return withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
    const { task } = await accessTask({
      conn: tx,
      gate: o.gate,
      personId: o.personId,
      taskId: o.taskId,
      action: "task.read",
    });
    const r = {
      at: o.body.at ? new Date(o.body.at) : null,
      offsetMinutes: o.body.before ? offsetMinutesOf(o.body.before.amount, o.body.before.unit) : null,
    };
    const problem = reminderProblem(r, task.deadline, now);
    if (problem)
      throw new AppError("VALIDATION", problem, { fields: { [o.body.at ? "at" : "before"]: problem } });
    const [mine] = await tx
      .select({ n: count() })
      .from(taskReminders)
      .where(and(eq(taskReminders.taskId, task.id), eq(taskReminders.userId, o.personId)));
    if ((mine?.n ?? 0) >= MAX_REMINDERS_PER_TASK) throw new AppError("CONFLICT", reminderCapMessage);
    const [row] = await tx
      .insert(taskReminders)
      .values({
        taskId: task.id,
        userId: o.personId,
        ...r,
        dueAt: reminderDueAt(r, task.deadline),
        createdAt: now,
      })
      .returning();
    return toReminderDto(row!);
  });
}

/** DELETE /api/tasks/:id/reminders/:reminderId: one of the person's own. */
export async function removeReminder(o: Common & { reminderId: string }): Promise<void> {
  await accessTask({ conn: o.db, gate: o.gate, personId: o.personId, taskId: o.taskId, action: "task.read" });
  const removed = await o.db
    .delete(taskReminders)
    .where(
      and(
        eq(taskReminders.id, o.reminderId),
        eq(taskReminders.taskId, o.taskId),
        eq(taskReminders.userId, o.personId),
      ),
    )
    .returning({ id: taskReminders.id });
  if (removed.length === 0) throw new AppError("NOT_FOUND", REMINDER_NOT_FOUND);
}

/**
 * POST /api/reminders/:id/snooze: the reminder fires again at the chosen time ("tomorrow" is 9:00
 * in the browser's zone). It keeps that time when the deadline moves later (decision 246).
 */
export async function snoozeReminder(o: {
  db: Db;
  clock: Clock;
  gate: PlanGate;
  personId: string;
  reminderId: string;
  body: ReminderSnoozeBody;
}): Promise<ReminderDto> {
  const zone = o.body.timeZone ?? "UTC";
  if (o.body.for === "tomorrow" && (!o.body.timeZone || !isTimeZone(o.body.timeZone))) {
    const message =
      "timeZone must be an IANA time zone (such as Europe/Paris) to snooze until tomorrow morning.";
    throw new AppError("VALIDATION", message, { fields: { timeZone: message } });
  }
  return withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
    const [own] = await tx
      .select()
      .from(taskReminders)
      .where(and(eq(taskReminders.id, o.reminderId), eq(taskReminders.userId, o.personId)))
      .limit(1);
    if (!own) throw new AppError("NOT_FOUND", REMINDER_NOT_FOUND);
    // The task must still be one the person may see (a team they left hides it).
    try {
      await accessTask({
        conn: tx,
        gate: o.gate,
        personId: o.personId,
        taskId: own.taskId,
        action: "task.read",
      });
    } catch (err) {
      if (err instanceof AppError && err.code === "NOT_FOUND")
        throw new AppError("NOT_FOUND", REMINDER_NOT_FOUND);
      throw err;
    }
    const [row] = await tx
      .update(taskReminders)
      .set({ dueAt: snoozeUntil(o.body.for, now, zone), firedAt: null, snoozed: true })
      .where(eq(taskReminders.id, own.id))
      .returning();
    return toReminderDto(row!);
  });
}

/**
 * In a task write's transaction, after its deadline changed: every before-the-deadline reminder of
 * the task (everyone's) is due at the new deadline less its offset; one already fired waits again
 * when its new time is still ahead. Snoozed ones keep their time.
 */
export async function followDeadline(tx: Tx, taskId: string, deadline: Date | null, now: Date) {
  const rows = await tx
    .select()
    .from(taskReminders)
    .where(and(eq(taskReminders.taskId, taskId), isNull(taskReminders.at), eq(taskReminders.snoozed, false)));
  for (const r of rows) {
    const dueAt = reminderDueAt(r, deadline);
    const rearm = dueAt !== null && dueAt.getTime() > now.getTime();
    await tx
      .update(taskReminders)
      .set({ dueAt, ...(rearm ? { firedAt: null } : {}) })
      .where(eq(taskReminders.id, r.id));
  }
}

/**
 * In the creating transaction: the person's default reminder (Settings → Notifications) on a new
 * task with a deadline, when its time is still ahead.
 */
export async function addDefaultReminder(tx: Tx, task: Task, personId: string, now: Date) {
  if (!task.deadline) return;
  const [me] = await tx.select({ preferences: user.preferences }).from(user).where(eq(user.id, personId));
  const minutes = resolvePreferences(me?.preferences).defaultReminderMinutes;
  if (minutes === null) return;
  const r = { at: null, offsetMinutes: minutes };
  const dueAt = reminderDueAt(r, task.deadline)!;
  if (dueAt.getTime() <= now.getTime()) return;
  await tx.insert(taskReminders).values({ taskId: task.id, userId: personId, ...r, dueAt, createdAt: now });
}
