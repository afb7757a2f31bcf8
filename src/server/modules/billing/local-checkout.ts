// The local provider's side of a payment: the test checkout page reads a prepared checkout, and its
// Pay button is the server-side confirmation that activates the plan. The local billing portal
// changes seats, switches plan, or cancels at the period end.

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { BillingDetails, LocalCheckoutDto, LocalPortalAction } from "#shared/contracts/billing.ts";
import { checkoutAmounts } from "#shared/domain/billing.ts";
import { PLANS, TEAM_SIZE } from "#shared/domain/plans.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { checkoutSessions, subscriptions } from "../../db/schema/billing.ts";
import type { Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { PaymentProvider } from "../../providers/payments/payment-provider.ts";
import { billingNotConfigured } from "../../providers/payments/unconfigured.ts";
import { seatReductionMessage, seatUsage } from "../team/seat-usage.ts";
import { activateSubscription, billingOf, periodEnd } from "./service.ts";
import { getBillingDetails } from "./subscription.ts";

type CheckoutRow = typeof checkoutSessions.$inferSelect;
type Events = Pick<DomainEvents, "emit" | "afterCommit">;

const notFound = () => new AppError("NOT_FOUND", "This checkout does not exist.");

/** These calls exist only for the built-in test provider: 503 without payments, 404 with a real one. */
function requireLocalPayments(payments: Pick<PaymentProvider, "name">) {
  if (payments.name === "none") throw billingNotConfigured();
  if (payments.name !== "local") {
    throw new AppError("NOT_FOUND", "Payments are handled by the payment provider's own pages.");
  }
}

/** What every local-checkout use case is given: who asks about which checkout, and when. */
export type LocalCheckoutOptions = {
  db: Db;
  payments: Pick<PaymentProvider, "name">;
  personId: string;
  checkoutId: string;
  clock: () => Date;
};

function effectiveStatus(row: CheckoutRow, now: Date): LocalCheckoutDto["status"] {
  if (row.status === "open" && row.expiresAt <= now) return "expired";
  return row.status as LocalCheckoutDto["status"];
}

function toDto(row: CheckoutRow, now: Date): LocalCheckoutDto {
  const plan = row.plan === "team" ? "team" : "pro";
  const billing = billingOf(row.billingInterval);
  const { regular } = checkoutAmounts(plan, row.seats, billing, false);
  const amount = row.amountCents / 100;
  return {
    id: row.id,
    plan,
    planName: PLANS[plan].name,
    seats: row.seats,
    billing,
    amount,
    regularAmount: regular,
    launchOffer: amount < regular,
    status: effectiveStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
  };
}

async function ownCheckout(db: Db, userId: string, id: string): Promise<CheckoutRow> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function readLocalCheckout(o: LocalCheckoutOptions): Promise<LocalCheckoutDto> {
  requireLocalPayments(o.payments);
  return toDto(await ownCheckout(o.db, o.personId, o.checkoutId), o.clock());
}

/** Pay: confirms the payment and activates the plan, once. Answers where the browser goes next. */
export async function payLocalCheckout(
  o: LocalCheckoutOptions & { events: Events },
): Promise<{ url: string }> {
  requireLocalPayments(o.payments);
  const { db, events, personId: userId, checkoutId: id } = o;
  const now = o.clock();
  const url = await events.afterCommit(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)))
        .for("update");
      if (!row) throw notFound();
      const status = effectiveStatus(row, now);
      if (status === "paid") return row.successUrl;
      if (status !== "open") {
        throw new AppError(
          "CONFLICT",
          status === "expired"
            ? "This checkout has expired. Please start the upgrade again."
            : "This checkout was cancelled. Please start the upgrade again.",
        );
      }
      await tx
        .update(checkoutSessions)
        .set({ status: "paid", completedAt: now })
        .where(eq(checkoutSessions.id, id));
      const billing = billingOf(row.billingInterval);
      const [existing] = await tx
        .select({ subscriptionId: subscriptions.providerSubscriptionId, provider: subscriptions.provider })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .limit(1);
      await activateSubscription(tx, {
        userId,
        plan: row.plan === "team" ? "team" : "pro",
        seats: row.seats,
        billing,
        provider: "local",
        customerId: `local_cus_${userId}`,
        subscriptionId:
          existing?.provider === "local" && existing.subscriptionId
            ? existing.subscriptionId
            : `local_sub_${randomUUID()}`,
        currentPeriodEnd: periodEnd(now, billing),
      });
      events.emit({ type: "plan.changed", personId: userId });
      return row.successUrl;
    }),
  );
  return { url };
}

/** Cancel on the test checkout page: closes an open checkout and answers where the browser goes. */
export async function cancelLocalCheckout(o: LocalCheckoutOptions): Promise<{ url: string }> {
  requireLocalPayments(o.payments);
  const { db, personId: userId, checkoutId: id } = o;
  const now = o.clock();
  const row = await ownCheckout(db, userId, id);
  if (effectiveStatus(row, now) === "open") {
    await db
      .update(checkoutSessions)
      .set({ status: "canceled", completedAt: now })
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")));
  }
  return { url: row.cancelUrl };
}

/**
 * The local billing portal's actions on the person's own local subscription; answers the billing
 * details after the change.
 */
export async function applyLocalPortalAction(o: {
  db: Db;
  events: Events;
  payments: Pick<PaymentProvider, "name">;
  personId: string;
  action: LocalPortalAction;
  clock: () => Date;
}): Promise<BillingDetails> {
  requireLocalPayments(o.payments);
  const { db, events, personId } = o;
  const now = o.clock();
  await events.afterCommit(() =>
    db.transaction(async (tx) => {
      await localPortalAction(tx, personId, o.action, now);
      events.emit({ type: "plan.changed", personId });
    }),
  );
  return getBillingDetails(db, personId, o.clock());
}

async function localPortalAction(tx: Tx, userId: string, action: LocalPortalAction, now: Date) {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
  const live =
    sub &&
    (sub.planId === "pro" || sub.planId === "team") &&
    (sub.status === "active" || sub.status === "past_due") &&
    (!sub.currentPeriodEnd || sub.currentPeriodEnd > now);
  if (!sub || !live) throw new AppError("CONFLICT", "You have no paid plan to manage.");
  if (sub.provider !== "local") {
    throw new AppError("CONFLICT", "This subscription is managed by the payment provider's billing portal.");
  }
  switch (action.action) {
    case "change_seats": {
      if (sub.planId !== "team") throw new AppError("VALIDATION", "Only the Team plan is billed per seat.");
      if (action.seats < TEAM_SIZE.min) {
        throw new AppError("VALIDATION", `Team size must be between ${TEAM_SIZE.min} and ${TEAM_SIZE.max}.`);
      }
      // Fewer seats than the team already uses: members (and pending invitations) go first.
      if (sub.organizationId) {
        const usage = await seatUsage(tx, sub.organizationId, now);
        if (action.seats < usage.used) {
          throw new AppError("CONFLICT", seatReductionMessage(usage, action.seats));
        }
      }
      await tx.update(subscriptions).set({ seats: action.seats }).where(eq(subscriptions.id, sub.id));
      return;
    }
    case "switch_plan": {
      const plan = action.plan === "team" ? "team" : "pro";
      if (plan === sub.planId) throw new AppError("CONFLICT", `You are already on ${PLANS[plan].name}.`);
      const seats = plan === "team" ? Math.max(TEAM_SIZE.min, sub.seats) : 1;
      await activateSubscription(tx, {
        userId,
        plan,
        seats,
        billing: billingOf(sub.billingInterval),
        provider: "local",
        customerId: sub.providerCustomerId,
        subscriptionId: sub.providerSubscriptionId ?? `local_sub_${randomUUID()}`,
        currentPeriodEnd: sub.currentPeriodEnd ?? periodEnd(now, billingOf(sub.billingInterval)),
      });
      return;
    }
    case "cancel":
      await tx.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id));
      return;
    case "resume":
      await tx.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, sub.id));
      return;
  }
}
