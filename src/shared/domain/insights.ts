// The AI Insights rules that do not need a database: spec section 9's constants, the prediction
// points, the recommendation mapping and built-ins, peak-productivity patterns and the engine that
// picks recommendations from what the person did.

import type { WorkDay } from "./burnout.ts";

export const INSIGHTS_RANGE_DAYS = 30;
/** The confidence stored with every generated ai_insights row. */
export const SAVED_INSIGHT_CONFIDENCE = 0.85;
/** Weeks of history below which the predictions show the spec's defaults instead of a forecast. */
export const MIN_FORECAST_WEEKS = 3;
/** Weeks of weekly history the forecast reads. */
export const FORECAST_HISTORY_WEEKS = 26;
/** Days after applying a recommendation when its measured change is shown. */
export const MEASURE_AFTER_DAYS = 7;

/** Spec section 9: the fixed points used when there is not enough history to forecast. */
export const PREDICTION_DEFAULTS = {
  current: { completionRate: 0.75, productivityScore: 72 },
  nextWeek: { completionRate: 0.78, productivityScore: 75 },
  nextMonth: { completionRate: 0.82, productivityScore: 80 },
  confidence: 0.78,
  trend: "improving" as const,
};

/** Expected Improvement tile: next month's productivity score minus 72 (spec section 2). */
export const expectedImprovement = (nextMonthScore: number) => Math.round(nextMonthScore - 72);

export function confidenceBadge(confidence: number): "High" | "Medium" | "Low" {
  if (confidence > 0.8) return "High";
  if (confidence > 0.6) return "Medium";
  return "Low";
}

export type RecommendationAction = "pomodoro_45_5" | "focus_blocks" | "batch_tasks" | "none";
export type Impact = "high" | "medium" | "low";

export type RecommendationDraft = {
  text: string;
  impact: Impact;
  category: string;
  improvement: number;
  action: RecommendationAction;
};

/** Spec section 9: shown when the engine finds nothing specific. */
export const BUILTIN_RECOMMENDATIONS: readonly RecommendationDraft[] = [
  {
    text: "Schedule focus blocks at your peak hours, 9-11 AM",
    impact: "high",
    category: "scheduling",
    improvement: 15,
    action: "focus_blocks",
  },
  {
    text: "Take 5-minute breaks every 45 minutes",
    impact: "medium",
    category: "wellness",
    improvement: 10,
    action: "pomodoro_45_5",
  },
  {
    text: "Batch similar tasks together to cut context switching",
    impact: "high",
    category: "workflow",
    improvement: 20,
    action: "batch_tasks",
  },
  {
    text: "Use automated morning prioritization to start with what matters most",
    impact: "medium",
    category: "automation",
    improvement: 12,
    action: "none",
  },
];

const IMPACT_BY_POSITION: Impact[] = ["high", "medium", "low"];

/**
 * Spec section 9's mapping of recommendations the engine or a model returns as a list: impact high,
 * medium, low by position (low from the third on), category general, improvement 10 + 5 per position.
 */
export function mapRecommendations(
  items: readonly { text: string; action?: RecommendationAction }[],
): RecommendationDraft[] {
  return items.map((item, i) => ({
    text: item.text,
    impact: IMPACT_BY_POSITION[Math.min(i, 2)] as Impact,
    category: "general",
    improvement: 10 + 5 * i,
    action: item.action ?? "none",
  }));
}

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** "9-11 AM", "11 AM-1 PM", "2-4 PM", "11 PM-1 AM". */
export function formatHourRange(start: number, end: number): string {
  const e = end % 24;
  const part = (h: number) => (h < 12 ? "AM" : "PM");
  const h12 = (h: number) => (h % 12 === 0 ? 12 : h % 12);
  if (part(start) === part(e) && e > start) return `${h12(start)}-${h12(e)} ${part(e)}`;
  return `${h12(start)} ${part(start)}-${h12(e)} ${part(e)}`;
}

/**
 * The two-hour window of the day with the most work in it: tracked minutes and completions per local
 * hour, each as a share of its total so that both count equally. Null with no data.
 */
export function peakWindow(
  minutesByHour: readonly number[],
  completionsByHour: readonly number[],
): { start: number; end: number } | null {
  const mTotal = minutesByHour.reduce((s, v) => s + v, 0);
  const cTotal = completionsByHour.reduce((s, v) => s + v, 0);
  if (mTotal <= 0 && cTotal <= 0) return null;
  const weight = (h: number) =>
    (mTotal > 0 ? (minutesByHour[h] ?? 0) / mTotal : 0) +
    (cTotal > 0 ? (completionsByHour[h] ?? 0) / cTotal : 0);
  let best = 0;
  let bestScore = -1;
  for (let h = 0; h < 23; h++) {
    const score = weight(h) + weight(h + 1);
    if (score > bestScore) {
      best = h;
      bestScore = score;
    }
  }
  return { start: best, end: best + 2 };
}

/** The weekdays with the most work (same weighting as the hours), best first, at most `count`. */
export function bestDays(
  minutesByWeekday: readonly number[],
  completionsByWeekday: readonly number[],
  count = 2,
): string[] {
  const mTotal = minutesByWeekday.reduce((s, v) => s + v, 0);
  const cTotal = completionsByWeekday.reduce((s, v) => s + v, 0);
  return WEEKDAY_NAMES.map((name, d) => ({
    name,
    score:
      (mTotal > 0 ? (minutesByWeekday[d] ?? 0) / mTotal : 0) +
      (cTotal > 0 ? (completionsByWeekday[d] ?? 0) / cTotal : 0),
  }))
    .filter((d) => d.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((d) => d.name);
}

/** Work metrics of a range of days (issue 13's list beyond the derived metrics). */
export type WorkMetrics = {
  workHoursPerDay: number;
  weekendWork: number;
  overtimeDays: number;
  breakFrequency: number;
  afterHoursWork: number;
};

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * From the days of a range: hours per worked day, weekend days worked, days over 9 hours, breaks per
 * worked day and after-hours hours in total.
 */
export function workMetrics(days: readonly WorkDay[]): WorkMetrics {
  const worked = days.filter((d) => d.minutes > 0);
  const minutes = worked.reduce((s, d) => s + d.minutes, 0);
  return {
    workHoursPerDay: worked.length ? round1(minutes / worked.length / 60) : 0,
    weekendWork: worked.filter((d) => d.weekday === 0 || d.weekday === 6).length,
    overtimeDays: worked.filter((d) => d.minutes > 9 * 60).length,
    breakFrequency: worked.length ? round1(worked.reduce((s, d) => s + d.breaks, 0) / worked.length) : 0,
    afterHoursWork: round1(days.reduce((s, d) => s + d.afterHoursMinutes, 0) / 60),
  };
}

export type EngineInput = {
  peak: { start: number; end: number } | null;
  /** Breaks per work session over the range, null when too few sessions to say. */
  breaksPerSession: number | null;
  /** Categories worked in per active day, on average. */
  categoriesPerDay: number;
  /** The categories with the most tracked time, most first. */
  topCategories: string[];
  completionRate: number;
  openTasks: number;
};

/**
 * Recommendations specific to the person, most useful first; empty when nothing specific stands out
 * (the page then shows the built-ins). The order gives impact and improvement through
 * `mapRecommendations`.
 */
export function engineRecommendations(input: EngineInput): { text: string; action: RecommendationAction }[] {
  const out: { text: string; action: RecommendationAction }[] = [];
  if (input.categoriesPerDay >= 3 && input.topCategories.length >= 2)
    out.push({
      text: `Batch similar tasks: you switch between ${Math.round(input.categoriesPerDay)} kinds of work a day, so group your ${input.topCategories[0]} and ${input.topCategories[1]} work into blocks`,
      action: "batch_tasks",
    });
  if (input.breaksPerSession !== null && input.breaksPerSession < 0.5)
    out.push({ text: "Take 5-minute breaks every 45 minutes", action: "pomodoro_45_5" });
  if (input.peak && input.completionRate < 0.8)
    out.push({
      text: `Schedule focus blocks at your peak hours, ${formatHourRange(input.peak.start, input.peak.end)}`,
      action: "focus_blocks",
    });
  return out;
}
