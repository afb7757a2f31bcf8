// The person's subscription row: created with the 7-day trial at sign-up, read to decide the plan.
// A member of someone else's team is on Team while that team's subscription is.
import { and, eq, ne } from "drizzle-orm";
import type { BillingDetails } from "#shared/contracts/billing.ts";
import { planTotal } from "#shared/domain/plans.ts";
import { type PlanStatus, planStatus, trialEndFor } from "#shared/domain/subscription.ts";
import type { Db } from "../../db/client.ts";
import { member } from "../../db/schema/auth.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { billingOf } from "./service.ts";

export async function startTrial(db: Db, userId: string, now: Date) {
  await db
    .insert(subscriptions)
    .values({ userId, planId: "trial", status: "trialing", trialEndsAt: trialEndFor(now) })
    .onConflictDoNothing({ target: subscriptions.userId });
}

export async function getSubscriptionRow(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row ?? null;
}

/** True when the person belongs to a team whose owner's Team subscription is live. */
export async function memberOfLiveTeam(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ s: subscriptions })
    .from(member)
    .innerJoin(subscriptions, eq(subscriptions.organizationId, member.organizationId))
    .where(and(eq(member.userId, userId), ne(subscriptions.userId, userId)));
  return rows.some(({ s }) => planStatus(s, now).plan === "team");
}

export async function getPlanStatus(db: Db, userId: string, now: Date): Promise<PlanStatus> {
  const own = planStatus(await getSubscriptionRow(db, userId), now);
  if (own.plan === "team" || !(await memberOfLiveTeam(db, userId, now))) return own;
  return { ...own, plan: "team", label: "Team", trialDaysLeft: null, trialExpired: false };
}

export async function getBillingDetails(db: Db, userId: string, now: Date): Promise<BillingDetails> {
  const row = await getSubscriptionRow(db, userId);
  const status = planStatus(row, now);
  const paid = status.plan === "pro" || status.plan === "team" ? status.plan : null;
  const billing = billingOf(row?.billingInterval ?? "month");
  const seats = row?.seats ?? 1;
  return {
    provider: row?.provider === "stripe" ? "stripe" : "local",
    plan: paid,
    status: row?.status ?? "expired",
    seats,
    billing,
    currentPeriodEnd: paid && row?.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: paid ? (row?.cancelAtPeriodEnd ?? false) : false,
    amount: paid ? planTotal(paid, { seats, billing }) : null,
    teamMember: !paid && (await memberOfLiveTeam(db, userId, now)),
  };
}
