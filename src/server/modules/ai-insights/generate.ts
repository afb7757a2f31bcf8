// Generating a person's insights: read the figures (SQL), compute metrics, forecast, burnout strain,
// patterns and recommendations, have the AI provider write the analysis (within the person's model
// budget), keep the recommendation rows in step, and store an ai_insights row when the analysis is
// new (one per refresh window at most). The result is cached per person
// until anything it was computed from changes (the person's data version, which database triggers
// bump in every writing transaction, read on every call by primary key), the hour or time zone
// changes, the title-sharing choice changes, or the person presses Refresh Insights.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { InsightsResponse, RecommendationDto } from "#shared/contracts/ai-insights.ts";
import { resolvePreferences } from "#shared/contracts/preferences.ts";
import { alertShows, levelRank, STRAIN_NOTE } from "#shared/domain/burnout.ts";
import {
  INSIGHTS_RANGE_DAYS,
  MEASURE_AFTER_DAYS,
  SAVED_INSIGHT_CONFIDENCE,
} from "#shared/domain/insights.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { aiInsights, burnoutAlerts, optimizationRecommendations } from "../../db/schema/insights.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { INSIGHTS_REFRESH_WINDOW_SECONDS } from "../../http/route-limits.ts";
import type { AiProvider, InsightsInput, InsightsText } from "../../providers/ai/ai-provider.ts";
import { builtinInsightsText } from "../../providers/ai/builtin-insights.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { type PlanGate, requireProject } from "../permissions/permissions.ts";
import { type Computed, computeInsights, windowFigures } from "./compute.ts";
import { type InsightsData, insightsDataVersion, readInsightsData } from "./insights-data.ts";
import type { ModelBudget } from "./model-budget.ts";

type CacheEntry = { key: string; value: InsightsResponse };

/** Per-instance cache of generated insights, bounded; correctness comes from the data version. */
export function createInsightsCache(max = 2000) {
  const entries = new Map<string, CacheEntry>();
  return {
    get(userId: string, key: string): InsightsResponse | null {
      const e = entries.get(userId);
      return e && e.key === key ? e.value : null;
    },
    set(userId: string, key: string, value: InsightsResponse) {
      entries.delete(userId);
      entries.set(userId, { key, value });
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    drop(userId: string) {
      entries.delete(userId);
    },
  };
}
export type InsightsCache = ReturnType<typeof createInsightsCache>;

export type InsightsOptions = {
  db: Db;
  ai: AiProvider;
  cache: InsightsCache;
  entitlements: Pick<Entitlements, "require">;
  clock: () => Date;
  /** How many analyses the AI model may still write for the person (model-budget.ts). */
  modelBudget: ModelBudget;
  personId: string;
  /** An IANA zone, already checked. */
  tz: string;
};

/**
 * The page narrowed to one project (decision 212): the metrics, forecast and patterns are counted
 * from the project's tasks and the person's time on them; the written analysis, the recommendations
 * and the strain stay the person's own (they are about the person, and each is stored or acted on
 * per person). A project the person may not read is not found.
 */
export async function readProjectInsights(
  o: InsightsOptions & { projectId: string; gate: PlanGate },
): Promise<InsightsResponse> {
  await o.entitlements.require(o.personId, "ai_insights");
  const { project } = await requireProject({
    conn: o.db,
    gate: o.gate,
    personId: o.personId,
    projectId: o.projectId,
    action: "task.read",
  });
  const base = await insightsOf(o, false);
  const scoped = computeInsights(
    await readInsightsData(o.db, o.personId, o.tz, o.clock(), {
      projectId: project.id,
      isInbox: project.isInbox,
    }),
  );
  return {
    ...base,
    metrics: scoped.metrics,
    predictions: scoped.predictions,
    patterns: scoped.patterns,
    project: { id: project.id, name: project.name },
  };
}

/** The AI Insights page: computed afresh when anything it reads changed, else from the cache. */
export async function readInsights(o: InsightsOptions): Promise<InsightsResponse> {
  await o.entitlements.require(o.personId, "ai_insights");
  return insightsOf(o, false);
}

/**
 * Refresh Insights: computed and written again whatever the cache holds, and stored (at most one
 * stored analysis per refresh window, the newest text kept). How often a person may refresh is the
 * route's limit (ROUTE_LIMITS.aiInsightsRefresh).
 */
export async function refreshInsights(o: InsightsOptions): Promise<InsightsResponse> {
  await o.entitlements.require(o.personId, "ai_insights");
  return insightsOf(o, true);
}

async function insightsOf(o: InsightsOptions, refresh: boolean): Promise<InsightsResponse> {
  const now = o.clock();
  const { personId: userId, tz } = o;
  // The windows slide with the hour; the cache never serves a computation from an earlier hour.
  const keyOf = async () =>
    `${tz}|${now.toISOString().slice(0, 13)}|${await insightsDataVersion(o.db, userId)}`;
  if (!refresh) {
    const hit = o.cache.get(userId, await keyOf());
    if (hit) return hit;
  }
  const value = await generate(o, now, refresh);
  // Generating may itself write (recommendation rows): key the cache on the state after it.
  o.cache.set(userId, await keyOf(), value);
  return value;
}

/** The analysis text: the model's while the person's budget lasts (model-budget.ts), else Kairo's. */
async function writeAnalysis(o: InsightsOptions, input: InsightsInput, now: Date): Promise<InsightsText> {
  if (o.ai.kind === "builtin" || (await o.modelBudget.take(o.personId, now)))
    return o.ai.writeInsights(input);
  return { text: builtinInsightsText(input), source: "builtin" };
}

async function generate(o: InsightsOptions, now: Date, forceStore: boolean) {
  const { db, personId: userId, tz } = o;
  const [data, prefsRow, lastAck] = await Promise.all([
    readInsightsData(db, userId, tz, now),
    db.select({ preferences: user.preferences }).from(user).where(eq(user.id, userId)),
    db
      .select({ riskLevel: burnoutAlerts.riskLevel })
      .from(burnoutAlerts)
      .where(and(eq(burnoutAlerts.userId, userId), eq(burnoutAlerts.isAcknowledged, true)))
      .orderBy(desc(burnoutAlerts.createdAt))
      .limit(1),
  ]);
  const computed = computeInsights(data);
  const prefs = resolvePreferences(prefsRow[0]?.preferences);
  const input = await promptInput(db, userId, computed, data, prefs.privacy.shareTaskTitles);
  const [written, recommendations] = await Promise.all([
    writeAnalysis(o, input, now),
    syncRecommendations(db, userId, computed, (at) => measuredChange(data, at, tz, now)),
  ]);
  await storeInsight(db, userId, written.text, forceStore, now);

  const b = computed.burnout;
  const acknowledged = lastAck[0]?.riskLevel as typeof b.level | undefined;
  const showAlert = alertShows(b.level) && (!acknowledged || levelRank(b.level) > levelRank(acknowledged));
  return {
    generatedAt: now.toISOString(),
    rangeDays: INSIGHTS_RANGE_DAYS,
    insights: written.text,
    insightsSource: written.source,
    metrics: computed.metrics,
    predictions: computed.predictions,
    recommendations,
    recommendationsSource: computed.recommendationsSource,
    burnoutRisk: { score: b.score, level: b.level, factors: b.factors, showAlert, note: STRAIN_NOTE },
    patterns: computed.patterns,
  } satisfies InsightsResponse;
}

async function promptInput(
  db: Db,
  userId: string,
  c: Computed,
  data: InsightsData,
  shareTitles: boolean,
): Promise<InsightsInput> {
  const input: InsightsInput = {
    rangeDays: INSIGHTS_RANGE_DAYS,
    metrics: { ...c.metrics, completedTasks: data.completed },
    predictions: {
      source: c.predictions.source,
      trend: c.predictions.trend,
      nextMonthCompletionRate: c.predictions.nextMonth.completionRate,
      confidence: c.predictions.confidence,
    },
    patterns: {
      peakHours: c.patterns.peakProductivity.hours,
      bestDays: c.patterns.peakProductivity.days,
      averageTaskDuration: c.patterns.workPatterns.averageTaskDuration,
      focusBlocksPerDay: c.patterns.workPatterns.focusBlocks,
    },
    burnout: {
      score: c.burnout.score,
      level: c.burnout.level,
      factors: c.burnout.factors.map((f) => f.text),
    },
  };
  if (shareTitles) {
    const rows = await db
      .select({ title: tasks.title })
      .from(tasks)
      .where(eq(tasks.userId, userId))
      .orderBy(desc(tasks.updatedAt))
      .limit(20);
    input.recentTaskTitles = rows.map((r) => r.title);
  }
  return input;
}

/**
 * Stores the analysis (spec: an ai_insights row per generation) at most once per refresh window: a
 * generation within the window of the person's latest row rewrites that row's text, so a burst of
 * refreshes keeps one row, the newest. Outside a refresh, a text equal to the latest is not stored.
 */
async function storeInsight(db: Db, userId: string, content: string, force: boolean, now: Date) {
  await db.transaction(async (tx) => {
    // One writer per person, so two refreshes at once cannot both open a new window's row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`insights-store:${userId}`}))`);
    const [latest] = await tx
      .select({ id: aiInsights.id, content: aiInsights.content, createdAt: aiInsights.createdAt })
      .from(aiInsights)
      .where(eq(aiInsights.userId, userId))
      .orderBy(desc(aiInsights.createdAt))
      .limit(1);
    if (!force && latest?.content === content) return;
    const windowMs = INSIGHTS_REFRESH_WINDOW_SECONDS * 1000;
    if (latest && now.getTime() - latest.createdAt.getTime() < windowMs) {
      if (latest.content !== content) {
        await tx.update(aiInsights).set({ content }).where(eq(aiInsights.id, latest.id));
      }
      return;
    }
    await tx.insert(aiInsights).values({
      userId,
      insightType: "productivity_analysis",
      content,
      confidenceScore: SAVED_INSIGHT_CONFIDENCE,
      category: "general",
      createdAt: now,
    });
  });
}

/**
 * Keeps the person's recommendation rows in step with the drafts: applied rows stay for good (one
 * way), an unapplied row whose text is still recommended keeps its id, the rest are replaced.
 */
async function syncRecommendations(
  db: Db,
  userId: string,
  c: Computed,
  measure: (appliedAt: Date | null) => RecommendationDto["measured"],
): Promise<RecommendationDto[]> {
  // One generation at a time per person, so two page loads never insert the same recommendation twice.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`insights:${userId}`}))`);
    return syncRecommendationsLocked(tx as unknown as Db, userId, c, measure);
  });
}

async function syncRecommendationsLocked(
  db: Db,
  userId: string,
  c: Computed,
  measure: (appliedAt: Date | null) => RecommendationDto["measured"],
): Promise<RecommendationDto[]> {
  const existing = await db
    .select()
    .from(optimizationRecommendations)
    .where(eq(optimizationRecommendations.userId, userId))
    .orderBy(optimizationRecommendations.createdAt);
  const applied = existing.filter((r) => r.isApplied);
  const appliedTexts = new Set(applied.map((r) => r.recommendation));
  const open = existing.filter((r) => !r.isApplied);
  const wanted = c.recommendations.filter((d) => !appliedTexts.has(d.text));
  const wantedTexts = new Set(wanted.map((d) => d.text));
  const stale = open.filter((r) => !wantedTexts.has(r.recommendation)).map((r) => r.id);
  if (stale.length)
    await db.delete(optimizationRecommendations).where(inArray(optimizationRecommendations.id, stale));
  const have = new Map(
    open.filter((r) => wantedTexts.has(r.recommendation)).map((r) => [r.recommendation, r]),
  );
  const missing = wanted.filter((d) => !have.has(d.text));
  const inserted = missing.length
    ? await db
        .insert(optimizationRecommendations)
        .values(
          missing.map((d) => ({
            userId,
            recommendation: d.text,
            impactLevel: d.impact,
            category: d.category,
            estimatedImprovement: d.improvement,
            action: d.action,
          })),
        )
        .returning()
    : [];
  for (const r of inserted) have.set(r.recommendation, r);
  const dto = (r: (typeof existing)[number], m: RecommendationDto["measured"] = null): RecommendationDto => ({
    id: r.id,
    text: r.recommendation,
    impact: r.impactLevel as RecommendationDto["impact"],
    category: r.category ?? "general",
    improvement: r.estimatedImprovement ?? 0,
    action: r.action as RecommendationDto["action"],
    isApplied: r.isApplied,
    appliedAt: r.appliedAt?.toISOString() ?? null,
    measured: m,
  });
  return [
    ...wanted.map((d) => dto(have.get(d.text) as (typeof existing)[number])),
    ...applied.map((r) => dto(r, measure(r.appliedAt))),
  ];
}

/**
 * Seven days after a recommendation was applied: completion rate and completed focus sessions in the
 * seven local days before the day it was applied and the seven from it, from the rollups read.
 */
function measuredChange(
  data: InsightsData,
  appliedAt: Date | null,
  tz: string,
  now: Date,
): RecommendationDto["measured"] {
  const week = MEASURE_AFTER_DAYS * 86_400_000;
  if (!appliedAt || now.getTime() - appliedAt.getTime() < week) return null;
  const day = (at: Date) => at.toLocaleDateString("en-CA", { timeZone: tz });
  const plus = (d: string, n: number) => {
    const x = new Date(`${d}T00:00:00Z`);
    x.setUTCDate(x.getUTCDate() + n);
    return x.toISOString().slice(0, 10);
  };
  const applied = day(appliedAt);
  const before = windowFigures(data, plus(applied, -MEASURE_AFTER_DAYS), plus(applied, -1));
  const after = windowFigures(data, applied, plus(applied, MEASURE_AFTER_DAYS - 1));
  return before && after ? { days: MEASURE_AFTER_DAYS, before, after } : null;
}
