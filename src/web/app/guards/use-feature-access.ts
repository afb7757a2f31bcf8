// Whether the signed-in person may use a feature: the shared access rules applied to the plan the
// server reports (a live trial counts as pro). The server enforces the same rules on its calls.

import type { SubscriptionResponse } from "#shared/contracts/billing.ts";
import { canUse } from "#shared/domain/access.ts";
import { localDemoExpiry } from "#shared/domain/demo.ts";
import type { FeatureId } from "#shared/domain/features.ts";
import { useSession } from "#web/lib/session.ts";
import { useSubscription } from "#web/lib/subscription.ts";

export type FeatureAccess = "loading" | "granted" | "denied";

export function useFeatureAccess(feature: FeatureId): FeatureAccess {
  const session = useSession();
  const plan = useSubscription(session.status === "signed-in");
  if (session.status === "loading") return "loading";
  if (session.status === "signed-out") return "denied";
  if (plan.isPending) return "loading";
  if (plan.isError) return "denied";
  return planAllows(feature, plan.data, plan.dataUpdatedAt) ? "granted" : "denied";
}

/**
 * The rule itself, for the gate and for route loaders alike: the plan the server reported (fetched
 * at `fetchedAt`, which dates a demo grant's remaining time) allows the feature now.
 */
export function planAllows(
  feature: FeatureId,
  subscription: SubscriptionResponse,
  fetchedAt: number,
): boolean {
  const expiry = localDemoExpiry(subscription.demo, fetchedAt);
  const demo = expiry ? { expiresAt: expiry } : null;
  return canUse(feature, subscription.plan, demo, new Date()).allowed;
}
