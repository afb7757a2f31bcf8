// What the dashboard says when checkout sends the browser back (spec section 2, route table:
// /dashboard?upgrade=success|cancelled). Pure, so the words are tested without a browser.
import { PLANS } from "#shared/domain/plans.ts";
import { UPGRADE_PARAM, UPGRADE_PLAN_PARAM } from "./upgrade-params.ts";
import { isUpgradePlan } from "./upgrade-plan.ts";

export type UpgradeReturnNotice = { tone: "success" | "info"; title: string; description: string };

export function upgradeReturnNotice(params: URLSearchParams): UpgradeReturnNotice | null {
  const outcome = params.get(UPGRADE_PARAM);
  if (outcome === "success") {
    const plan = params.get(UPGRADE_PLAN_PARAM);
    const name = isUpgradePlan(plan) ? PLANS[plan].name : null;
    return {
      tone: "success",
      title: "Upgrade successful",
      description: name
        ? `Welcome to ${name}! Your new features are unlocked.`
        : "Your new features are unlocked.",
    };
  }
  if (outcome === "cancelled" || outcome === "canceled") {
    return { tone: "info", title: "Upgrade cancelled", description: "No payment was made." };
  }
  return null;
}

/** The same search without the return parameters, or null when there were none. */
export function withoutUpgradeParams(params: URLSearchParams): URLSearchParams | null {
  if (!params.has(UPGRADE_PARAM)) return null;
  const next = new URLSearchParams(params);
  next.delete(UPGRADE_PARAM);
  next.delete(UPGRADE_PLAN_PARAM);
  return next;
}

/** The addresses checkout returns to, on this origin. */
export function upgradeReturnUrls(origin: string, plan: string) {
  const base = `${origin}/dashboard`;
  return {
    successUrl: `${base}?${UPGRADE_PARAM}=success&${UPGRADE_PLAN_PARAM}=${encodeURIComponent(plan)}`,
    cancelUrl: `${base}?${UPGRADE_PARAM}=cancelled`,
  };
}
