// The person's subscription row: created with the 7-day trial at sign-up, read to decide the plan.
import { eq } from "drizzle-orm";
import { type PlanStatus, planStatus, trialEndFor } from "#shared/domain/subscription.ts";
import type { Db } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/billing.ts";

export async function startTrial(db: Db, userId: string, now: Date) {
  await db
    .insert(subscriptions)
    .values({ userId, planId: "trial", status: "trialing", trialEndsAt: trialEndFor(now) })
    .onConflictDoNothing({ target: subscriptions.userId });
}

export async function getPlanStatus(db: Db, userId: string, now: Date): Promise<PlanStatus> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return planStatus(row ?? null, now);
}
