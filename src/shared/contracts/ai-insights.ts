// The AI Insights calls: the insights response of spec section 3 (with the metrics, predictions,
// recommendations, burnout risk and patterns computed from what the person did) and the bodies of
// refresh, apply and acknowledge.
import { z } from "zod";
import { TASK_PRIORITIES } from "../domain/tasks.ts";

const rate = z.number().min(0).max(1);

export const insightsQuery = z
  .object({
    tz: z.string().max(64).optional(),
    /** Metrics, forecast and patterns of this project only (decision 212). */
    projectId: z.uuid({ error: "projectId must be a project id" }).optional(),
  })
  .strict();
export const refreshBody = z.object({ tz: z.string().max(64).optional() }).strict();
/** The time zone places focus blocks at the person's local peak hours. */
export const applyBody = z.object({ tz: z.string().max(64).optional() }).strict();
/** Acknowledging answers the alert the person saw: its level must still be the current one or lower. */
export const acknowledgeBody = z.object({ tz: z.string().max(64).optional() }).strict();

export const insightMetrics = z.object({
  completionRate: rate,
  totalTasks: z.number().int().min(0),
  totalHours: z.number().min(0),
  focusSessions: z.number().int().min(0),
  productivityScore: z.number().int().min(0).max(100),
  workHoursPerDay: z.number().min(0),
  weekendWork: z.number().int().min(0),
  overtimeDays: z.number().int().min(0),
  breakFrequency: z.number().min(0),
  afterHoursWork: z.number().min(0),
});
export type InsightMetrics = z.infer<typeof insightMetrics>;

const point = z.object({ completionRate: rate, productivityScore: z.number().int().min(0).max(100) });

export const predictions = z.object({
  /** "defaults": under three weeks of history, the spec's fixed figures. */
  source: z.enum(["forecast", "defaults"]),
  method: z.enum(["holt-damped", "mean-spread", "defaults"]),
  weeksOfHistory: z.number().int().min(0),
  current: point,
  nextWeek: point,
  nextMonth: point,
  trend: z.enum(["improving", "stable", "declining"]),
  confidence: rate,
});
export type Predictions = z.infer<typeof predictions>;

export const measuredChange = z.object({
  days: z.number().int().min(1),
  before: z.object({ completionRate: rate, focusSessions: z.number().int().min(0) }),
  after: z.object({ completionRate: rate, focusSessions: z.number().int().min(0) }),
});

export const recommendationDto = z.object({
  id: z.uuid(),
  text: z.string(),
  impact: z.enum(["high", "medium", "low"]),
  category: z.string(),
  improvement: z.number().int(),
  action: z.enum(["pomodoro_45_5", "focus_blocks", "batch_tasks", "none"]),
  isApplied: z.boolean(),
  appliedAt: z.string().nullable(),
  /** Seven days after applying: completion rate and focus sessions in the 7 days before and after. */
  measured: measuredChange.nullable(),
});
export type RecommendationDto = z.infer<typeof recommendationDto>;

export const burnoutRisk = z.object({
  score: z.number().int().min(0).max(100),
  level: z.enum(["low", "medium", "high", "critical"]),
  factors: z.array(z.object({ id: z.string(), text: z.string(), severity: z.number() })),
  /** True at high or critical, unless this level (or a higher one) was acknowledged. */
  showAlert: z.boolean(),
  note: z.string(),
});

export const insightsResponse = z.object({
  generatedAt: z.string(),
  rangeDays: z.number().int(),
  insights: z.string(),
  /** Who wrote the text: the built-in analysis or the configured model. */
  insightsSource: z.enum(["builtin", "model"]),
  metrics: insightMetrics,
  predictions,
  recommendations: z.array(recommendationDto),
  /** "builtin": nothing specific stood out, so the spec's four built-ins are shown. */
  recommendationsSource: z.enum(["engine", "builtin"]),
  burnoutRisk,
  patterns: z.object({
    peakProductivity: z.object({ hours: z.string().nullable(), days: z.array(z.string()) }),
    workPatterns: z.object({ averageTaskDuration: z.number().int().min(0), focusBlocks: z.number().min(0) }),
  }),
  /** Present when the metrics, forecast and patterns are narrowed to this project. */
  project: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type InsightsResponse = z.infer<typeof insightsResponse>;

export const applyResponse = z.object({
  recommendation: recommendationDto,
  /** What applying did: the Pomodoro lengths set, focus blocks added, or the task list grouped. */
  effect: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("pomodoro"), workMinutes: z.number(), breakMinutes: z.number() }),
    z.object({ kind: z.literal("focus_blocks"), created: z.number().int(), hours: z.string() }),
    z.object({ kind: z.literal("batch_tasks"), groupBy: z.literal("category") }),
    z.object({ kind: z.literal("none") }),
  ]),
});
export type ApplyResponse = z.infer<typeof applyResponse>;

export const acknowledgeResponse = z.object({
  id: z.uuid(),
  riskScore: z.number().int(),
  riskLevel: z.enum(["low", "medium", "high", "critical"]),
  recommendations: z.array(z.string()),
  acknowledgedAt: z.string(),
});

// "Adjust Schedule" (burnout alert): the open tasks due this week, lowest priority first, and postponing
// one of them by a day or a week.
export const scheduleQuery = z.object({ tz: z.string().max(64).optional() }).strict();
export const POSTPONE_DAYS = [1, 7] as const;
export const postponeBody = z
  .object({
    days: z.union([z.literal(1), z.literal(7)], { error: "days must be 1 or 7" }),
    tz: z.string().max(64).optional(),
  })
  .strict();
export type PostponeBody = z.infer<typeof postponeBody>;
export const scheduleTask = z.object({
  id: z.string(),
  title: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  category: z.string(),
  deadline: z.string(),
});
export type ScheduleTask = z.infer<typeof scheduleTask>;
export const scheduleResponse = z.object({ tasks: z.array(scheduleTask) });
export type ScheduleResponse = z.infer<typeof scheduleResponse>;
export const postponeResponse = z.object({ task: scheduleTask, postponedDays: z.number().int() });
