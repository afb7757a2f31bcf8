// The planner's objective (docs/decisions/180-planner-objective.md): what a plan costs, lower is
// better. The planner uses it to choose between repairing the previous plan and planning anew; the
// bench scores Kairo's plans and the exact optimum with this one function.
//
// Per minute of task j's work done t hours after the plan starts, with weight w_j:
//   w_j · (DELAY·t + OFF_FOCUS·[j demanding, minute outside focus hours] + LATE·max(0, t − d_j)) / 60
// Minutes left unplanned count as done a day after the horizon ends. Each deadline inside the
// horizon that the plan does not meet adds MISSED·w_j.

import { PRIORITY_POINTS } from "../priority.ts";
import type { PlannerTask } from "./types.ts";
import type { Span } from "./working-time.ts";

export const OBJECTIVE_WEIGHTS = {
  /** Per hour a minute of work waits: orders work by priority. */
  delay: 0.01,
  /** A demanding minute outside focus hours costs as much as 25 hours of waiting. */
  offFocus: 0.25,
  /** Per hour a minute of work is late. */
  late: 1,
  /** Per missed deadline, times the task's weight. */
  missed: 1000,
  /** Unplanned minutes count as done this long after the horizon. */
  unplannedAfterHorizonHours: 24,
} as const;

/** 1 (a low priority, no urgency) to 5 (a score of 100). */
export function taskWeight(task: Pick<PlannerTask, "priority" | "priorityScore">): number {
  const score =
    typeof task.priorityScore === "number" && Number.isFinite(task.priorityScore)
      ? task.priorityScore
      : (PRIORITY_POINTS[task.priority] ?? PRIORITY_POINTS.medium);
  return 1 + Math.min(100, Math.max(0, score)) / 25;
}

export type ObjectiveTask = {
  id: string;
  weight: number;
  /** Minutes the plan should hold (the effective estimate). */
  minutes: number;
  /** Epoch minutes, or null. */
  deadline: number | null;
  demanding: boolean;
};

export type ObjectiveContext = {
  /** Epoch minutes where the plan starts (the clock, or the horizon's first midnight if later). */
  origin: number;
  horizonEnd: number;
  /** Focus windows of every day, merged and sorted, epoch minutes. */
  focus: readonly Span[];
};

export type ObjectiveBlock = { taskId: string; start: number; end: number };

export type ObjectiveValue = {
  total: number;
  /** Ids of tasks whose deadline inside the horizon the plan misses (overdue ones excluded). */
  missed: string[];
  weightedLateness: number;
  unplannedMinutes: number;
  offFocusMinutes: number;
};

function focusMinutesIn(focus: readonly Span[], start: number, end: number): number {
  let sum = 0;
  for (const f of focus) {
    if (f.start >= end) break;
    if (f.end > start) sum += Math.min(end, f.end) - Math.max(start, f.start);
  }
  return sum;
}

/** The exact cost of a block; the bench's solver uses the same function per time slot. */
export function blockCost(ctx: ObjectiveContext, task: ObjectiveTask, start: number, end: number): number {
  const W = OBJECTIVE_WEIGHTS;
  const len = end - start;
  const meanHours = ((start + end) / 2 - ctx.origin) / 60;
  let cost = W.delay * meanHours * (len / 60);
  if (task.demanding) cost += (W.offFocus * (len - focusMinutesIn(ctx.focus, start, end))) / 60;
  if (task.deadline !== null && end > task.deadline) {
    const from = Math.max(start, task.deadline);
    cost += (W.late * ((end - task.deadline) ** 2 - (from - task.deadline) ** 2)) / 2 / 3600;
  }
  return task.weight * cost;
}

/** The cost of one unplanned minute of a task. */
export function unplannedMinuteCost(ctx: ObjectiveContext, task: ObjectiveTask): number {
  const W = OBJECTIVE_WEIGHTS;
  const at = ctx.horizonEnd + W.unplannedAfterHorizonHours * 60;
  const late = task.deadline === null ? 0 : Math.max(0, at - task.deadline) / 60;
  return (task.weight * (W.delay * ((at - ctx.origin) / 60) + W.late * late)) / 60;
}

/** Whether a missed deadline of this task counts (inside the horizon, not already past). */
export const deadlineCounts = (ctx: ObjectiveContext, task: ObjectiveTask) =>
  task.deadline !== null && task.deadline > ctx.origin && task.deadline <= ctx.horizonEnd;

export function objectiveOf(
  ctx: ObjectiveContext,
  tasks: readonly ObjectiveTask[],
  blocks: readonly ObjectiveBlock[],
): ObjectiveValue {
  const byTask = new Map<string, ObjectiveBlock[]>();
  for (const b of blocks) {
    const list = byTask.get(b.taskId);
    if (list) list.push(b);
    else byTask.set(b.taskId, [b]);
  }
  let total = 0;
  let weightedLateness = 0;
  let unplannedMinutes = 0;
  let offFocusMinutes = 0;
  const missed: string[] = [];
  for (const t of tasks) {
    const own = byTask.get(t.id) ?? [];
    let placed = 0;
    let lastEnd = Number.NEGATIVE_INFINITY;
    for (const b of own) {
      total += blockCost(ctx, t, b.start, b.end);
      placed += b.end - b.start;
      lastEnd = Math.max(lastEnd, b.end);
      if (t.demanding) offFocusMinutes += b.end - b.start - focusMinutesIn(ctx.focus, b.start, b.end);
      if (t.deadline !== null && b.end > t.deadline) {
        const from = Math.max(b.start, t.deadline);
        weightedLateness += (t.weight * ((b.end - t.deadline) ** 2 - (from - t.deadline) ** 2)) / 2 / 3600;
      }
    }
    const left = Math.max(0, t.minutes - placed);
    unplannedMinutes += left;
    total += left * unplannedMinuteCost(ctx, t);
    if (left > 0 && t.deadline !== null) {
      const at = ctx.horizonEnd + OBJECTIVE_WEIGHTS.unplannedAfterHorizonHours * 60;
      weightedLateness += (t.weight * left * Math.max(0, at - t.deadline)) / 3600;
    }
    if (deadlineCounts(ctx, t) && (left > 0 || lastEnd > t.deadline!)) {
      missed.push(t.id);
      total += OBJECTIVE_WEIGHTS.missed * t.weight;
    }
  }
  return { total, missed, weightedLateness, unplannedMinutes, offFocusMinutes };
}
