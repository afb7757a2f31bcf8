// From the figures read in SQL to the parts of the insights response: metrics, predictions, burnout
// risk, patterns and the recommendation drafts. No I/O here.
import type { InsightMetrics, Predictions } from "#shared/contracts/ai-insights.ts";
import { assessBurnout, type BurnoutAssessment, RECENT_DAYS } from "#shared/domain/burnout.ts";
import { forecastConfidence, forecastWeekly, trendOf } from "#shared/domain/forecast.ts";
import {
  BUILTIN_RECOMMENDATIONS,
  bestDays,
  engineRecommendations,
  formatHourRange,
  INSIGHTS_RANGE_DAYS,
  MIN_FORECAST_WEEKS,
  mapRecommendations,
  PREDICTION_DEFAULTS,
  peakWindow,
  type RecommendationDraft,
  workMetrics,
} from "#shared/domain/insights.ts";
import { completionRate, productivityScore, totalHours } from "#shared/domain/metrics.ts";
import type { InsightsData } from "./insights-data.ts";

export type Computed = {
  metrics: InsightMetrics;
  predictions: Predictions;
  burnout: BurnoutAssessment;
  patterns: {
    peakProductivity: { hours: string | null; days: string[] };
    workPatterns: { averageTaskDuration: number; focusBlocks: number };
  };
  peak: { start: number; end: number } | null;
  recommendations: RecommendationDraft[];
  recommendationsSource: "engine" | "builtin";
};

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const point = (rate: number) => ({
  completionRate: Math.round(clamp01(rate) * 1000) / 1000,
  productivityScore: productivityScore(clamp01(rate)),
});

export function computeInsights(d: InsightsData): Computed {
  const rate = completionRate(d.completed, d.plate);
  const rangeDays = d.days.slice(-INSIGHTS_RANGE_DAYS);
  const metrics: InsightMetrics = {
    completionRate: Math.round(rate * 1000) / 1000,
    totalTasks: d.plate,
    totalHours: totalHours(d.minutes),
    focusSessions: d.focusSessions,
    productivityScore: productivityScore(rate),
    ...workMetrics(rangeDays),
  };

  const series = d.weekly.filter((w) => w.plate > 0).map((w) => w.completed / w.plate);
  let predictions: Predictions;
  if (series.length < MIN_FORECAST_WEEKS) {
    predictions = {
      source: "defaults",
      method: "defaults",
      weeksOfHistory: series.length,
      current: point(rate),
      nextWeek: { ...PREDICTION_DEFAULTS.nextWeek },
      nextMonth: { ...PREDICTION_DEFAULTS.nextMonth },
      trend: PREDICTION_DEFAULTS.trend,
      confidence: PREDICTION_DEFAULTS.confidence,
    };
  } else {
    const f = forecastWeekly(series, 4);
    const nextWeek = clamp01(f.points[0] ?? rate);
    // Next month: the mean of the four weekly forecasts, judged by the widest (4-week) interval.
    const nextMonth = clamp01(f.points.reduce((s, v) => s + v, 0) / f.points.length);
    predictions = {
      source: "forecast",
      method: f.method,
      weeksOfHistory: series.length,
      current: point(rate),
      nextWeek: point(nextWeek),
      nextMonth: point(nextMonth),
      trend: trendOf(rate, nextMonth),
      confidence: forecastConfidence(f.halfWidth80[3] ?? Number.POSITIVE_INFINITY, series.length),
    };
  }

  const burnout = assessBurnout(d.days);
  const peak = peakWindow(d.minutesByHour, d.completionsByHour);
  const worked = rangeDays.filter((day) => day.minutes > 0 || day.sessions > 0);
  const focusBlocks = worked.length
    ? Math.round((worked.reduce((s, day) => s + day.focusBlocks, 0) / worked.length) * 10) / 10
    : 0;
  const recent = d.days.slice(-RECENT_DAYS * 2);
  const sessions = recent.reduce((s, day) => s + day.sessions, 0);
  const breaks = recent.reduce((s, day) => s + day.breaks, 0);
  const categoryDays = rangeDays.filter((day) => day.categories > 0);
  const found = engineRecommendations({
    peak,
    breaksPerSession: sessions >= 8 ? breaks / sessions : null,
    categoriesPerDay: categoryDays.length
      ? categoryDays.reduce((s, day) => s + day.categories, 0) / categoryDays.length
      : 0,
    topCategories: d.topCategories,
    completionRate: rate,
    openTasks: d.openNow,
  });
  return {
    metrics,
    predictions,
    burnout,
    peak,
    patterns: {
      peakProductivity: {
        hours: peak ? formatHourRange(peak.start, peak.end) : null,
        days: bestDays(d.minutesByWeekday, d.completionsByWeekday),
      },
      workPatterns: { averageTaskDuration: d.averageTaskMinutes, focusBlocks },
    },
    recommendations: found.length ? mapRecommendations(found) : [...BUILTIN_RECOMMENDATIONS],
    recommendationsSource: found.length ? "engine" : "builtin",
  };
}

/**
 * Completion rate (tasks completed over tasks on the plate) and completed focus sessions over the
 * local days `from` to `to` inclusive ("YYYY-MM-DD"), from the rollup history; null when the days
 * are not all in it.
 */
export function windowFigures(
  d: Pick<InsightsData, "totals" | "history">,
  from: string,
  to: string,
): { completionRate: number; focusSessions: number } | null {
  const first = d.history[0]?.date;
  if (!first || from < first) return null;
  let createdAfter = 0;
  let doneFromStart = 0;
  let doneIn = 0;
  let focus = 0;
  for (const day of d.history) {
    if (day.date > to) createdAfter += day.created;
    if (day.date >= from) doneFromStart += day.completed;
    if (day.date >= from && day.date <= to) {
      doneIn += day.completed;
      focus += day.focusSessions;
    }
  }
  const plate = d.totals.tasks - createdAfter - (d.totals.completed - doneFromStart);
  return {
    completionRate: Math.round(completionRate(doneIn, plate) * 1000) / 1000,
    focusSessions: focus,
  };
}
