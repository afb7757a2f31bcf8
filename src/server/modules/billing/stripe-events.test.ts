import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { readStripeSubscription } from "./stripe-events.ts";

const priceOf = (id: string) =>
  id === "price_team_yearly"
    ? ({ plan: "team", billing: "yearly" } as const)
    : id === "price_pro_monthly"
      ? ({ plan: "pro", billing: "monthly" } as const)
      : null;

const END = 1_900_000_000;

function sub(over: Record<string, unknown> = {}, item: Record<string, unknown> = {}) {
  return {
    id: "sub_1",
    customer: { id: "cus_1" },
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: {},
    items: { data: [{ quantity: 4, current_period_end: END, price: { id: "price_team_yearly" }, ...item }] },
    ...over,
  } as unknown as Stripe.Subscription;
}

describe("readStripeSubscription", () => {
  it("reads plan, billing and seats from the price and quantity, and the period end from the item", () => {
    expect(readStripeSubscription(sub(), priceOf)).toMatchObject({
      subscriptionId: "sub_1",
      customerId: "cus_1",
      plan: "team",
      billing: "yearly",
      seats: 4,
      status: "active",
      ended: false,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(END * 1000),
    });
  });

  it.each([
    ["active", "active", false],
    ["trialing", "active", false],
    ["past_due", "past_due", false],
    ["unpaid", "past_due", false],
    ["canceled", null, true],
    ["incomplete_expired", null, true],
    ["incomplete", null, false],
    ["paused", null, false],
  ])("Stripe status %s → %s (ended %s)", (stripeStatus, status, ended) => {
    expect(readStripeSubscription(sub({ status: stripeStatus }), priceOf)).toMatchObject({ status, ended });
  });

  it("a price Kairo does not sell gives no plan", () => {
    expect(readStripeSubscription(sub({}, { price: { id: "price_other" } }), priceOf).plan).toBeNull();
  });

  it("a cancellation date counts as cancelling, and ends the period when it comes first", () => {
    const state = readStripeSubscription(sub({ cancel_at: END - 86_400 }), priceOf);
    expect(state.cancelAtPeriodEnd).toBe(true);
    expect(state.currentPeriodEnd).toEqual(new Date((END - 86_400) * 1000));
  });

  it("reads the period end of older API versions from the subscription", () => {
    const legacy = sub({ current_period_end: END + 5 }, { current_period_end: undefined });
    expect(readStripeSubscription(legacy, priceOf).currentPeriodEnd).toEqual(new Date((END + 5) * 1000));
  });
});
