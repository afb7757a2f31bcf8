// The computed priority score that orders the task list (tasks.priority_score), 0 to 100 with two
// decimals. It is the sum of four parts, chosen so an explicit choice dominates and the rest breaks ties:
//   explicit priority  low 10, medium 25, high 40, urgent 55 points;
//   deadline           30 when due now or overdue, falling linearly to 0 at 14 days away (about 27.9
//                      when due in 24 hours); no deadline gives 0;
//   effort             5 for tasks of 15 minutes or less, falling linearly to 0 at 240 minutes, so quick
//                      wins surface;
//   age                0 when created, growing linearly to 10 at 30 days old, so old tasks do not rot.
// Completed tasks score 0. Each part is monotonic, so sooner, higher, older and shorter never rank lower.

import type { TaskPriority } from "./tasks.ts";

export const PRIORITY_POINTS: Readonly<Record<TaskPriority, number>> = {
  low: 10,
  medium: 25,
  high: 40,
  urgent: 55,
};

export const PRIORITY_WEIGHTS = {
  deadlineMax: 30,
  deadlineHorizonHours: 14 * 24,
  effortMax: 5,
  effortQuickMinutes: 15,
  effortLongMinutes: 240,
  ageMax: 10,
  ageSaturationDays: 30,
} as const;

export const PRIORITY_FORMULA_SUMMARY =
  "The priority score (0 to 100) adds the chosen priority (low 10, medium 25, high 40, urgent 55 points), " +
  "deadline proximity (30 points when due now or overdue, falling linearly to 0 at 14 days away), " +
  "a quick-win bonus (5 points for tasks of 15 minutes or less, falling to 0 at 4 hours) and age " +
  "(up to 10 points, growing over the first 30 days), and completed tasks score 0.";

export type PriorityInput = {
  deadline: Date | null;
  estimatedMinutes: number;
  createdAt: Date;
  priority: TaskPriority;
  completed: boolean;
};

export type PriorityBreakdown = {
  priority: number;
  deadline: number;
  effort: number;
  age: number;
  total: number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const round2 = (n: number) => Math.round(n * 100) / 100;

function deadlinePoints(deadline: Date | null, now: Date): number {
  const { deadlineMax, deadlineHorizonHours } = PRIORITY_WEIGHTS;
  if (deadline === null) return 0;
  const hoursLeft = (deadline.getTime() - now.getTime()) / HOUR_MS;
  // An unparseable deadline says nothing about urgency.
  if (Number.isNaN(hoursLeft)) return 0;
  if (hoursLeft <= 0) return deadlineMax;
  return deadlineMax * clamp(1 - hoursLeft / deadlineHorizonHours, 0, 1);
}

function effortPoints(estimatedMinutes: number): number {
  const { effortMax, effortQuickMinutes, effortLongMinutes } = PRIORITY_WEIGHTS;
  if (!Number.isFinite(estimatedMinutes)) return 0;
  const share = (effortLongMinutes - estimatedMinutes) / (effortLongMinutes - effortQuickMinutes);
  return effortMax * clamp(share, 0, 1);
}

function agePoints(createdAt: Date, now: Date): number {
  const { ageMax, ageSaturationDays } = PRIORITY_WEIGHTS;
  const days = (now.getTime() - createdAt.getTime()) / DAY_MS;
  if (Number.isNaN(days)) return 0;
  return ageMax * clamp(days / ageSaturationDays, 0, 1);
}

/** Each part of the score, for a "why is this first?" explanation; parts are rounded to 2 decimals. */
export function priorityBreakdown(input: PriorityInput, now: Date): PriorityBreakdown {
  if (input.completed) return { priority: 0, deadline: 0, effort: 0, age: 0, total: 0 };
  const priority = PRIORITY_POINTS[input.priority] ?? PRIORITY_POINTS.medium;
  const deadline = deadlinePoints(input.deadline, now);
  const effort = effortPoints(input.estimatedMinutes);
  const age = agePoints(input.createdAt, now);
  return {
    priority,
    deadline: round2(deadline),
    effort: round2(effort),
    age: round2(age),
    // Rounded once from the exact sum so the total does not drift from rounding the parts.
    total: round2(clamp(priority + deadline + effort + age, 0, 100)),
  };
}

export function priorityScore(input: PriorityInput, now: Date): number {
  return priorityBreakdown(input, now).total;
}
