// What the planner is given, read for one person: open tasks they are to do (their own that nobody
// else was given, and team tasks assigned to them: permissions.ts tasksToDo) with their estimates (what is left of
// them), deadlines and priorities; busy time (synced events of connected calendars, a running timer,
// accepted blocks outside the days being planned); the blocks in force (pinned exactly, accepted as
// the plan to repair); the person's estimate-versus-actual interval; the burnout strain.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { PlanningPreferences } from "#shared/contracts/planner.ts";
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
import { type PlanBlockRow, planBlocks } from "../../db/schema/planner.ts";
import { tasks, timeLogs } from "../../db/schema/tasks.ts";
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
};

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

export function horizonSpan(h: PlanHorizon, zone: string) {
  const start = DateTime.fromISO(h.startDate, { zone }).startOf("day");
  return { start: start.toMillis(), end: start.plus({ days: h.days }).toMillis() };
}

export type Gathered = {
  input: PlannerInput;
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
  const titles = new Map(open.map((t) => [t.id, t.title]));
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
    if (!titles.has(b.taskId)) continue; // its task is done or gone: the block is released
    const inside = start >= nowMs && start >= span.start && end <= span.end;
    if (inside) {
      (b.state === "pinned" ? pinned : previous).push({ id: b.id, taskId: b.taskId, start, end });
    } else {
      // Started already, or on other days: busy here, and its time is not planned again.
      busy.push({ start, end, label: titles.get(b.taskId) });
      used.set(b.taskId, (used.get(b.taskId) ?? 0) + (end - Math.max(start, nowMs)) / MINUTE);
    }
  }

  const plannerTasks: PlannerTask[] = [];
  for (const t of open) {
    let estimate = minutesLeft(t);
    const elsewhere = used.get(t.id) ?? 0;
    if (estimate !== null && elsewhere > 0) {
      const left = Math.floor((estimate - elsewhere) / 5) * 5;
      if (left <= 0) continue; // planned in full on other days
      estimate = left;
    }
    plannerTasks.push({
      id: t.id,
      title: t.title,
      estimateMinutes: estimate,
      deadline: t.deadline ? t.deadline.getTime() : null,
      priority: t.priority as TaskPriority,
      priorityScore: t.priorityScore,
      demanding: DEMANDING.has(t.category),
    });
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
