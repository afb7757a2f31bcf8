// Derived metrics of spec section 3 (completion rate, productivity score, hours, time saved) and the
// calendar days an analytics range covers, computed the same way by the server and the insight cards.

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

export const TIME_SAVED_DEFINITION =
  "Time saved is the estimated minutes of completed tasks minus the minutes actually tracked on them, never below zero.";

export function isAnalyticsRange(value: unknown): value is AnalyticsRange {
  return typeof value === "number" && (ANALYTICS_RANGES as readonly number[]).includes(value);
}

/** Share of tasks completed, 0 to 1; 0 when there are no tasks rather than NaN. */
export function completionRate(completed: number, total: number): number {
  if (!Number.isFinite(completed) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(1, Math.max(0, completed / total));
}

/** The rounded completion rate times 100 (spec section 3). */
export function productivityScore(rate: number): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.min(100, Math.max(0, Math.round(rate * 100)));
}

/** Sum of time-log minutes as hours, to one decimal. */
export function totalHours(sumOfLogMinutes: number): number {
  if (!Number.isFinite(sumOfLogMinutes) || sumOfLogMinutes <= 0) return 0;
  return Math.round(sumOfLogMinutes / 6) / 10;
}

/**
 * Minutes saved against the estimates. Both sums cover the same tasks: completed ones that have
 * tracked time (a task never timed would otherwise count its whole estimate as saved).
 */
export function timeSavedMinutes(sums: {
  completedEstimatedMinutes: number;
  completedActualMinutes: number;
}): number {
  const saved = sums.completedEstimatedMinutes - sums.completedActualMinutes;
  return Number.isFinite(saved) ? Math.max(0, Math.round(saved)) : 0;
}

/** Builds the two sums `timeSavedMinutes` needs from task rows. */
export function timeSavedSums(
  tasks: readonly { completed: boolean; estimatedMinutes: number; actualMinutes: number }[],
): { completedEstimatedMinutes: number; completedActualMinutes: number } {
  let completedEstimatedMinutes = 0;
  let completedActualMinutes = 0;
  for (const t of tasks) {
    if (!t.completed || !(t.actualMinutes > 0)) continue;
    completedEstimatedMinutes += t.estimatedMinutes;
    completedActualMinutes += t.actualMinutes;
  }
  return { completedEstimatedMinutes, completedActualMinutes };
}

/** "0h", "1.5h", "12h", "1,234.5h": one decimal only when there is one. */
export function formatHours(hours: number): string {
  const rounded = Number.isFinite(hours) ? Math.round(hours * 10) / 10 : 0;
  return `${rounded.toLocaleString("en-US", { maximumFractionDigits: 1 })}h`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The local calendar day of an instant, "YYYY-MM-DD" (the browser's or server's time zone). */
export function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/**
 * The local calendar days of a range ending today, oldest first. Days are stepped with the Date
 * constructor rather than by adding 24 hours, so a daylight-saving change never skips or repeats one.
 */
export function dayKeys(rangeDays: AnalyticsRange, now: Date): string[] {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  return Array.from({ length: rangeDays }, (_, i) => localDayKey(new Date(y, m, d - (rangeDays - 1 - i))));
}
