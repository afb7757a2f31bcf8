// What the planner is given, read for one person: open tasks they are to do (their own that nobody
// else was given, and team tasks assigned to them: permissions.ts tasksToDo) with their estimates (what is left of
// them), deadlines and priorities; busy time (synced events of connected calendars, a running timer,
// accepted blocks outside the days being planned); the blocks in force (pinned exactly, accepted as
// the plan to repair); the person's estimate-versus-actual interval; the burnout strain. A repeating
// task is one planner task per occurrence in the horizon (the open one and the later rule dates the
// calendar shows; decision 315), keyed by task id and rule date.
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, notExists, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { PlanningPreferences } from "#shared/contracts/planner.ts";
import { occurrenceTasks, planKeyOf } from "#shared/domain/planner/occurrences.ts";
import type {
  BusyInterval,
  EstimateInterval,
  FixedBlock,
  PlanHorizon,
  PlannerInput,
  PlannerTask,
} from "#shared/domain/planner/types.ts";
import type { TaskPriority } from "#shared/domain/tasks.ts";
import type { Db } from "../../db/client.ts";
import { calendarConnections, syncedEvents } from "../../db/schema/calendar.ts";
import { type PlanBlockRow, planBlockEvents, planBlocks } from "../../db/schema/planner.ts";
import { taskOccurrences, tasks, timeLogs } from "../../db/schema/tasks.ts";
import { keptSeriesDates } from "../analytics/calendar-items.ts";
import { tasksToDo } from "../permissions/permissions.ts";
import { asWorking, type Strain } from "./planning-preferences.ts";

const MINUTE = 60_000;
/** Categories whose work is demanding (deep work): planned in focus hours first. */
const DEMANDING = new Set(["Development", "Design", "Research"]);
/** An open task whose tracked time already reaches its estimate still gets this much planned. */
const LEFT_WHEN_OVER_ESTIMATE = 15;

export type OpenTask = {
  id: string;
  title: string;
  estimatedMinutes: number;
  actualMinutes: number;
  deadline: Date | null;
  priority: string;
  priorityScore: number;
  category: string;
  recurrenceRule: string | null;
  recurrenceStart: string | null;
  recurrenceTimeZone: string | null;
  recurrenceAfterCompletion: boolean;
  occurrenceDue: Date | null;
  seriesTitle: string | null;
};

/** The series' recurrence when the task repeats (its open occurrence known), else null. */
export function recurrenceOfTask(t: OpenTask) {
  if (!t.recurrenceRule || !t.recurrenceStart || !t.recurrenceTimeZone || !t.occurrenceDue) return null;
  return {
    rrule: t.recurrenceRule,
    start: t.recurrenceStart,
    timeZone: t.recurrenceTimeZone,
    afterCompletion: t.recurrenceAfterCompletion,
  };
}

/**
 * The planner's id of a stored block (decision 315): its task's, or for a repeating task the
 * occurrence's; null when the block is released (its task done or gone, or its occurrence done or
 * skipped: the series' open occurrence moved past it). A block stored before occurrences were
 * planned belongs to the open occurrence.
 */
export function blockKey(
  b: { taskId: string; occurrenceDue: Date | null },
  open: ReadonlyMap<string, Pick<OpenTask, "occurrenceDue" | "recurrenceRule">>,
): string | null {
  const t = open.get(b.taskId);
  if (!t) return null;
  if (!t.recurrenceRule || !t.occurrenceDue) return b.taskId;
  const due = b.occurrenceDue ?? t.occurrenceDue;
  if (due.getTime() < t.occurrenceDue.getTime()) return null;
  return planKeyOf(b.taskId, due.getTime());
}

export async function openTasks(db: Db, userId: string): Promise<OpenTask[]> {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      estimatedMinutes: tasks.estimatedMinutes,
      actualMinutes: tasks.actualMinutes,
      deadline: tasks.deadline,
      priority: tasks.priority,
      priorityScore: tasks.priorityScore,
      category: tasks.category,
      recurrenceRule: tasks.recurrenceRule,
      recurrenceStart: tasks.recurrenceStart,
      recurrenceTimeZone: tasks.recurrenceTimeZone,
      recurrenceAfterCompletion: tasks.recurrenceAfterCompletion,
      occurrenceDue: tasks.occurrenceDue,
      seriesTitle: tasks.seriesTitle,
    })
    .from(tasks)
    .where(and(tasksToDo(db, userId), eq(tasks.completed, false)))
    .orderBy(asc(tasks.createdAt))
    .limit(1000);
}

/** Minutes still to plan: the estimate less the time tracked (never under 15), null with none. */
export function minutesLeft(t: Pick<OpenTask, "estimatedMinutes" | "actualMinutes">): number | null {
  if (t.estimatedMinutes <= 0) return null;
  const left = t.estimatedMinutes - Math.max(0, t.actualMinutes);
  return Math.max(LEFT_WHEN_OVER_ESTIMATE, Math.ceil(left / 5) * 5);
}

/** Synced events of connected calendars overlapping [from, to). */
export async function busyEvents(db: Db, userId: string, from: Date, to: Date) {
  const rows = await db
    .select({
      id: syncedEvents.id,
      title: syncedEvents.title,
      start: syncedEvents.startTime,
      end: syncedEvents.endTime,
    })
    .from(syncedEvents)
    .innerJoin(
      calendarConnections,
      and(eq(calendarConnections.id, syncedEvents.connectionId), eq(calendarConnections.isActive, true)),
    )
    .where(
      and(
        eq(syncedEvents.userId, userId),
        isNotNull(syncedEvents.endTime),
        lt(syncedEvents.startTime, to),
        gt(syncedEvents.endTime, from),
        // Kairo's own plan-block events are the blocks themselves, not busy time (decision 187).
        notExists(
          db
            .select({ one: sql`1` })
            .from(planBlockEvents)
            .where(
              and(
                eq(planBlockEvents.connectionId, syncedEvents.connectionId),
                eq(planBlockEvents.eventId, syncedEvents.externalId),
              ),
            ),
        ),
        sql`(${syncedEvents.rawData} #>> '{extendedProperties,private,kairoBlockId}') is null`,
      ),
    )
    .orderBy(asc(syncedEvents.startTime))
    .limit(2000);
  return rows.map((r) => ({ id: r.id, title: r.title, start: r.start.getTime(), end: r.end!.getTime() }));
}

/** The 10th and 90th percentile of actual/estimate over completed tasks (at least 5 of them). */
export async function estimateInterval(db: Db, userId: string): Promise<EstimateInterval | null> {
  const rows = await db
    .select({ ratio: sql<number>`${tasks.actualMinutes}::float8 / ${tasks.estimatedMinutes}` })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.completed, true),
        gt(tasks.estimatedMinutes, 0),
        gt(tasks.actualMinutes, 0),
      ),
    )
    .orderBy(sql`${tasks.completedAt} desc nulls last`)
    .limit(200);
  const ratios = rows.map((r) => Number(r.ratio)).sort((a, b) => a - b);
  if (ratios.length < 5) return null;
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
  return { low: at(0.1), high: Math.min(at(0.9), 3) };
}

export async function blocksInForce(db: Db, userId: string, after: Date): Promise<PlanBlockRow[]> {
  return db
    .select()
    .from(planBlocks)
    .where(
      and(
        eq(planBlocks.userId, userId),
        inArray(planBlocks.state, ["accepted", "pinned"]),
        gt(planBlocks.endTime, after),
      ),
    )
    .orderBy(asc(planBlocks.startTime))
    .limit(2000);
}

/** Rule dates of these series skipped ahead of time inside the span, by task. */
async function skippedDates(db: Db, ids: string[], span: { start: number; end: number }) {
  const out = new Map<string, number[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ taskId: taskOccurrences.taskId, dueAt: taskOccurrences.dueAt })
    .from(taskOccurrences)
    .where(
      and(
        inArray(taskOccurrences.taskId, ids),
        eq(taskOccurrences.outcome, "skipped"),
        gte(taskOccurrences.dueAt, new Date(span.start)),
        lt(taskOccurrences.dueAt, new Date(span.end)),
      ),
    );
  for (const r of rows) out.set(r.taskId, [...(out.get(r.taskId) ?? []), r.dueAt.getTime()]);
  return out;
}

export function horizonSpan(h: PlanHorizon, zone: string) {
  const start = DateTime.fromISO(h.startDate, { zone }).startOf("day");
  return { start: start.toMillis(), end: start.plus({ days: h.days }).toMillis() };
}

export type Gathered = {
  input: PlannerInput;
  /** Titles by planner id (a task's, or an occurrence's key). */
  titles: Map<string, string>;
  open: OpenTask[];
  /** Accepted and pinned blocks inside the horizon and not started: the plan the preview is diffed against. */
  current: FixedBlock[];
  events: { id: string; title: string; start: number; end: number }[];
};

export async function gatherInputs(
  db: Db,
  userId: string,
  prefs: PlanningPreferences,
  strain: Strain | null,
  horizon: PlanHorizon,
  now: Date,
): Promise<Gathered> {
  const span = horizonSpan(horizon, prefs.timeZone);
  const nowMs = now.getTime();
  const [open, events, inForce, interval, running] = await Promise.all([
    openTasks(db, userId),
    busyEvents(db, userId, new Date(Math.min(nowMs, span.start)), new Date(span.end)),
    blocksInForce(db, userId, now),
    estimateInterval(db, userId),
    db
      .select({ start: timeLogs.startTime })
      .from(timeLogs)
      .where(and(eq(timeLogs.userId, userId), isNull(timeLogs.endTime)))
      .limit(1),
  ]);
  // The units planned: each open task, or each occurrence of a repeating one in the horizon.
  const skipped = await skippedDates(
    db,
    open.filter((t) => recurrenceOfTask(t)).map((t) => t.id),
    span,
  );
  const units: { task: PlannerTask; of: OpenTask }[] = [];
  for (const t of open) {
    const base = {
      title: t.title,
      priority: t.priority as TaskPriority,
      priorityScore: t.priorityScore,
      demanding: DEMANDING.has(t.category),
    };
    const r = recurrenceOfTask(t);
    if (!r) {
      units.push({
        task: {
          ...base,
          id: t.id,
          estimateMinutes: minutesLeft(t),
          deadline: t.deadline ? t.deadline.getTime() : null,
        },
        of: t,
      });
      continue;
    }
    const series = occurrenceTasks(
      {
        ...base,
        taskId: t.id,
        recurrence: r,
        openDue: t.occurrenceDue!.getTime(),
        openDeadline: t.deadline ? t.deadline.getTime() : null,
        openEstimateMinutes: minutesLeft(t),
        estimateMinutes: t.estimatedMinutes > 0 ? t.estimatedMinutes : null,
        skipped: skipped.get(t.id) ?? [],
      },
      span,
      (rule, from, to) => keptSeriesDates(t.id, rule, new Date(from), new Date(to)),
    );
    for (const u of series) units.push({ task: u, of: t });
  }
  const titles = new Map(units.map((u) => [u.task.id, u.task.title]));
  const openById = new Map(open.map((t) => [t.id, t]));
  const busy: BusyInterval[] = events.map((e) => ({ start: e.start, end: e.end, label: e.title }));
  // A running timer: the person is working now, for at least the next 5 minutes.
  for (const r of running)
    busy.push({ start: r.start.getTime(), end: nowMs + 5 * MINUTE, label: "your timer" });

  const pinned: FixedBlock[] = [];
  const previous: FixedBlock[] = [];
  const used = new Map<string, number>();
  for (const b of inForce) {
    const start = b.startTime.getTime();
    const end = b.endTime.getTime();
    const key = blockKey(b, openById);
    if (key === null) continue; // its task or occurrence is done or gone: the block is released
    const inside = start >= nowMs && start >= span.start && end <= span.end && titles.has(key);
    if (inside) {
      (b.state === "pinned" ? pinned : previous).push({ id: b.id, taskId: key, start, end });
    } else {
      // Started already, on other days, or for an occurrence after the horizon: busy here, and its
      // time is not planned again.
      busy.push({ start, end, label: titles.get(key) ?? openById.get(b.taskId)!.title });
      used.set(key, (used.get(key) ?? 0) + (end - Math.max(start, nowMs)) / MINUTE);
    }
  }

  const plannerTasks: PlannerTask[] = [];
  for (const { task } of units) {
    let estimate = task.estimateMinutes;
    const elsewhere = used.get(task.id) ?? 0;
    if (estimate !== null && elsewhere > 0) {
      const left = Math.floor((estimate - elsewhere) / 5) * 5;
      if (left <= 0) continue; // planned in full on other days
      estimate = left;
    }
    plannerTasks.push({ ...task, estimateMinutes: estimate });
  }

  return {
    input: {
      now: nowMs,
      horizon,
      tasks: plannerTasks,
      preferences: asWorking(prefs),
      busy,
      pinned,
      previous,
      estimateInterval: interval,
      strain,
    },
    titles,
    open,
    current: [...pinned, ...previous],
    events,
  };
}
