// Generating a person's insights: read the figures (SQL), compute metrics, forecast, burnout strain,
// patterns and recommendations, have the AI provider write the analysis, keep the recommendation rows
// in step, and store an ai_insights row when the analysis is new. The result is cached per person
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
import type { AiProvider, InsightsInput } from "../../providers/ai/ai-provider.ts";
import { type Computed, computeInsights, windowFigures } from "./compute.ts";
import { type InsightsData, insightsDataVersion, readInsightsData } from "./insights-data.ts";

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

export type InsightsDeps = { db: Db; ai: AiProvider; cache: InsightsCache; now: Date };

export async function getInsights(
  deps: InsightsDeps,
  userId: string,
  tz: string,
  options: { refresh?: boolean } = {},
): Promise<InsightsResponse> {
  // The windows slide with the hour; the cache never serves a computation from an earlier hour.
  const keyOf = async () =>
    `${tz}|${deps.now.toISOString().slice(0, 13)}|${await insightsDataVersion(deps.db, userId)}`;
  if (!options.refresh) {
    const hit = deps.cache.get(userId, await keyOf());
    if (hit) return hit;
  }
  const value = await generate(deps, userId, tz, options.refresh === true);
  // Generating may itself write (recommendation rows): key the cache on the state after it.
  deps.cache.set(userId, await keyOf(), value);
  return value;
}

async function generate(deps: InsightsDeps, userId: string, tz: string, forceStore: boolean) {
  const { db, now } = deps;
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
    deps.ai.writeInsights(input),
    syncRecommendations(db, userId, computed, (at) => measuredChange(data, at, tz, now)),
  ]);
  await storeInsight(db, userId, written.text, forceStore);

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

/** A new analysis text is stored once; Refresh Insights always stores one (spec: each generation). */
async function storeInsight(db: Db, userId: string, content: string, force: boolean) {
  if (!force) {
    const [latest] = await db
      .select({ content: aiInsights.content })
      .from(aiInsights)
      .where(eq(aiInsights.userId, userId))
      .orderBy(desc(aiInsights.createdAt))
      .limit(1);
    if (latest?.content === content) return;
  }
  await db.insert(aiInsights).values({
    userId,
    insightType: "productivity_analysis",
    content,
    confidenceScore: SAVED_INSIGHT_CONFIDENCE,
    category: "general",
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
