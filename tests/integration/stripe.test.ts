// The Stripe PaymentProvider against a local fake of the Stripe API (the SDK's host and port
// settings, through STRIPE_API_BASE), and the webhook with payloads signed by the SDK's own test
// helper: signature checks, idempotency by event id, and each handled event's effect on the plan.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "#server/db/schema/auth.ts";
import { stripeEvents, subscriptions } from "#server/db/schema/billing.ts";
import { parseEnv } from "#server/env.ts";
import type { BillingDetails } from "#shared/contracts/billing.ts";
import { checkoutBody as checkoutBodyFor } from "../support/factories.ts";
import {
  type FakeStripe,
  fakeEvent,
  fakeSubscription,
  signedDelivery,
  startFakeStripe,
} from "../support/fake-stripe.ts";
import { testServerForFile } from "../support/integration.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer } from "../support/test-server.ts";

const WEBHOOK_SECRET = "whsec_kairo_test_secret";
const PRICES = {
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
  STRIPE_PRICE_PRO_YEARLY: "price_pro_yearly",
  STRIPE_PRICE_TEAM_MONTHLY: "price_team_monthly",
  STRIPE_PRICE_TEAM_YEARLY: "price_team_yearly",
};
const UNAVAILABLE = "The payment provider is not available right now. Please try again.";

// The fake starts first: the server is told its address when it starts (in the hook registered next).
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake?.close());
const {
  server,
  db,
  person: signUp,
} = testServerForFile(() => ({
  STRIPE_SECRET_KEY: "sk_test_kairo_fake",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  ...PRICES,
  STRIPE_LAUNCH_COUPON: "coupon_launch_offer",
  STRIPE_API_BASE: fake.url,
}));
const nowSeconds = () => Math.floor(Date.now() / 1000);
let seq = 0;
const uniq = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++seq}`;

const checkoutBody = (overrides: Record<string, unknown> = {}) => checkoutBodyFor(server, overrides);

const planOf = async (client: TestClient) =>
  (await client.get<{ plan: string; label: string }>("/api/subscription")).body;
const billingOf = async (client: TestClient) => (await client.get<BillingDetails>("/api/billing")).body;

async function eventCount() {
  const [row] = await db().select({ n: count() }).from(stripeEvents);
  return row?.n ?? 0;
}

/** Delivers an event the way Stripe does: raw JSON body, Stripe-Signature header, no cookies or Origin. */
async function deliver(
  event: unknown,
  options: { secret?: string; signature?: string | null; at?: Date } = {},
) {
  const signed = signedDelivery(event, options.secret ?? WEBHOOK_SECRET, options.at ?? server.clock.now());
  const signature = options.signature === undefined ? signed.signature : options.signature;
  const res = await fetch(`${server.baseUrl}/api/billing/stripe/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature !== null ? { "stripe-signature": signature } : {}),
    },
    body: signed.payload,
  });
  return {
    status: res.status,
    body: (await res.json()) as { received?: boolean; duplicate?: boolean; error?: { message: string } },
  };
}

function completedSession(o: {
  userId: string;
  subscription: string;
  customer: string;
  plan: "pro" | "team";
  billing?: "monthly" | "yearly";
}) {
  return {
    id: uniq("cs_test"),
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    client_reference_id: o.userId,
    customer: o.customer,
    subscription: o.subscription,
    metadata: { kairo_user_id: o.userId, kairo_plan: o.plan, kairo_billing: o.billing ?? "monthly" },
  };
}

/** Stripe's side of a completed purchase: the subscription exists, and the completion event arrives. */
async function purchase(
  userId: string,
  o: { plan: "pro" | "team"; seats?: number; billing?: "monthly" | "yearly" } = { plan: "pro" },
) {
  const subscriptionId = uniq("sub");
  const customer = uniq("cus");
  const periodEnd = nowSeconds() + 30 * 86_400;
  const price = `price_${o.plan}_${o.billing ?? "monthly"}`;
  fake.setSubscription(
    fakeSubscription({
      id: subscriptionId,
      customer,
      price,
      quantity: o.seats ?? 1,
      currentPeriodEnd: periodEnd,
    }),
  );
  const res = await deliver(
    fakeEvent(
      "checkout.session.completed",
      completedSession({ userId, subscription: subscriptionId, customer, plan: o.plan, billing: o.billing }),
    ),
  );
  expect(res.status).toBe(200);
  return { subscriptionId, customer, periodEnd, price };
}

describe("Stripe checkout and billing portal", () => {
  it("is the payment provider when STRIPE_SECRET_KEY is set", async () => {
    expect(server.kairo.deps.payments.name).toBe("stripe");
    // The local test checkout's calls are not available with Stripe.
    const { client } = await signUp();
    const local = await client.get("/api/billing/checkout-sessions/00000000-0000-4000-8000-000000000000");
    expect(local.status).toBe(404);
  });

  it("a Pro checkout sends the monthly Pro price, one seat, the person and the launch offer", async () => {
    const { client, id, email } = await signUp();
    // The upgrade dialog has just shown the offer: its window is open.
    expect((await client.post("/api/billing/launch-offer")).status).toBe(200);
    const before = fake.requestsTo("/v1/checkout/sessions").length;
    const res = await client.post<{ url: string }>("/api/billing/checkout", checkoutBody());
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_\\d+$`));

    const sent = fake.requestsTo("/v1/checkout/sessions");
    expect(sent).toHaveLength(before + 1);
    const req = sent.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.headers.authorization).toBe("Bearer sk_test_kairo_fake");
    expect(req.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_pro_monthly",
      "line_items[0][quantity]": "1",
      client_reference_id: id,
      "metadata[kairo_user_id]": id,
      "metadata[kairo_plan]": "pro",
      "metadata[kairo_billing]": "monthly",
      "subscription_data[metadata][kairo_user_id]": id,
      success_url: `${server.baseUrl}/dashboard?upgrade=success`,
      cancel_url: `${server.baseUrl}/dashboard?upgrade=cancelled`,
      customer_email: email,
      "discounts[0][coupon]": "coupon_launch_offer",
    });
    expect(req.form.customer).toBeUndefined();
    // Starting a checkout is not paying: the plan is unchanged.
    expect((await planOf(client)).plan).toBe("trial");
  });

  it("a Pro checkout carries no coupon before the offer window opened or after it closed", async () => {
    const { client } = await signUp();
    const discounted = async () => {
      expect((await client.post("/api/billing/checkout", checkoutBody())).status).toBe(201);
      const form = fake.requestsTo("/v1/checkout/sessions").at(-1)!.form;
      return Object.keys(form).some((k) => k.startsWith("discounts"));
    };
    try {
      expect(await discounted()).toBe(false);
      const opened = Date.parse("2026-11-22T09:00:00Z");
      server.clock.set(new Date(opened));
      expect((await client.post("/api/billing/launch-offer")).status).toBe(200);
      server.clock.set(new Date(opened + 599_000));
      expect(await discounted()).toBe(true);
      server.clock.set(new Date(opened + 600_000));
      expect(await discounted()).toBe(false);
    } finally {
      server.clock.reset();
    }
  });

  it("a Team checkout sends the yearly Team price with the seat quantity and no launch offer", async () => {
    const { client, id } = await signUp();
    const res = await client.post<{ url: string }>(
      "/api/billing/checkout",
      checkoutBody({ plan: "team", quantity: 5, billing: "yearly" }),
    );
    expect(res.status).toBe(201);
    expect(res.body.url.startsWith(`${fake.url}/c/pay/`)).toBe(true);
    const req = fake.requestsTo("/v1/checkout/sessions").at(-1)!;
    expect(req.form).toMatchObject({
      "line_items[0][price]": "price_team_yearly",
      "line_items[0][quantity]": "5",
      client_reference_id: id,
      "metadata[kairo_plan]": "team",
      "metadata[kairo_billing]": "yearly",
    });
    expect(Object.keys(req.form).some((k) => k.startsWith("discounts"))).toBe(false);
  });

  it("the settings page's priceId form picks the monthly Team price", async () => {
    const { client } = await signUp();
    const res = await client.post(
      "/api/billing/checkout",
      checkoutBody({ plan: undefined, priceId: "team_monthly", quantity: 5 }),
    );
    expect(res.status).toBe(201);
    expect(fake.requestsTo("/v1/checkout/sessions").at(-1)!.form).toMatchObject({
      "line_items[0][price]": "price_team_monthly",
      "line_items[0][quantity]": "5",
    });
  });

  it("bad checkout input never reaches Stripe", async () => {
    const { client } = await signUp();
    const before = fake.requests.length;
    const res = await client.post("/api/billing/checkout", checkoutBody({ plan: "team", quantity: 101 }));
    expect(res.status).toBe(400);
    const elsewhere = await client.post(
      "/api/billing/checkout",
      checkoutBody({ successUrl: "https://evil.example/" }),
    );
    expect(elsewhere.status).toBe(400);
    expect(fake.requests.length).toBe(before);
  });

  it("a Stripe failure answers a readable 503", async () => {
    const { client } = await signUp();
    fake.failNext(400, { type: "invalid_request_error", code: "resource_missing", message: "No such price" });
    const res = await client.post<{ error: { code: string; message: string } }>(
      "/api/billing/checkout",
      checkoutBody(),
    );
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({ code: "UNAVAILABLE", message: UNAVAILABLE });
  });

  it("the portal needs a Stripe customer first", async () => {
    const { client } = await signUp();
    const before = fake.requestsTo("/v1/billing_portal/sessions").length;
    const res = await client.post<{ error: { message: string } }>("/api/billing/portal", {
      returnUrl: "/settings",
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("You have no subscription to manage yet.");
    expect(fake.requestsTo("/v1/billing_portal/sessions")).toHaveLength(before);
  });
});

describe("Stripe webhook", () => {
  it("checkout completion activates Pro; then the portal opens for that customer and the launch offer is spent", async () => {
    const { client, id } = await signUp();
    const { customer, subscriptionId, periodEnd } = await purchase(id, { plan: "pro" });

    expect(await planOf(client)).toMatchObject({ plan: "pro", label: "Pro" });
    expect(await billingOf(client)).toMatchObject({
      provider: "stripe",
      plan: "pro",
      status: "active",
      seats: 1,
      billing: "monthly",
      amount: 12,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
    // The subscription was read from Stripe for its quantity and period.
    expect(
      fake.requests.some((r) => r.method === "GET" && r.path === `/v1/subscriptions/${subscriptionId}`),
    ).toBe(true);

    const portal = await client.post<{ url: string }>("/api/billing/portal", { returnUrl: "/settings" });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_test_\\d+$`));
    expect(fake.requestsTo("/v1/billing_portal/sessions").at(-1)!.form).toEqual({
      customer,
      return_url: `${server.baseUrl}/settings`,
    });
    // A return address on another origin is refused before Stripe is asked for anything.
    const portalsBefore = fake.requestsTo("/v1/billing_portal/sessions").length;
    const elsewhere = await client.post<{ error: { message: string } }>("/api/billing/portal", {
      returnUrl: "https://evil.example/settings",
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.message).toBe("Return addresses must be on this site.");
    expect(fake.requestsTo("/v1/billing_portal/sessions")).toHaveLength(portalsBefore);
    expect(await billingOf(client)).toMatchObject({ provider: "stripe", plan: "pro", seats: 1 });

    // Having paid, the person is no longer offered the launch discount.
    expect((await client.post<{ eligible: boolean }>("/api/billing/launch-offer")).body.eligible).toBe(false);

    // While it is live, a second checkout (a second subscription billing beside it) is refused:
    // plan changes go through the portal.
    const sessionsBefore = fake.requestsTo("/v1/checkout/sessions").length;
    const second = await client.post<{ error: { message: string } }>(
      "/api/billing/checkout",
      checkoutBody({ plan: "team", quantity: 3 }),
    );
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/Use Manage billing/);
    expect(fake.requestsTo("/v1/checkout/sessions").length).toBe(sessionsBefore);
  });

  it("a Team purchase creates the buyer's team with the seats bought", async () => {
    const { client, id } = await signUp();
    await purchase(id, { plan: "team", seats: 5, billing: "yearly" });
    expect(await planOf(client)).toMatchObject({ plan: "team", label: "Team" });
    expect(await billingOf(client)).toMatchObject({ plan: "team", seats: 5, billing: "yearly", amount: 480 });
    const owners = await db()
      .select({ role: member.role, organizationId: member.organizationId })
      .from(member)
      .where(eq(member.userId, id));
    expect(owners).toHaveLength(1);
    expect(owners[0]!.role).toBe("owner");
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(sub?.organizationId).toBe(owners[0]!.organizationId);
  });

  it("subscription updates change plan and seats; a replayed older update changes nothing", async () => {
    const { client, id } = await signUp();
    const { subscriptionId, customer } = await purchase(id, { plan: "pro" });
    const periodEnd = nowSeconds() + 40 * 86_400;

    // The portal switches to Team with 3 seats...
    const toTeam = fakeSubscription({
      id: subscriptionId,
      customer,
      price: "price_team_monthly",
      quantity: 3,
      currentPeriodEnd: periodEnd,
    });
    fake.setSubscription(toTeam);
    const older = fakeEvent("customer.subscription.updated", toTeam);
    expect((await deliver(older)).body).toEqual({ received: true, duplicate: false });
    expect(await billingOf(client)).toMatchObject({ plan: "team", seats: 3, amount: 30 });
    const [owner] = await db()
      .select()
      .from(member)
      .where(and(eq(member.userId, id), eq(member.role, "owner")));
    expect(owner).toBeDefined();

    // ...then to 7 seats, cancelling at the period end.
    const sevenSeats = fakeSubscription({
      id: subscriptionId,
      customer,
      price: "price_team_monthly",
      quantity: 7,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd,
    });
    fake.setSubscription(sevenSeats);
    expect((await deliver(fakeEvent("customer.subscription.updated", sevenSeats))).status).toBe(200);
    const newest = {
      plan: "team",
      seats: 7,
      amount: 70,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    };
    expect(await billingOf(client)).toMatchObject(newest);

    // Stripe delivers the older event again: answered, recorded once, nothing changes.
    const events = await eventCount();
    const lookups = fake.requests.length;
    const replay = await deliver(older);
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await billingOf(client)).toMatchObject(newest);
    expect(await eventCount()).toBe(events);
    expect(fake.requests.length).toBe(lookups);

    // An older state arriving late under a new event id: the subscription as Stripe holds it wins.
    const late = fakeEvent("customer.subscription.updated", toTeam);
    expect((await deliver(late)).status).toBe(200);
    expect(await billingOf(client)).toMatchObject(newest);
  });

  it("a failed payment marks the subscription past due and keeps the plan shown", async () => {
    const { client, id } = await signUp();
    const { subscriptionId, customer } = await purchase(id, { plan: "pro" });
    const invoice = {
      id: uniq("in"),
      object: "invoice",
      customer,
      status: "open",
      billing_reason: "subscription_cycle",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
    };
    const failed = fakeEvent("invoice.payment_failed", invoice);
    expect((await deliver(failed)).status).toBe(200);
    expect(await billingOf(client)).toMatchObject({ plan: "pro", status: "past_due" });
    expect(await planOf(client)).toMatchObject({ plan: "pro", label: "Pro" });

    // Paid again: Stripe reports the subscription active.
    const recovered = fakeSubscription({
      id: subscriptionId,
      customer,
      price: "price_pro_monthly",
      currentPeriodEnd: nowSeconds() + 30 * 86_400,
    });
    fake.setSubscription(recovered);
    expect((await deliver(fakeEvent("customer.subscription.updated", recovered))).status).toBe(200);
    expect(await billingOf(client)).toMatchObject({ plan: "pro", status: "active" });

    // The failure delivered again later changes nothing.
    expect((await deliver(failed)).body).toEqual({ received: true, duplicate: true });
    expect(await billingOf(client)).toMatchObject({ plan: "pro", status: "active" });
  });

  it("deletion returns the person to free", async () => {
    const { client, id } = await signUp();
    server.clock.set(new Date(Date.now() + 8 * 86_400_000)); // past the trial
    try {
      const { subscriptionId, customer } = await purchase(id, { plan: "pro" });
      expect((await planOf(client)).plan).toBe("pro");
      const ended = fakeSubscription({
        id: subscriptionId,
        customer,
        price: "price_pro_monthly",
        status: "canceled",
        currentPeriodEnd: nowSeconds() + 30 * 86_400,
      });
      fake.setSubscription(ended);
      expect((await deliver(fakeEvent("customer.subscription.deleted", ended))).status).toBe(200);
      expect(await planOf(client)).toMatchObject({ plan: "free", label: "Free" });
      expect(await billingOf(client)).toMatchObject({ plan: null, status: "canceled" });

      // Buying again names the known customer and carries no launch offer.
      expect(
        (await client.post("/api/billing/checkout", checkoutBody({ plan: "team", quantity: 3 }))).status,
      ).toBe(201);
      const again = fake.requestsTo("/v1/checkout/sessions").at(-1)!.form;
      expect(again.customer).toBe(customer);
      expect(again.customer_email).toBeUndefined();
      expect(Object.keys(again).some((k) => k.startsWith("discounts"))).toBe(false);
    } finally {
      server.clock.reset();
    }
  });

  it("a bad or missing signature gets 400 and changes nothing", async () => {
    const { client, id } = await signUp();
    const subscriptionId = uniq("sub");
    const customer = uniq("cus");
    fake.setSubscription(
      fakeSubscription({
        id: subscriptionId,
        customer,
        price: "price_pro_monthly",
        currentPeriodEnd: nowSeconds() + 86_400,
      }),
    );
    const forged = fakeEvent(
      "checkout.session.completed",
      completedSession({ userId: id, subscription: subscriptionId, customer, plan: "pro" }),
    );
    const events = await eventCount();
    const other = signedDelivery(fakeEvent("ping", {}), WEBHOOK_SECRET);
    const attempts = [
      await deliver(forged, { signature: null }),
      await deliver(forged, { signature: "" }),
      await deliver(forged, { secret: "whsec_someone_else" }),
      // A valid signature of another body.
      await deliver(forged, { signature: other.signature }),
      // Signed long ago (outside Stripe's 5-minute tolerance): a replayed capture.
      await deliver(forged, { at: new Date(Date.now() - 10 * 60_000) }),
      await deliver(forged, { signature: "t=1,v1=deadbeef" }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toMatch(/Stripe signature/);
    }
    expect(await eventCount()).toBe(events);
    expect((await planOf(client)).plan).toBe("trial");
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(row?.providerSubscriptionId).toBeNull();
  });

  it("an unknown event type is recorded and ignored", async () => {
    const { client } = await signUp();
    const event = fakeEvent("customer.tax_id.created", { id: uniq("txi"), object: "tax_id" });
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: false });
    const [row] = await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(row?.type).toBe("customer.tax_id.created");
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true });
    expect((await planOf(client)).plan).toBe("trial");
  });

  it("an update for a subscription Kairo does not know changes nothing", async () => {
    const stranger = fakeSubscription({
      id: uniq("sub"),
      customer: uniq("cus"),
      price: "price_team_monthly",
      quantity: 9,
      currentPeriodEnd: nowSeconds() + 86_400,
    });
    fake.setSubscription(stranger);
    expect((await deliver(fakeEvent("customer.subscription.updated", stranger))).status).toBe(200);
    const rows = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, stranger.id));
    expect(rows).toHaveLength(0);
  });
});

describe("Stripe configuration", () => {
  it("start-up refuses a secret key without the webhook secret or the prices", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_MONTHLY, STRIPE_PRICE_PRO_YEARLY, STRIPE_PRICE_TEAM_MONTHLY, STRIPE_PRICE_TEAM_YEARLY are not set/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_x", ...PRICES })).toThrow(
      /STRIPE_WEBHOOK_SECRET is not set/,
    );
    expect(
      parseEnv({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", ...PRICES })
        .STRIPE_LAUNCH_COUPON,
    ).toBe(undefined);
  });

  it("without Stripe the webhook answers 404 and the local provider is used", async () => {
    const local = await startTestServer();
    try {
      expect(local.kairo.deps.payments.name).toBe("local");
      const { payload, signature } = signedDelivery(fakeEvent("ping", {}), WEBHOOK_SECRET);
      const res = await fetch(`${local.baseUrl}/api/billing/stripe/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Stripe is not configured.",
      );
    } finally {
      await local.close();
    }
  });
});
