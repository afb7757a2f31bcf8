// The subscription lifecycle, shared by every PaymentProvider: what happens when a payment is
// confirmed, a subscription changes or ends, or a payment fails. Only server-side confirmations
// call these (the local provider's Pay, Stripe's signed webhooks, an admin override).

import { eq } from "drizzle-orm";
import type { PurchasablePlan } from "#shared/contracts/billing.ts";
import type { BillingCycle } from "#shared/domain/plans.ts";
import type { Db } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import type { Tx } from "../../db/transaction.ts";
import { ensureTeam } from "../team/seats.ts";

type Conn = Db | Tx;

export type Activation = {
  userId: string;
  plan: PurchasablePlan;
  seats: number;
  billing: BillingCycle;
  provider: "local" | "stripe";
  customerId: string | null;
  subscriptionId: string;
  currentPeriodEnd: Date;
};

export const intervalOf = (billing: BillingCycle) => (billing === "yearly" ? "year" : "month");
export const billingOf = (interval: string): BillingCycle => (interval === "year" ? "yearly" : "monthly");

/** One period after `from`: a calendar month or year. */
export function periodEnd(from: Date, billing: BillingCycle): Date {
  const end = new Date(from);
  if (billing === "yearly") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** A confirmed purchase: the person is on the plan now; the team plan gets its team. */
export async function activateSubscription(conn: Conn, a: Activation): Promise<void> {
  const values = {
    planId: a.plan,
    status: "active",
    seats: a.seats,
    billingInterval: intervalOf(a.billing),
    provider: a.provider,
    providerCustomerId: a.customerId,
    providerSubscriptionId: a.subscriptionId,
    currentPeriodEnd: a.currentPeriodEnd,
    cancelAtPeriodEnd: false,
  };
  await conn
    .insert(subscriptions)
    .values({ userId: a.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  if (a.plan === "team") await ensureTeam(conn, a.userId);
}

export type ProviderUpdate = {
  subscriptionId: string;
  plan?: PurchasablePlan;
  seats?: number;
  billing?: BillingCycle;
  status?: "active" | "past_due" | "canceled";
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: Date;
};

/** A change the provider reports for a subscription it owns. Returns false when none matches. */
export async function applyProviderUpdate(conn: Conn, u: ProviderUpdate): Promise<boolean> {
  const set: Partial<typeof subscriptions.$inferInsert> = {};
  if (u.plan) set.planId = u.plan;
  if (u.seats !== undefined) set.seats = u.seats;
  if (u.billing) set.billingInterval = intervalOf(u.billing);
  if (u.status) set.status = u.status;
  if (u.cancelAtPeriodEnd !== undefined) set.cancelAtPeriodEnd = u.cancelAtPeriodEnd;
  if (u.currentPeriodEnd) set.currentPeriodEnd = u.currentPeriodEnd;
  if (Object.keys(set).length === 0) return true;
  const rows = await conn
    .update(subscriptions)
    .set(set)
    .where(eq(subscriptions.providerSubscriptionId, u.subscriptionId))
    .returning({ userId: subscriptions.userId, planId: subscriptions.planId });
  const row = rows[0];
  if (row?.planId === "team") await ensureTeam(conn, row.userId);
  return rows.length > 0;
}

/** The provider ended the subscription: the person is back on free from now. */
export async function endProviderSubscription(
  conn: Conn,
  subscriptionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await conn
    .update(subscriptions)
    .set({ planId: null, status: "canceled", currentPeriodEnd: now, cancelAtPeriodEnd: false })
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
