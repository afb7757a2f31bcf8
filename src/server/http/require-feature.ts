// The server side of the access gate: a gated call asks here before doing anything. The decision is
// the shared `canUse` (the same rules the web's route guards apply) from the person's plan, which
// counts a live trial as pro and a member of a live team as team, and their demo preview.
import type { Context } from "hono";
import { canUse } from "#shared/domain/access.ts";
import { FEATURES, type FeatureId } from "#shared/domain/features.ts";
import type { PlanStatus } from "#shared/domain/subscription.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../app.ts";
import { demoStatus } from "../modules/billing/demo.ts";
import { getPlanStatus } from "../modules/billing/subscription.ts";
import { requireUser } from "./session.ts";
import type { AppBindings, SessionUser } from "./types.ts";

const PLAN_NAMES = { pro: "Pro", team: "Team" } as const;

/**
 * The signed-in person allowed to use `feature`, with their plan; otherwise a 401, or a 403
 * PLAN_REQUIRED naming the plan that unlocks it (also in the body as `requiredPlan`).
 */
export async function requireFeature(
  c: Context<AppBindings>,
  deps: Pick<AppDeps, "database" | "clock">,
  feature: FeatureId,
): Promise<{ user: SessionUser; plan: PlanStatus }> {
  const user = requireUser(c);
  const db = deps.database.db;
  const now = deps.clock();
  const [plan, demo] = await Promise.all([getPlanStatus(db, user.id, now), demoStatus(db, user.id, now)]);
  const grant = demo.active && demo.expiresAt ? { expiresAt: new Date(demo.expiresAt) } : null;
  const decision = canUse(feature, plan.plan, grant, now);
  if (!decision.allowed) {
    const planName = PLAN_NAMES[decision.requiredPlan];
    throw new AppError(
      "PLAN_REQUIRED",
      `${FEATURES[feature].name} is part of the ${planName} plan. Upgrade to ${planName} to use it.`,
      { requiredPlan: decision.requiredPlan },
    );
  }
  return { user, plan };
}
