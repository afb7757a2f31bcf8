// Who may use what (spec section 6): one decision from the plan (a live trial counts as pro) and a
// demo grant (which opens every feature that lists pro or team while it lasts).
import { FEATURES, isFeatureId } from "./features.ts";
import type { EffectivePlan } from "./subscription.ts";

export const FREE_TASK_LIMIT = 50;
export const FREE_HISTORY_DAYS = 7;

export type DemoGrant = { expiresAt: Date } | null;
export type AccessDecision = { allowed: boolean; requiredPlan: "pro" | "team" };

export function canUse(feature: string, plan: EffectivePlan, demo: DemoGrant, now: Date): AccessDecision {
  if (!isFeatureId(feature)) return { allowed: false, requiredPlan: "pro" };
  const entry = FEATURES[feature];
  const requiredPlan = entry.tiers.includes("pro") ? "pro" : "team";
  if (entry.everyone) return { allowed: true, requiredPlan };
  const tier = plan === "trial" ? "pro" : plan;
  if (tier !== "free" && entry.tiers.includes(tier)) return { allowed: true, requiredPlan };
  const demoLive = demo !== null && demo.expiresAt.getTime() > now.getTime();
  if (demoLive && (entry.tiers.includes("pro") || entry.tiers.includes("team")))
    return { allowed: true, requiredPlan };
  return { allowed: false, requiredPlan };
}

/** Paid plans (and the trial) hold unlimited tasks; the free plan holds 50. */
export function taskLimit(plan: EffectivePlan): number | null {
  return plan === "free" ? FREE_TASK_LIMIT : null;
}

/** Days of history (time logs, analytics) a plan shows; null means all. */
export function historyDays(plan: EffectivePlan): number | null {
  return plan === "free" ? FREE_HISTORY_DAYS : null;
}
