// Whether the signed-in person may use a feature: the shared access rules applied to the plan the
// server reports (a live trial counts as pro). The server enforces the same rules on its calls.
import { canUse } from "#shared/domain/access.ts";
import { localDemoExpiry } from "#shared/domain/demo.ts";
import type { FeatureId } from "#shared/domain/features.ts";
import { useSession } from "../../lib/session.ts";
import { useSubscription } from "../../lib/subscription.ts";

export type FeatureAccess = "loading" | "granted" | "denied";

export function useFeatureAccess(feature: FeatureId): FeatureAccess {
  const session = useSession();
  const plan = useSubscription(session.status === "signed-in");
  if (session.status === "loading") return "loading";
  if (session.status === "signed-out") return "denied";
  if (plan.isPending) return "loading";
  if (plan.isError) return "denied";
  const expiry = localDemoExpiry(plan.data.demo, plan.dataUpdatedAt);
  const demo = expiry ? { expiresAt: expiry } : null;
  return canUse(feature, plan.data.plan, demo, new Date()).allowed ? "granted" : "denied";
}
