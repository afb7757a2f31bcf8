// The subscription lifecycle on the local PaymentProvider: trial → expiry → free → checkout → pro →
// team → cancel, the server-side confirmation rule, and bad checkout input.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions } from "#server/db/schema/billing.ts";
import type { BillingDetails, LaunchOfferDto, LocalCheckoutDto } from "#shared/contracts/billing.ts";
import { dbFingerprint } from "../support/db-fingerprint.ts";
import { checkoutBody as checkoutBodyFor, createVerifiedUser } from "../support/factories.ts";
import { testServerForFile } from "../support/integration.ts";
import { TestClient } from "../support/test-client.ts";

const DAY = 86_400_000;
const { server, db } = testServerForFile();
const checkoutBody = (overrides: Record<string, unknown> = {}) => checkoutBodyFor(server, overrides);

async function startCheckout(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post<{ url: string }>("/api/billing/checkout", checkoutBody(overrides));
  expect(res.status).toBe(201);
  const url = new URL(res.body.url);
  expect(url.origin).toBe(server.baseUrl);
  expect(url.pathname).toMatch(/^\/billing\/checkout\/[0-9a-f-]{36}$/);
  return url.pathname.split("/").pop()!;
}

/** What the upgrade dialog does when it shows the launch offer. */
async function openOffer(client: TestClient) {
  const res = await client.post<LaunchOfferDto>("/api/billing/launch-offer");
  expect(res.status).toBe(200);
  return res.body;
}

async function firstCharge(client: TestClient, overrides: Record<string, unknown> = {}) {
  const id = await startCheckout(client, overrides);
  return (await client.get<LocalCheckoutDto>(`/api/billing/checkout-sessions/${id}`)).body;
}

async function plan(client: TestClient) {
  return (await client.get<{ plan: string; label: string }>("/api/subscription")).body;
}

async function checkoutCount() {
  const [row] = await db().select({ n: count() }).from(checkoutSessions);
  return row?.n ?? 0;
}

describe("subscription lifecycle on the local provider", () => {
  it("goes trial → expired → free → pro → team → cancelled at period end → free", async () => {
    const { client } = await createVerifiedUser(server);
    expect(await plan(client)).toMatchObject({ plan: "trial", label: "Trial" });

    // The trial runs out: free, with the expiry flag the web shows as "Trial expired - ...".
    server.clock.set(new Date(Date.now() + 8 * DAY));
    expect(await plan(client)).toMatchObject({ plan: "free", label: "Free", trialExpired: true });

    // Checkout inside the launch offer's window: the test checkout page shows plan, seats and the
    // discounted amount.
    await openOffer(client);
    const id = await startCheckout(client);
    const page = await client.get<LocalCheckoutDto>(`/api/billing/checkout-sessions/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      plan: "pro",
      planName: "Pro",
      seats: 1,
      billing: "monthly",
      amount: 9.6,
      regularAmount: 12,
      launchOffer: true,
      status: "open",
    });

    // Reaching the success address changes nothing: only the provider's confirmation does.
    await client.get("/dashboard?upgrade=success");
    expect((await plan(client)).plan).toBe("free");

    const paid = await client.post<{ url: string }>(`/api/billing/checkout-sessions/${id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body.url).toBe(`${server.baseUrl}/dashboard?upgrade=success`);
    expect(await plan(client)).toMatchObject({ plan: "pro", label: "Pro" });
    const billing = await client.get<BillingDetails>("/api/billing");
    expect(billing.body).toMatchObject({
      provider: "local",
      plan: "pro",
      seats: 1,
      amount: 12,
      cancelAtPeriodEnd: false,
    });

    // Paying twice is harmless.
    expect((await client.post(`/api/billing/checkout-sessions/${id}/pay`)).status).toBe(200);

    // The portal switches to Team (5 seats minimum of 2) and changes seats.
    const toTeam = await client.post<BillingDetails>("/api/billing/local/subscription", {
      action: "switch_plan",
      plan: "team",
    });
    expect(toTeam.status).toBe(200);
    expect(toTeam.body).toMatchObject({ plan: "team", seats: 2, amount: 20 });
    expect(await plan(client)).toMatchObject({ plan: "team", label: "Team" });
    const seats = await client.post<BillingDetails>("/api/billing/local/subscription", {
      action: "change_seats",
      seats: 7,
    });
    expect(seats.body).toMatchObject({ seats: 7, amount: 70 });

    // Cancel at period end: still Team until then, free after.
    const cancelled = await client.post<BillingDetails>("/api/billing/local/subscription", {
      action: "cancel",
    });
    expect(cancelled.body.cancelAtPeriodEnd).toBe(true);
    expect((await plan(client)).plan).toBe("team");
    server.clock.set(new Date(Date.now() + 8 * DAY + 32 * DAY));
    expect(await plan(client)).toMatchObject({ plan: "free" });
  });

  it("a cancelled checkout returns to the cancel address and can no longer be paid", async () => {
    const { client } = await createVerifiedUser(server);
    const id = await startCheckout(client, { plan: "team", quantity: 5, billing: "yearly" });
    const shown = await client.get<LocalCheckoutDto>(`/api/billing/checkout-sessions/${id}`);
    // $10 × 5 seats × 12 months with 20% off; the launch offer is for Pro only.
    expect(shown.body).toMatchObject({
      plan: "team",
      seats: 5,
      billing: "yearly",
      amount: 480,
      launchOffer: false,
    });
    const cancel = await client.post<{ url: string }>(`/api/billing/checkout-sessions/${id}/cancel`);
    expect(cancel.body.url).toBe(`${server.baseUrl}/dashboard?upgrade=cancelled`);
    const pay = await client.post<{ error: { message: string } }>(`/api/billing/checkout-sessions/${id}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body.error.message).toMatch(/cancelled/);
    expect((await plan(client)).plan).toBe("trial");
  });

  it("an expired checkout cannot be paid", async () => {
    const { client } = await createVerifiedUser(server);
    const id = await startCheckout(client);
    server.clock.set(new Date(Date.now() + 2 * 3_600_000));
    const pay = await client.post<{ error: { message: string } }>(`/api/billing/checkout-sessions/${id}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body.error.message).toMatch(/expired/);
  });

  it("the launch offer is for the first purchase only", async () => {
    const { client } = await createVerifiedUser(server);
    await openOffer(client);
    const first = await startCheckout(client);
    await client.post(`/api/billing/checkout-sessions/${first}/pay`);
    // Another checkout inside the same window: no second discount.
    expect(await firstCharge(client)).toMatchObject({ amount: 12, launchOffer: false });
    expect(await openOffer(client)).toEqual({ eligible: false, openedAt: null, endsAt: null, msLeft: 0 });
  });

  it("one person cannot read, pay or cancel another's checkout", async () => {
    const a = await createVerifiedUser(server);
    const b = await createVerifiedUser(server);
    const id = await startCheckout(a.client);
    expect((await b.client.get(`/api/billing/checkout-sessions/${id}`)).status).toBe(404);
    expect((await b.client.post(`/api/billing/checkout-sessions/${id}/pay`)).status).toBe(404);
    expect((await b.client.post(`/api/billing/checkout-sessions/${id}/cancel`)).status).toBe(404);
    expect((await plan(b.client)).plan).toBe("trial");
    const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row?.status).toBe("open");
  });

  it("the portal refuses a person without a paid plan", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await client.post<{ error: { message: string } }>("/api/billing/local/subscription", {
      action: "cancel",
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("You have no paid plan to manage.");
  });

  it("the portal address leads to the in-app portal with the return address", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await client.post<{ url: string }>("/api/billing/portal", { returnUrl: "/settings" });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.pathname).toBe("/billing/portal");
    expect(url.searchParams.get("return")).toBe(`${server.baseUrl}/settings`);
  });

  it.each([
    ["another origin", "https://evil.example/settings"],
    ["a protocol-relative address", "//evil.example/settings"],
    ["a javascript: address", "javascript:alert(1)"],
  ])("a portal return address on %s gets a 400 and changes nothing", async (_name, returnUrl) => {
    const { client } = await createVerifiedUser(server);
    await client.post(`/api/billing/checkout-sessions/${await startCheckout(client)}/pay`);
    const billingBefore = (await client.get<BillingDetails>("/api/billing")).body;
    // Better Auth may renew the session row on any signed-in call; that is not the portal's doing.
    const before = await dbFingerprint(db(), ["session"]);
    const res = await client.post<{ error: { code: string; message: string } }>("/api/billing/portal", {
      returnUrl,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "VALIDATION",
      message: "Return addresses must be on this site.",
    });
    expect(await dbFingerprint(db(), ["session"])).toEqual(before);
    expect((await client.get<BillingDetails>("/api/billing")).body).toEqual(billingBefore);
  });
});

describe("the launch offer's 600-second window", () => {
  const opened = new Date("2026-11-22T09:00:00Z");
  const at = (seconds: number) => new Date(opened.getTime() + seconds * 1000);

  it("discounts a Pro checkout started inside the window, and not one started after it", async () => {
    const { client } = await createVerifiedUser(server);
    server.clock.set(opened);
    expect(await openOffer(client)).toEqual({
      eligible: true,
      openedAt: "2026-11-22T09:00:00.000Z",
      endsAt: "2026-11-22T09:10:00.000Z",
      msLeft: 600_000,
    });
    server.clock.set(at(599));
    expect(await firstCharge(client)).toMatchObject({ amount: 9.6, regularAmount: 12, launchOffer: true });
    server.clock.set(at(600));
    expect(await firstCharge(client)).toMatchObject({ amount: 12, launchOffer: false });
  });

  it("showing the offer again answers the same window: it never restarts", async () => {
    const { client } = await createVerifiedUser(server);
    server.clock.set(opened);
    await openOffer(client);
    server.clock.set(at(120));
    expect(await openOffer(client)).toMatchObject({
      openedAt: "2026-11-22T09:00:00.000Z",
      msLeft: 480_000,
    });
    // A reload, a new dialog, a day later: still the first window, closed.
    server.clock.set(at(86_400));
    expect(await openOffer(client)).toMatchObject({
      eligible: true,
      openedAt: "2026-11-22T09:00:00.000Z",
      endsAt: "2026-11-22T09:10:00.000Z",
      msLeft: 0,
    });
    expect(await firstCharge(client)).toMatchObject({ amount: 12, launchOffer: false });
  });

  it("a checkout without the window ever opened (Settings, straight away) has no discount", async () => {
    const { client } = await createVerifiedUser(server);
    const shown = await firstCharge(client, { plan: undefined, priceId: "pro_monthly" });
    expect(shown).toMatchObject({ plan: "pro", amount: 12, launchOffer: false });
  });

  it("inside the window the offer is for monthly Pro only", async () => {
    const { client } = await createVerifiedUser(server);
    server.clock.set(opened);
    await openOffer(client);
    server.clock.set(at(30));
    expect(await firstCharge(client, { billing: "yearly" })).toMatchObject({
      amount: 115.2,
      launchOffer: false,
    });
    expect(await firstCharge(client, { plan: "team", quantity: 2 })).toMatchObject({
      amount: 20,
      launchOffer: false,
    });
  });

  it("one person's window is theirs alone", async () => {
    const a = await createVerifiedUser(server);
    const b = await createVerifiedUser(server);
    server.clock.set(opened);
    await openOffer(a.client);
    // B never saw the offer: A's open window gives B nothing.
    server.clock.set(at(60));
    expect(await firstCharge(b.client)).toMatchObject({ amount: 12, launchOffer: false });
    // After A's window has closed, B's own opens for its full 600 seconds.
    server.clock.set(at(700));
    expect(await openOffer(b.client)).toMatchObject({
      openedAt: "2026-11-22T09:11:40.000Z",
      msLeft: 600_000,
    });
    expect(await firstCharge(b.client)).toMatchObject({ amount: 9.6, launchOffer: true });
    expect(await firstCharge(a.client)).toMatchObject({ amount: 12, launchOffer: false });
  });

  it("needs a session", async () => {
    expect((await new TestClient(server.baseUrl).post("/api/billing/launch-offer")).status).toBe(401);
  });
});

describe("bad checkout input gets a readable 4xx and writes nothing", () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ["a team of 1", { plan: "team", quantity: 1 }, /Team size must be between 2 and 100/],
    ["a team of 101", { plan: "team", quantity: 101 }, /Team size must be between 2 and 100/],
    ["an unknown plan", { plan: "platinum" }, /Unknown plan/],
    ["elite", { plan: "elite" }, /Elite is coming soon/],
    ["a negative quantity", { plan: "team", quantity: -3 }, /at least 1/],
    ["a fractional quantity", { plan: "team", quantity: 2.5 }, /whole number/],
    ["several seats of Pro", { plan: "pro", quantity: 3 }, /one person/],
    ["a success address elsewhere", { successUrl: "https://evil.example/steal" }, /on this site/],
    ["a protocol-relative cancel address", { cancelUrl: "//evil.example/x" }, /on this site/],
    ["a javascript: address", { successUrl: "javascript:alert(1)" }, /on this site/],
    ["an unknown price id", { plan: undefined, priceId: "gold_monthly" }, /Unknown price/],
    ["an unknown field", { coupon: "FREE" }, /./],
  ];
  it.each(cases)("%s", async (_name, overrides, message) => {
    const { client } = await createVerifiedUser(server);
    const before = await checkoutCount();
    const res = await client.post<{ error: { message: string } }>(
      "/api/billing/checkout",
      checkoutBody(overrides),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(await checkoutCount()).toBe(before);
  });

  it("accepts the settings page's priceId form", async () => {
    const { client } = await createVerifiedUser(server);
    await startCheckout(client, { plan: undefined, priceId: "team_monthly", quantity: 5 });
  });

  it("a bad portal action is refused", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await client.post("/api/billing/local/subscription", { action: "refund" });
    expect(res.status).toBe(400);
  });
});
