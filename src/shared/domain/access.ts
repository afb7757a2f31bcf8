// Who may use what (spec section 6): one decision from the plan (a live trial counts as pro) and a
// demo grant (which opens every feature that lists pro or team while it lasts). The server asks the
// entitlements service (entitlements.ts beside this file decides limits as well); the web's route
// guards ask this directly with what /api/subscription reports.
import { FEATURES, isFeatureId } from "./features.ts";
import type { EffectivePlan } from "./subscription.ts";

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
