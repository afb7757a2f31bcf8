// Team analytics (issue 23, decision 210): the sums the server reads from the project rollup and the
// open tasks, turned into the figures the Team Workspace shows, and the calendar bounds they are read
// over. Shared so the server and the page's tests agree on every rounding.
import { totalHours } from "./metrics.ts";
import { wallClock, zonedInstant } from "./zoned-time.ts";

/** What is summed per member, per project and for the whole team before it becomes figures. */
export type TeamSums = {
  /** Tasks completed within the range. */
  completed: number;
  /** Of those, the ones that had a deadline when completed. */
  completedWithDeadline: number;
  /** Of those, the ones completed at or before their deadline. */
  completedOnTime: number;
  /** Minutes of closed time logs that started within the range. */
  minutesTracked: number;
  /** Estimated minutes of open tasks due this week (Monday to Sunday in the asker's zone). */
  workloadThisWeekMinutes: number;
  /** Estimated minutes of open tasks due next week. */
  workloadNextWeekMinutes: number;
  /** Open tasks whose deadline has passed. */
  overdue: number;
};

export const emptySums = (): TeamSums => ({
  completed: 0,
  completedWithDeadline: 0,
  completedOnTime: 0,
  minutesTracked: 0,
  workloadThisWeekMinutes: 0,
  workloadNextWeekMinutes: 0,
  overdue: 0,
});

export function addSums(a: TeamSums, b: Partial<TeamSums>): TeamSums {
  const out = { ...a };
  for (const key of Object.keys(out) as (keyof TeamSums)[]) out[key] += Number(b[key] ?? 0) || 0;
  return out;
}

export type TeamFigures = {
  tasksCompleted: number;
  hoursTracked: number;
  /**
   * Share (0 to 1) of the completed tasks with a deadline that were completed by it; null when none
   * of the completed tasks had a deadline (no share to speak of, rather than 0 %).
   */
  onTimeRate: number | null;
  workloadThisWeekHours: number;
  workloadNextWeekHours: number;
  overdueTasks: number;
};

export function teamFigures(s: TeamSums): TeamFigures {
  return {
    tasksCompleted: s.completed,
    hoursTracked: totalHours(s.minutesTracked),
    onTimeRate:
      s.completedWithDeadline > 0
        ? Math.min(1, Math.max(0, s.completedOnTime / s.completedWithDeadline))
        : null,
    workloadThisWeekHours: totalHours(s.workloadThisWeekMinutes),
    workloadNextWeekHours: totalHours(s.workloadNextWeekMinutes),
    overdueTasks: s.overdue,
  };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The UTC days a range covers, first and last (the project rollup counts days in UTC: a team's members
 * live in different zones, decision 210).
 */
export function rangeDays(range: 7 | 30 | 90, now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: isoDay(today - (range - 1) * DAY_MS), to: isoDay(today) };
}

/** Monday 00:00 of this week, of next week and of the week after, in the asker's zone. */
export function workWeeks(now: Date, timeZone: string): { thisWeek: Date; nextWeek: Date; weekAfter: Date } {
  const w = wallClock(now.getTime(), timeZone);
  // Days since Monday of the wall-clock date (getUTCDay: 0 is Sunday).
  const weekday = (new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7;
  const monday = (offsetDays: number) => {
    const d = new Date(Date.UTC(w.year, w.month - 1, w.day - weekday + offsetDays));
    return zonedInstant(
      { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
      { hour: 0, minute: 0 },
      timeZone,
    );
  };
  return { thisWeek: monday(0), nextWeek: monday(7), weekAfter: monday(14) };
}
