import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const optimizationRecommendations = pgTable(
  "optimization_recommendations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    recommendation: text("recommendation").notNull(),
    impactLevel: text("impact_level").notNull(),
    category: text("category"),
    // Expected improvement in percent, shown in the "Recommendation Applied" notice.
    estimatedImprovement: integer("estimated_improvement"),
    // What applying does in Kairo: pomodoro_45_5, focus_blocks, batch_tasks or none.
    action: text("action").notNull().default("none"),
    // One way: not applied -> applied.
    isApplied: boolean("is_applied").notNull().default(false),
    appliedAt: tstz("applied_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("optimization_recommendations_user_created_idx").on(t.userId, t.createdAt),
    check(
      "optimization_recommendations_impact_level_check",
      sql`${t.impactLevel} in ('high', 'medium', 'low')`,
    ),
    check(
      "optimization_recommendations_action_check",
      sql`${t.action} in ('pomodoro_45_5', 'focus_blocks', 'batch_tasks', 'none')`,
    ),
  ],
);

export const burnoutAlerts = pgTable(
  "burnout_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    riskScore: integer("risk_score").notNull(),
    riskLevel: text("risk_level").notNull(),
    contributingFactors: jsonb("contributing_factors").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    recommendations: jsonb("recommendations").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isAcknowledged: boolean("is_acknowledged").notNull().default(false),
    acknowledgedAt: tstz("acknowledged_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("burnout_alerts_user_created_idx").on(t.userId, t.createdAt),
    check("burnout_alerts_risk_level_check", sql`${t.riskLevel} in ('critical', 'high', 'medium', 'low')`),
  ],
);

export const aiInsights = pgTable(
  "ai_insights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    insightType: text("insight_type").notNull(),
    content: text("content").notNull(),
    // 0 to 1.
    confidenceScore: doublePrecision("confidence_score"),
    category: text("category"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // The insights page reads the latest insights first.
    index("ai_insights_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export type OptimizationRecommendation = typeof optimizationRecommendations.$inferSelect;
export type NewOptimizationRecommendation = typeof optimizationRecommendations.$inferInsert;
export type BurnoutAlert = typeof burnoutAlerts.$inferSelect;
export type NewBurnoutAlert = typeof burnoutAlerts.$inferInsert;
export type AiInsight = typeof aiInsights.$inferSelect;
export type NewAiInsight = typeof aiInsights.$inferInsert;

/**
 * A counter per person that database triggers bump on every write AI insights read from (tasks,
 * time logs, Pomodoro sessions, recommendations, burnout alerts; drizzle/0011): generated insights
 * stay cached while it holds still (docs/decisions/043-insights-data-version.md).
 */
export const insightsVersions = pgTable("insights_versions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
});
