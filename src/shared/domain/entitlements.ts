// What a person is entitled to (spec section 6 "Plan contents" and section 9), decided in one place
// from the facts that count: their own plan (a live trial counts as Pro), membership of a team whose
// Team plan is live, and a live demo preview. The server's entitlements service
// (src/server/modules/entitlements/entitlements.ts) reads the facts and asks here; nothing else
// computes a plan rule.
import { canUse } from "./access.ts";
import { FEATURES, type FeatureId } from "./features.ts";
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
  /**
   * Why one of the person's active workflows does not run now, or null when it runs. `rank` is its
   * place among their active workflows, oldest first (1 = the oldest): without Workflow Automation
   * none runs, and past the plan's limit only the oldest `workflowLimit` do. Asked at run time, so
   * a trial or a demo preview that ends stops the extra workflows without anything written.
   */
  workflowPause(rank: number): string | null;
};

const PLAN_NAMES = { pro: "Pro", team: "Team" } as const;

/** What an active workflow over the plan's limit shows (issue 22). */
export const overWorkflowLimitText = (limit: number) =>
  `Paused: over your plan's limit of ${limit} active workflows`;

/** What an active workflow shows when the plan lacks Workflow Automation. */
export function workflowFeatureLostText(plan: "pro" | "team") {
  const name = PLAN_NAMES[plan];
  return `Paused: ${FEATURES.workflow_automation.name} is part of the ${name} plan. Upgrade to ${name} to run it again.`;
}

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
  const limits = LIMITS[tier];
  const can = (feature: FeatureId) => canUse(feature, plan, null, now).allowed;
  const requiredPlan = (feature: FeatureId) => canUse(feature, plan, null, now).requiredPlan;
  return {
    tier,
    demoLive,
    ...limits,
    can,
    requiredPlan,
    workflowPause(rank) {
      if (!can("workflow_automation")) return workflowFeatureLostText(requiredPlan("workflow_automation"));
      const limit = limits.workflowLimit;
      return limit !== null && rank > limit ? overWorkflowLimitText(limit) : null;
    },
  };
}
