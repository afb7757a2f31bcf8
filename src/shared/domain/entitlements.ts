// What a person is entitled to (spec section 6 "Plan contents" and section 9), decided in one place
// from the facts that count: their own plan (a live trial counts as Pro), membership of a team whose
// Team plan is live, and a live demo preview. The server's entitlements service
// (src/server/modules/entitlements/entitlements.ts) reads the facts and asks here; nothing else
// computes a plan rule.
import { canUse } from "./access.ts";
import type { FeatureId } from "./features.ts";
import type { EffectivePlan } from "./subscription.ts";

export const FREE_TASK_LIMIT = 50;
export const FREE_HISTORY_DAYS = 7;
export const PRO_WORKFLOW_LIMIT = 5;
export const FREE_CALENDAR_CONNECTIONS = 1;

/** The tier a person's limits follow. */
export type EntitlementTier = "free" | "pro" | "team";

export type EntitlementFacts = {
  /** The person's own subscription as `planStatus` reads it: free, a live trial, pro or team. */
  ownPlan: EffectivePlan;
  /** They belong to someone else's team whose Team subscription is live. */
  teamMember: boolean;
  /** When their live demo preview ends; null when none runs. */
  demoExpiresAt: Date | null;
};

/** Limits: null means unlimited. */
export type EntitlementLimits = {
  taskLimit: number | null;
  /** Days of history (time logs, analytics, the calendar's tracked time) shown; null means all. */
  historyDays: number | null;
  workflowLimit: number | null;
  calendarConnectionLimit: number | null;
};

export type EntitlementDecision = EntitlementLimits & {
  tier: EntitlementTier;
  demoLive: boolean;
  can(feature: FeatureId): boolean;
  /** The plan to offer when `feature` is refused. */
  requiredPlan(feature: FeatureId): "pro" | "team";
};

const LIMITS: Record<EntitlementTier, EntitlementLimits> = {
  free: {
    taskLimit: FREE_TASK_LIMIT,
    historyDays: FREE_HISTORY_DAYS,
    workflowLimit: 0,
    calendarConnectionLimit: FREE_CALENDAR_CONNECTIONS,
  },
  pro: {
    taskLimit: null,
    historyDays: null,
    workflowLimit: PRO_WORKFLOW_LIMIT,
    calendarConnectionLimit: null,
  },
  team: { taskLimit: null, historyDays: null, workflowLimit: null, calendarConnectionLimit: null },
};

/**
 * The one decision. A live trial counts as Pro; a live team membership as Team; a live demo preview
 * opens every feature that lists Pro or Team (spec section 6), so it counts as Team, for features
 * and limits alike.
 */
export function decideEntitlements(facts: EntitlementFacts, now: Date): EntitlementDecision {
  const demoLive = facts.demoExpiresAt !== null && facts.demoExpiresAt.getTime() > now.getTime();
  const own: EntitlementTier = facts.ownPlan === "team" ? "team" : facts.ownPlan === "free" ? "free" : "pro";
  const tier: EntitlementTier = demoLive || facts.teamMember ? "team" : own;
  const plan: EffectivePlan = tier;
  return {
    tier,
    demoLive,
    ...LIMITS[tier],
    can: (feature) => canUse(feature, plan, null, now).allowed,
    requiredPlan: (feature) => canUse(feature, plan, null, now).requiredPlan,
  };
}
