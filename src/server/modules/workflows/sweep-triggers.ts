// The sweep's triggers: due schedules and calendar events, fired fairly across people (issue 22
// points 2 and 3). Each minute a person gets at most SWEEP_TRIGGERS_PER_PERSON of their due
// triggers fired, fewer when their run budget is nearly spent, oldest due first; the rest wait for
// a later minute (a schedule then fires its latest due time only). What their plan keeps paused
// fires nothing: a due schedule just moves on to its next time, so a lapsed plan writes no run.
// Candidates come from two bounded statements (schedules, calendar pairs), the plans of all the
// people concerned from one, their budgets from one; writes go in pages, each one transaction that
// records the trigger event and its run together, and the runs are queued with the lightest
// users' first.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { TriggerConfigs } from "#shared/contracts/workflows.ts";
import { latestRun, nextRuns, SWEEP_TRIGGERS_PER_PERSON } from "#shared/domain/workflow-rules.ts";
import type { Db } from "../../db/client.ts";
import { syncedEvents } from "../../db/schema/calendar.ts";
import {
  type NewWorkflowEvent,
  type WorkflowEvent,
  workflowEvents,
  workflowExecutions,
  workflows,
} from "../../db/schema/workflows.ts";
import { activeWorkflowRank } from "../entitlements/entitlements.ts";
import type { EngineContext } from "./engine-context.ts";
import { budgetLeft, runPriority, runsUsed } from "./run-budget.ts";
import { describeEvent } from "./trigger-match.ts";

/** Candidates read per minute, of each kind: a bound on the sweep's work whatever the backlog. */
const READ_LIMIT = 5000;
/**
 * Candidates read per person: more than the quota, so that workflows their plan keeps paused (which
 * fire nothing) cannot use up the places of the ones that run.
 */
const READ_PER_PERSON = 3 * SWEEP_TRIGGERS_PER_PERSON;
/**
 * Triggers written per transaction: the first pages small, so the lightest people's runs (written
 * first) are queued within moments of the sweep's start, then growing to this.
 */
const WRITE_PAGE = 200;
const FIRST_PAGE = 10;
/** How far back the sweep looks for newly synced calendar events. */
const NEW_EVENT_WINDOW_MS = 24 * 3_600_000;

type Candidate = {
  workflowId: string;
  userId: string;
  name: string;
  /** Its place among the person's active workflows, oldest first (the plan's rule asks it). */
  rank: number;
  /** When it fell due: the order in which a person's triggers are fired. */
  due: Date;
  /** The trigger event to record when it fires. */
  event: Pick<NewWorkflowEvent, "type" | "payload" | "dedupeKey">;
  /** Schedules only: where next_run_at moves once this due time is dealt with. */
  nextRunAt?: Date;
};

export async function fireDueTriggers(ctx: EngineContext, now: Date): Promise<void> {
  const candidates = [...(await dueSchedules(ctx.db, now)), ...(await calendarCandidates(ctx.db, now))];
  const people = [...new Set(candidates.map((c) => c.userId))];
  const [plans, used] = await Promise.all([
    ctx.entitlements.forPeople(people),
    runsUsed(ctx.db, people, now),
  ]);
  const byPerson = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const list = byPerson.get(c.userId);
    if (list) list.push(c);
    else byPerson.set(c.userId, [c]);
  }
  const fire: Candidate[] = [];
  const moveOn: Candidate[] = [];
  let deferred = 0;
  let pausedByPlan = 0;
  for (const [person, list] of byPerson) {
    const plan = plans.get(person)!;
    let quota = Math.min(SWEEP_TRIGGERS_PER_PERSON, budgetLeft(used.get(person) ?? 0));
    for (const c of list.sort((a, b) => a.due.getTime() - b.due.getTime())) {
      if (plan.workflowPause(c.rank) !== null) {
        pausedByPlan += 1;
        if (c.nextRunAt) moveOn.push(c);
      } else if (quota > 0) {
        quota -= 1;
        fire.push(c);
      } else {
        deferred += 1;
      }
    }
  }
  // A person's runs queue behind those of people who used and want less: what they used this
  // minute plus how many of their triggers fell due (a crowd of due schedules is a heavy account
  // even in its first minute). The lightest go first, page by page: their triggers are written in
  // the first pages and their runs queued as each page commits.
  const priority = (userId: string) =>
    runPriority((used.get(userId) ?? 0) + (byPerson.get(userId)?.length ?? 0));
  fire.sort((a, b) => priority(b.userId) - priority(a.userId));
  const told = new Set<string>();
  for (let i = 0, size = FIRST_PAGE; i < fire.length; i += size, size = Math.min(WRITE_PAGE, size * 2)) {
    const queued = await writePage(ctx.db, fire.slice(i, i + size), [], now);
    for (const q of queued) {
      told.add(q.userId);
      await ctx
        .send(q.id, undefined, priority(q.userId))
        .catch((err) => ctx.log.warn({ err, executionId: q.id }, "run not queued; the sweep will send it"));
    }
  }
  for (let i = 0; i < moveOn.length; i += WRITE_PAGE) {
    await writePage(ctx.db, [], moveOn.slice(i, i + WRITE_PAGE), now);
  }
  ctx.changed(told);
  if (deferred > 0)
    ctx.log.info(
      { fired: fire.length, deferred, pausedByPlan },
      "sweep deferred triggers past the per-person budget",
    );
}

/**
 * Records the fired triggers' events with their runs (a second sweep of the same due time finds
 * the event's dedupe key taken and records nothing), and moves each schedule to its next time.
 */
async function writePage(db: Db, fire: Candidate[], moveOn: Candidate[], now: Date) {
  return db.transaction(async (tx) => {
    const queued: { id: string; userId: string }[] = [];
    if (fire.length > 0) {
      const events = await tx
        .insert(workflowEvents)
        .values(
          fire.map((c) => ({
            ...c.event,
            userId: c.userId,
            workflowId: c.workflowId,
            createdAt: now,
            // Dispatched here and now: the run is written beside it.
            dispatchedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning();
      const names = new Map(fire.map((c) => [c.workflowId, c.name]));
      if (events.length > 0) {
        const runs = await tx
          .insert(workflowExecutions)
          .values(
            events.map((ev: WorkflowEvent) => ({
              workflowId: ev.workflowId,
              workflowName: names.get(ev.workflowId!) ?? "",
              userId: ev.userId,
              eventId: ev.id,
              depth: ev.depth,
              trigger: describeEvent(ev),
              status: "queued",
              createdAt: now,
              startedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: workflowExecutions.id, userId: workflowExecutions.userId });
        queued.push(...runs);
      }
    }
    const schedules = [...fire, ...moveOn].filter((c) => c.nextRunAt);
    if (schedules.length > 0) {
      const moves = sql.join(
        schedules.map((c) => sql`(${c.workflowId}::uuid, ${c.nextRunAt!.toISOString()}::timestamptz)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${workflows} set next_run_at = moves.next
        from (values ${moves}) as moves(id, next)
        where ${workflows.id} = moves.id`);
    }
    return queued;
  });
}

/** Due schedules, at most READ_PER_PERSON per person, oldest due first. */
async function dueSchedules(db: Db, now: Date): Promise<Candidate[]> {
  const due = db
    .select({
      id: workflows.id,
      userId: workflows.userId,
      name: workflows.name,
      triggerConfig: workflows.triggerConfig,
      createdAt: workflows.createdAt,
      nextRunAt: workflows.nextRunAt,
      k: sql<number>`row_number() over (partition by ${workflows.userId} order by ${workflows.nextRunAt}, ${workflows.id})`.as(
        "k",
      ),
    })
    .from(workflows)
    .where(
      and(
        eq(workflows.isActive, true),
        eq(workflows.triggerType, "time_based"),
        lte(workflows.nextRunAt, now),
      ),
    )
    .as("due");
  const rows = await db
    .select({
      id: due.id,
      userId: due.userId,
      name: due.name,
      triggerConfig: due.triggerConfig,
      nextRunAt: due.nextRunAt,
      rank: activeWorkflowRank({ from: "due", userId: "user_id", createdAt: "created_at", id: "id" }),
    })
    .from(due)
    .where(lte(due.k, READ_PER_PERSON))
    .orderBy(asc(due.nextRunAt), asc(due.id))
    .limit(READ_LIMIT);
  return rows.map((wf) => {
    const cfg = wf.triggerConfig as TriggerConfigs["time_based"];
    const at = latestRun(cfg.schedule, cfg.timeZone, now);
    return {
      workflowId: wf.id,
      userId: wf.userId,
      name: wf.name,
      rank: wf.rank,
      due: wf.nextRunAt!,
      event: {
        type: "schedule.due",
        payload: { dueAt: at.toISOString() },
        dedupeKey: `schedule:${wf.id}:${at.toISOString()}`,
      },
      nextRunAt: nextRuns(cfg.schedule, cfg.timeZone, now, 1)[0]!,
    };
  });
}

/**
 * Calendar triggers over the synced events, in one statement: each pair of an active calendar
 * workflow and a synced event it fires for (starting within its minutes, or new since it was made
 * and within a day, the keyword in the title) that has not fired yet (its dedupe key is not taken),
 * at most READ_PER_PERSON per person, those that fell due first.
 */
async function calendarCandidates(db: Db, now: Date): Promise<Candidate[]> {
  const cfg = workflows.triggerConfig;
  const startsWithin = sql`${cfg}->>'kind' = 'starts_within'`;
  const window = sql`((${cfg}->>'minutes')::int * interval '1 minute')`;
  const keyword = sql`${cfg}->>'keyword'`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  // The key's instant is written as JavaScript's toISOString writes it (earlier sweeps made them so).
  const startIso = sql`to_char(${syncedEvents.startTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const dedupe = sql<string>`case when ${startsWithin}
    then 'cal-start:' || ${workflows.id} || ':' || ${syncedEvents.id} || ':' || ${startIso}
    else 'cal-new:' || ${workflows.id} || ':' || ${syncedEvents.id} end`;
  const dueAt = sql`case when ${startsWithin} then ${syncedEvents.startTime} - ${window} else ${syncedEvents.createdAt} end`;
  const pairs = db
    .select({
      workflowId: sql<string>`${workflows.id}`.as("workflow_id"),
      userId: workflows.userId,
      name: workflows.name,
      workflowCreatedAt: sql`${workflows.createdAt}`.as("workflow_created_at"),
      startsWithin: sql<boolean>`${startsWithin}`.as("starts_within"),
      syncedEventId: sql<string>`${syncedEvents.id}`.as("synced_event_id"),
      title: syncedEvents.title,
      startTime: syncedEvents.startTime,
      dedupeKey: dedupe.as("dedupe_key"),
      dueAt: dueAt.mapWith(syncedEvents.startTime).as("due_at"),
      k: sql<number>`row_number() over (partition by ${workflows.userId} order by ${dueAt}, ${syncedEvents.id}, ${workflows.id})`.as(
        "k",
      ),
    })
    .from(workflows)
    .innerJoin(syncedEvents, eq(syncedEvents.userId, workflows.userId))
    .where(
      and(
        eq(workflows.isActive, true),
        eq(workflows.triggerType, "calendar_event"),
        sql`(
          (${startsWithin} and ${syncedEvents.startTime} > ${nowAt} and ${syncedEvents.startTime} <= ${nowAt} + ${window})
          or (not ${startsWithin} and ${syncedEvents.createdAt} >= ${workflows.createdAt}
              and ${syncedEvents.createdAt} >= ${new Date(now.getTime() - NEW_EVENT_WINDOW_MS).toISOString()}::timestamptz)
        )`,
        sql`(${keyword} is null or strpos(lower(${syncedEvents.title}), lower(${keyword})) > 0)`,
        sql`not exists (select 1 from ${workflowEvents} where ${workflowEvents.dedupeKey} = ${dedupe})`,
      ),
    )
    .as("pairs");
  const rows = await db
    .select({
      workflowId: pairs.workflowId,
      userId: pairs.userId,
      name: pairs.name,
      startsWithin: pairs.startsWithin,
      syncedEventId: pairs.syncedEventId,
      title: pairs.title,
      startTime: pairs.startTime,
      dedupeKey: pairs.dedupeKey,
      dueAt: pairs.dueAt,
      rank: activeWorkflowRank({
        from: "pairs",
        userId: "user_id",
        createdAt: "workflow_created_at",
        id: "workflow_id",
      }),
    })
    .from(pairs)
    .where(lte(pairs.k, READ_PER_PERSON))
    .orderBy(asc(pairs.dueAt), asc(pairs.syncedEventId))
    .limit(READ_LIMIT);
  return rows.map((r) => ({
    workflowId: r.workflowId,
    userId: r.userId,
    name: r.name,
    rank: r.rank,
    due: r.dueAt,
    event: {
      type: r.startsWithin ? "calendar.starts" : "calendar.new",
      payload: { syncedEventId: r.syncedEventId, title: r.title, startTime: r.startTime.toISOString() },
      dedupeKey: r.dedupeKey,
    },
  }));
}
