// What Stripe's events do to Kairo: the mapping of a verified event to a change, and the writes that
// apply it. The transport (raw body, signature check, HTTP answer) is stripe-webhook.ts. Each event
// id is recorded in stripe_events in the same transaction that applies it, so a redelivered event
// changes nothing the second time.
//
// Subscription events are applied from the subscription as Stripe holds it when the event is handled
// (fetched through the API), not from the payload alone: Stripe does not promise delivery order, so an
// older event arriving late still leaves the newest state in place.

import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { PurchasablePlan } from "#shared/contracts/billing.ts";
import type { BillingCycle } from "#shared/domain/plans.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { stripeEvents, subscriptions } from "../../db/schema/billing.ts";
import type { Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { Logger } from "../../logger.ts";
import { STRIPE_METADATA, type StripePayments } from "../../providers/payments/stripe.ts";
import {
  type Activation,
  activateSubscription,
  applyProviderUpdate,
  endProviderSubscription,
  type ProviderUpdate,
  periodEnd,
} from "./service.ts";

/** What Kairo reads from a Stripe subscription. */
export type StripeSubscriptionState = {
  subscriptionId: string;
  customerId: string | null;
  plan: PurchasablePlan | null;
  billing: BillingCycle | null;
  seats: number;
  /** Kairo's status; null for a Stripe status that does not change it (incomplete, paused). */
  status: "active" | "past_due" | null;
  /** Stripe ended the subscription (canceled, incomplete_expired). */
  ended: boolean;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  metadata: Record<string, string>;
};

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === "string" ? v : (v?.id ?? null);

/** Reads a subscription (any API version: the period end moved from the subscription to its items). */
export function readStripeSubscription(
  sub: Stripe.Subscription,
  priceOf: StripePayments["priceOf"],
): StripeSubscriptionState {
  const item = sub.items?.data?.[0];
  const price = item?.price ? priceOf(item.price.id) : null;
  const legacy = sub as unknown as { current_period_end?: number };
  const itemEnd = item?.current_period_end ?? legacy.current_period_end ?? null;
  const cancelAt = sub.cancel_at ?? null;
  const endSeconds = cancelAt !== null && (itemEnd === null || cancelAt < itemEnd) ? cancelAt : itemEnd;
  const status =
    sub.status === "active" || sub.status === "trialing"
      ? "active"
      : sub.status === "past_due" || sub.status === "unpaid"
        ? "past_due"
        : null;
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer),
    plan: price?.plan ?? null,
    billing: price?.billing ?? null,
    seats: Math.max(1, item?.quantity ?? 1),
    status,
    ended: sub.status === "canceled" || sub.status === "incomplete_expired",
    cancelAtPeriodEnd: sub.cancel_at_period_end || cancelAt !== null,
    currentPeriodEnd: endSeconds ? new Date(endSeconds * 1000) : null,
    metadata: sub.metadata ?? {},
  };
}

const asPlan = (v: unknown): PurchasablePlan | null => (v === "pro" || v === "team" ? v : null);
const asBilling = (v: unknown): BillingCycle | null => (v === "monthly" || v === "yearly" ? v : null);

/** What an event does to Kairo, decided before the transaction (it may ask Stripe for the subscription). */
type Change =
  | { kind: "activate"; activation: Activation; after: ProviderUpdate | null }
  | { kind: "update"; update: ProviderUpdate }
  | { kind: "end"; subscriptionId: string }
  | { kind: "past_due"; subscriptionId: string }
  | { kind: "ignore"; reason: string };

function updateFrom(state: StripeSubscriptionState): Change {
  if (state.ended) return { kind: "end", subscriptionId: state.subscriptionId };
  return {
    kind: "update",
    update: {
      subscriptionId: state.subscriptionId,
      // A price Kairo does not sell leaves plan and seats as they were.
      ...(state.plan
        ? {
            plan: state.plan,
            billing: state.billing ?? undefined,
            seats: state.plan === "pro" ? 1 : state.seats,
          }
        : {}),
      ...(state.status ? { status: state.status } : {}),
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      ...(state.currentPeriodEnd ? { currentPeriodEnd: state.currentPeriodEnd } : {}),
    },
  };
}

async function checkoutCompleted(
  session: Stripe.Checkout.Session,
  payments: StripePayments,
  now: Date,
): Promise<Change> {
  if (session.mode !== "subscription") return { kind: "ignore", reason: "not a subscription checkout" };
  // Delayed payment methods complete the checkout unpaid; checkout.session.async_payment_succeeded follows.
  if (session.payment_status === "unpaid") return { kind: "ignore", reason: "checkout not paid yet" };
  const meta = session.metadata ?? {};
  const userId = session.client_reference_id ?? meta[STRIPE_METADATA.userId] ?? null;
  const subscriptionId = idOf(session.subscription);
  if (!userId || !subscriptionId) return { kind: "ignore", reason: "no Kairo user or subscription" };
  const expanded = typeof session.subscription === "object" ? session.subscription : null;
  const sub = expanded?.items ? expanded : await payments.retrieveSubscription(subscriptionId);
  if (!sub) return { kind: "ignore", reason: "Stripe does not know the subscription" };
  const state = readStripeSubscription(sub, payments.priceOf);
  if (state.ended) return { kind: "ignore", reason: "the subscription has already ended" };
  const plan = state.plan ?? asPlan(meta[STRIPE_METADATA.plan]);
  const billing = state.billing ?? asBilling(meta[STRIPE_METADATA.billing]) ?? "monthly";
  if (!plan) return { kind: "ignore", reason: "unknown plan" };
  const activation: Activation = {
    userId,
    plan,
    seats: plan === "team" ? state.seats : 1,
    billing,
    provider: "stripe",
    customerId: idOf(session.customer) ?? state.customerId,
    subscriptionId,
    currentPeriodEnd: state.currentPeriodEnd ?? periodEnd(now, billing),
  };
  const after =
    (state.status && state.status !== "active") || state.cancelAtPeriodEnd
      ? {
          subscriptionId,
          ...(state.status ? { status: state.status } : {}),
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        }
      : null;
  return { kind: "activate", activation, after };
}

async function subscriptionChanged(sent: Stripe.Subscription, payments: StripePayments): Promise<Change> {
  // The newest state wins; a subscription Stripe no longer has is read from the event itself.
  const latest = (await payments.retrieveSubscription(sent.id)) ?? sent;
  return updateFrom(readStripeSubscription(latest, payments.priceOf));
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  // Endpoints pinned to API versions before 2025-03-31 send the id at the top level.
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return current ?? idOf(legacy);
}

async function decide(event: Stripe.Event, payments: StripePayments, now: Date): Promise<Change> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutCompleted(event.data.object, payments, now);
    case "customer.subscription.updated":
      return subscriptionChanged(event.data.object, payments);
    case "customer.subscription.deleted":
      return { kind: "end", subscriptionId: event.data.object.id };
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscriptionId(event.data.object);
      return subscriptionId
        ? { kind: "past_due", subscriptionId }
        : { kind: "ignore", reason: "not a subscription invoice" };
    }
    default:
      return { kind: "ignore", reason: "event type not handled" };
  }
}

/** Whose subscription Stripe's `subscriptionId` is in Kairo, if any. */
async function subscriberOf(tx: Tx, subscriptionId: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
    .limit(1);
  return row?.userId ?? null;
}

/** The person whose subscription this change is about. */
function subscriptionOf(change: Change): string | null {
  switch (change.kind) {
    case "activate":
      return change.activation.subscriptionId;
    case "update":
      return change.update.subscriptionId;
    case "end":
    case "past_due":
      return change.subscriptionId;
    case "ignore":
      return null;
  }
}

async function apply(tx: Tx, change: Change, now: Date, log: Logger | undefined) {
  switch (change.kind) {
    case "activate": {
      const [buyer] = await tx
        .select({ id: user.id })
        .from(user)
        .where(eq(user.id, change.activation.userId))
        .limit(1);
      if (!buyer) {
        log?.warn({ subscription: change.activation.subscriptionId }, "stripe checkout for an unknown user");
        return;
      }
      await activateSubscription(tx, change.activation);
      if (change.after) await applyProviderUpdate(tx, change.after);
      return;
    }
    case "update": {
      const found = await applyProviderUpdate(tx, change.update);
      if (!found)
        log?.info({ subscription: change.update.subscriptionId }, "stripe update for no Kairo subscription");
      return;
    }
    case "end":
      await endProviderSubscription(tx, change.subscriptionId, now);
      return;
    case "past_due": {
      // Only a live paid plan falls behind on payment; an ended one stays ended.
      const [row] = await tx
        .select({ planId: subscriptions.planId, status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, change.subscriptionId))
        .limit(1);
      if (row?.planId && (row.status === "active" || row.status === "past_due")) {
        await applyProviderUpdate(tx, { subscriptionId: change.subscriptionId, status: "past_due" });
      }
      return;
    }
    case "ignore":
      return;
  }
}

export type ApplyStripeEventOptions = {
  db: Db;
  events: Pick<DomainEvents, "emit" | "afterCommit">;
  payments: StripePayments;
  /** An event whose signature has been checked. */
  event: Stripe.Event;
  clock: () => Date;
  log?: Logger;
};

/**
 * Applies one verified Stripe event, once: answers `duplicate: true` for an event id seen before
 * (nothing is changed again). Announces `plan.changed` to the subscriber after commit.
 */
export async function applyStripeEvent(o: ApplyStripeEventOptions): Promise<{ duplicate: boolean }> {
  const { db, event, log } = o;
  const now = o.clock();
  const [seen] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id))
    .limit(1);
  if (seen) return { duplicate: true };

  const change = await decide(event, o.payments, now);
  const applied = await o.events.afterCommit(() =>
    db.transaction(async (tx) => {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, receivedAt: now })
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id });
      if (inserted.length === 0) return false;
      await apply(tx, change, now, log);
      // Read after the change: an activation has just written the row.
      const subscriptionId = subscriptionOf(change);
      const personId = subscriptionId ? await subscriberOf(tx, subscriptionId) : null;
      if (personId) o.events.emit({ type: "plan.changed", personId });
      return true;
    }),
  );
  if (applied && change.kind === "ignore")
    log?.debug({ type: event.type, reason: change.reason }, "stripe event ignored");
  return { duplicate: !applied };
}
