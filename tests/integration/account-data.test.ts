// Your data (spec, Settings and Legal): the export holds exactly the person's rows and no secret;
// deleting the account needs the password, cancels a paying subscription with its provider (the
// local test checkout, or Stripe through a local fake), is refused for the last super admin, signs
// the person out everywhere and bars sign-in; the scheduled purge deletes the account and
// everything it owns once the 90-day retention is over.
// Also GET /api/calendar-integrations, on a server with only Google's OAuth client configured.
import { and, count, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accountDeletions, clientErrorReports } from "#server/db/schema/admin.ts";
import { session, user } from "#server/db/schema/auth.ts";
import { checkoutSessions, demoGrants, subscriptions } from "#server/db/schema/billing.ts";
import { calendarConnections, syncedEvents, syncLogs } from "#server/db/schema/calendar.ts";
import { aiInsights, burnoutAlerts, optimizationRecommendations } from "#server/db/schema/insights.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { pomodoroSessions, tasks, timeLogs } from "#server/db/schema/tasks.ts";
import {
  workflowExecutions,
  workflows,
  workflowTemplates,
  workflowTemplateUses,
} from "#server/db/schema/workflows.ts";
import { ACCOUNT_PURGE_JOB } from "#server/jobs/definitions/account-purge.ts";
import type { Me } from "#shared/contracts/auth.ts";
import type { CalendarIntegrationsResponse } from "#shared/contracts/calendar-integrations.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { type FakeStripe, fakeSubscription, startFakeStripe } from "../support/fake-stripe.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Person = Awaited<ReturnType<typeof createVerifiedUser>> & { id: string };
type Export = Record<string, unknown> & {
  profile: Record<string, unknown>;
  subscription: { userId: string } | null;
  launchOfferWindow: { userId: string } | null;
} & Record<string, { id?: string; userId?: string }[]>;

const SUPER_EMAIL = "only-super-admin@example.com";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    GOOGLE_CLIENT_ID: "google-client",
    GOOGLE_CLIENT_SECRET: "google-secret",
    KAIRO_SUPER_ADMIN_EMAILS: SUPER_EMAIL,
  });
});
afterAll(() => server?.close());
afterEach(() => server.clock.reset());

const db = () => server.testDb.database.db;
const DAY = 86_400_000;

async function person(overrides: Parameters<typeof createVerifiedUser>[1] = {}): Promise<Person> {
  const p = await createVerifiedUser(server, overrides);
  const me = await p.client.get<Me>("/api/me");
  expect(me.status).toBe(200);
  return { ...p, id: me.body.id };
}

/** A row in every table a person can own, created through the API where there is one. */
async function seedEverything(p: Person) {
  const task = await p.client.post<{ id: string }>("/api/tasks", { title: `Task of ${p.email}` });
  expect(task.status).toBe(201);
  expect((await p.client.post(`/api/tasks/${task.body.id}/timer/start`)).status).toBe(200);
  expect((await p.client.post(`/api/tasks/${task.body.id}/timer/stop`)).status).toBe(200);
  const pomodoro = await p.client.post("/api/pomodoro-sessions", {
    durationMinutes: 25,
    breakDurationMinutes: 5,
  });
  expect(pomodoro.status, JSON.stringify(pomodoro.body)).toBe(201);
  expect((await p.client.post("/api/demo")).status).toBe(201);
  const d = db();
  // A completed one too: it counts in the rollup (decision 121), whose trigger must let the purge's
  // cascade through.
  await d.insert(pomodoroSessions).values({
    userId: p.id,
    startTime: new Date(),
    durationMinutes: 25,
    breakDurationMinutes: 5,
    completed: true,
  });
  await d.insert(aiInsights).values({ userId: p.id, insightType: "productivity_analysis", content: "Fine" });
  await d
    .insert(optimizationRecommendations)
    .values({ userId: p.id, recommendation: "Batch", impactLevel: "high" });
  await d.insert(burnoutAlerts).values({ userId: p.id, riskScore: 70, riskLevel: "high" });
  const [wf] = await d
    .insert(workflows)
    .values({ userId: p.id, name: "Flow", triggerType: "time_based" })
    .returning();
  await d.insert(workflowExecutions).values({ workflowId: wf!.id, userId: p.id, status: "completed" });
  const [template] = await d.select().from(workflowTemplates).limit(1);
  await d.insert(workflowTemplateUses).values({ templateId: template!.id, userId: p.id });
  const [conn] = await d
    .insert(calendarConnections)
    .values({
      userId: p.id,
      provider: "google",
      calendarEmail: p.email,
      calendarName: "Work",
      accessToken: `ACCESS-TOKEN-OF-${p.id}`,
      refreshToken: `REFRESH-TOKEN-OF-${p.id}`,
    })
    .returning();
  await d.insert(calendarConnections).values({
    userId: p.id,
    provider: "microsoft",
    calendarEmail: p.email,
    isActive: false,
  });
  await d.insert(syncedEvents).values({
    userId: p.id,
    connectionId: conn!.id,
    externalId: "ev-1",
    startTime: new Date(),
    provider: "google",
  });
  await d.insert(syncLogs).values({
    userId: p.id,
    connectionId: conn!.id,
    status: "success",
    syncType: "manual",
    provider: "google",
    eventsSynced: 1,
  });
  await d.insert(checkoutSessions).values({
    userId: p.id,
    plan: "pro",
    seats: 1,
    amountCents: 960,
    successUrl: `${server.baseUrl}/settings?success=true`,
    cancelUrl: `${server.baseUrl}/settings?canceled=true`,
    expiresAt: new Date(Date.now() + DAY),
  });
  await d.insert(clientErrorReports).values({ userId: p.id, message: `Error of ${p.email}` });
  await d.insert(notifications).values({ userId: p.id, kind: "workflow", title: `Report for ${p.email}` });
  expect((await p.client.post("/api/billing/launch-offer")).status).toBe(200);
}

/** Every id the database holds for the person, per export section. */
async function idsInDatabase(userId: string) {
  const d = db();
  const ids = async (t: PgTable & { id: AnyPgColumn; userId: AnyPgColumn }) =>
    (
      await d
        .select({ id: t.id })
        .from(t as PgTable)
        .where(eq(t.userId, userId))
    )
      .map((r) => String(r.id))
      .sort();
  return {
    tasks: await ids(tasks),
    timeLogs: await ids(timeLogs),
    pomodoroSessions: await ids(pomodoroSessions),
    aiInsights: await ids(aiInsights),
    recommendations: await ids(optimizationRecommendations),
    burnoutAlerts: await ids(burnoutAlerts),
    workflows: await ids(workflows),
    workflowExecutions: await ids(workflowExecutions),
    calendarConnections: await ids(calendarConnections),
    syncedEvents: await ids(syncedEvents),
    syncLogs: await ids(syncLogs),
    notifications: await ids(notifications),
    demoGrants: await ids(demoGrants),
    checkoutSessions: await ids(checkoutSessions),
    sessions: await ids(session),
    clientErrorReports: await ids(clientErrorReports),
  };
}

describe("GET /api/account/export", () => {
  it("answers one JSON file with exactly the person's rows, none of another person's, and no secret", async () => {
    const alice = await person();
    const bob = await person();
    await seedEverything(alice);
    await seedEverything(bob);
    server.clock.set("2026-03-04T10:00:00Z");

    const res = await alice.client.get<Export>("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="kairo-export-2026-03-04.json"',
    );
    const doc = res.body;
    expect(doc.profile).toMatchObject({ id: alice.id, email: alice.email, fullName: alice.name });
    expect(doc.subscription?.userId).toBe(alice.id);
    expect(doc.launchOfferWindow?.userId).toBe(alice.id);

    const expected = await idsInDatabase(alice.id);
    for (const [section, ids] of Object.entries(expected)) {
      expect(ids.length, `${section} seeded`).toBeGreaterThan(0);
      expect(doc[section]!.map((r) => r.id).sort(), section).toEqual(ids);
    }
    // The templates they used (a row per template, no id of its own).
    expect(doc.workflowTemplateUses!.map((u) => u.userId)).toEqual([alice.id]);
    const body = JSON.stringify(doc);
    expect(body).toContain(`Task of ${alice.email}`);
    expect(body).not.toContain(bob.id);
    expect(body).not.toContain(bob.email);
    expect(body).not.toContain("TOKEN-OF");
    expect(body).not.toMatch(/"(password|token|accessToken|refreshToken|secret|backupCodes)"/);
    const sessionTokens = await db()
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, alice.id));
    for (const { token } of sessionTokens) expect(body).not.toContain(token);
  });

  it("refuses a visitor without a session", async () => {
    const res = await new TestClient(server.baseUrl).get<ErrorBody>("/api/account/export");
    expect(res.status).toBe(401);
  });
});

describe("POST /api/account/delete", () => {
  it("refuses a wrong or missing password and changes nothing", async () => {
    const p = await person();
    for (const body of [{ password: "not-my-password" }, {}, { password: "" }, { password: 42 }]) {
      const res = await p.client.post<ErrorBody>("/api/account/delete", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/password/i);
    }
    expect(await deletionOf(p.id)).toBeUndefined();
    expect((await userRow(p.id))!.banned).toBeFalsy();
    expect((await p.client.get("/api/me")).status).toBe(200);
  });

  it("stops guessing after 5 wrong passwords", async () => {
    const p = await person();
    for (let i = 0; i < 5; i++) {
      expect((await p.client.post("/api/account/delete", { password: `wrong-${i}` })).status).toBe(400);
    }
    const res = await p.client.post<ErrorBody>("/api/account/delete", { password: p.password });
    expect(res.status).toBe(429);
    expect(await deletionOf(p.id)).toBeUndefined();
  });

  it("signs the person out everywhere, bars sign-in, and the purge job deletes everything after 90 days", async () => {
    const alice = await person();
    const bob = await person();
    await seedEverything(alice);
    await seedEverything(bob);
    // A second browser of Alice's.
    const laptop = new TestClient(server.baseUrl);
    expect(
      (await laptop.post("/api/auth/sign-in/email", { email: alice.email, password: alice.password })).status,
    ).toBe(200);
    expect((await laptop.get("/api/me")).status).toBe(200);

    const requestedAt = new Date("2026-01-10T12:00:00Z");
    server.clock.set(requestedAt);
    const res = await alice.client.post<{ deleted: boolean; purgeAfter: string }>("/api/account/delete", {
      password: alice.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.purgeAfter).toBe(new Date(requestedAt.getTime() + 90 * DAY).toISOString());
    expect(alice.client.hasSessionCookie()).toBe(false);

    // Signed out at once, in every browser.
    expect((await alice.client.get("/api/me")).status).toBe(401);
    expect((await laptop.get("/api/me")).status).toBe(401);
    const [sessions] = await db().select({ n: count() }).from(session).where(eq(session.userId, alice.id));
    expect(Number(sessions!.n)).toBe(0);
    // And cannot sign in again.
    const again = await new TestClient(server.baseUrl).post<{ code?: string }>("/api/auth/sign-in/email", {
      email: alice.email,
      password: alice.password,
    });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe("BANNED_USER");
    expect(await deletionOf(alice.id)).toMatchObject({
      email: alice.email,
      purgeAfter: new Date(requestedAt.getTime() + 90 * DAY),
    });
    expect(await userRow(alice.id)).toMatchObject({ banned: true, banReason: "Account deleted" });

    // Day 89: still kept.
    server.clock.set(new Date(requestedAt.getTime() + 89 * DAY));
    await server.kairo.deps.jobs.run(ACCOUNT_PURGE_JOB);
    expect(await userRow(alice.id)).toBeDefined();
    expect((await idsInDatabase(alice.id)).tasks.length).toBe(1);

    // Day 90 and a minute: gone, with every row it owned; Bob untouched.
    const bobBefore = await idsInDatabase(bob.id);
    server.clock.set(new Date(requestedAt.getTime() + 90 * DAY + 60_000));
    await server.kairo.deps.jobs.run(ACCOUNT_PURGE_JOB);
    expect(await userRow(alice.id)).toBeUndefined();
    expect(await deletionOf(alice.id)).toBeUndefined();
    for (const [section, ids] of Object.entries(await idsInDatabase(alice.id))) {
      expect(ids, section).toEqual([]);
    }
    const [sub] = await db()
      .select({ n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.userId, alice.id));
    expect(Number(sub!.n)).toBe(0);
    expect(await idsInDatabase(bob.id)).toEqual(bobBefore);
    expect(await userRow(bob.id)).toBeDefined();

    // Running it again changes nothing.
    await server.kairo.deps.jobs.run(ACCOUNT_PURGE_JOB);
    expect(await idsInDatabase(bob.id)).toEqual(bobBefore);
  });
});

/** Buys a plan through the local test checkout (checkout, then Pay). */
async function buyLocally(p: Person, plan: "pro" | "team", quantity: number) {
  const checkout = await p.client.post<{ url: string }>("/api/billing/checkout", {
    plan,
    quantity,
    billing: "monthly",
    successUrl: `${server.baseUrl}/dashboard`,
    cancelUrl: `${server.baseUrl}/dashboard`,
  });
  expect(checkout.status).toBe(201);
  const id = new URL(checkout.body.url).pathname.split("/").pop();
  expect((await p.client.post(`/api/billing/checkout-sessions/${id}/pay`)).status).toBe(200);
}

const subscriptionOf = async (id: string) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.userId, id)))[0]!;
const deletionOf = async (id: string) =>
  (await db().select().from(accountDeletions).where(eq(accountDeletions.userId, id)))[0];
const userRow = async (id: string) => (await db().select().from(user).where(eq(user.id, id)))[0];

describe("deleting an account that pays for a plan", () => {
  it("ends the local subscription at once: no paid plan, nothing left to bill", async () => {
    const p = await person();
    await buyLocally(p, "team", 3);
    expect(await subscriptionOf(p.id)).toMatchObject({ planId: "team", status: "active" });

    const at = new Date(Date.now() + 60_000);
    server.clock.set(at);
    const res = await p.client.post("/api/account/delete", { password: p.password });
    expect(res.status).toBe(200);
    expect(await subscriptionOf(p.id)).toMatchObject({
      planId: null,
      status: "canceled",
      currentPeriodEnd: at,
      cancelAtPeriodEnd: false,
    });
    expect(await deletionOf(p.id)).toBeDefined();
  });
});

describe("deleting an account billed by a provider this server is not set up for", () => {
  it("changes nothing and says to contact support, since nobody could stop the billing", async () => {
    const p = await person();
    await db()
      .update(subscriptions)
      .set({ planId: "pro", status: "active", provider: "stripe", providerSubscriptionId: `sub_${p.id}` })
      .where(eq(subscriptions.userId, p.id));
    const before = await subscriptionOf(p.id);
    const res = await p.client.post<ErrorBody>("/api/account/delete", { password: p.password });
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/contact support/);
    expect(await subscriptionOf(p.id)).toEqual(before);
    expect(await deletionOf(p.id)).toBeUndefined();
    expect((await p.client.get("/api/me")).status).toBe(200);
  });
});

describe("deleting the last super admin", () => {
  it("is refused with 409 and a reason, and nothing changes until another super admin exists", async () => {
    const sue = await person({ email: SUPER_EMAIL, name: "Sue Last" });
    expect((await sue.client.get<Me>("/api/me")).body.role).toBe("super_admin");
    await buyLocally(sue, "pro", 1);
    const subscriptionBefore = await subscriptionOf(sue.id);

    const res = await sue.client.post<ErrorBody>("/api/account/delete", { password: sue.password });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "CONFLICT",
      message:
        "You are Kairo's last super admin. Make someone else super admin before deleting your account.",
    });
    expect(await deletionOf(sue.id)).toBeUndefined();
    expect((await userRow(sue.id))!.banned).toBeFalsy();
    expect(await subscriptionOf(sue.id)).toEqual(subscriptionBefore);
    expect((await sue.client.get("/api/me")).status).toBe(200);

    // A banned super admin cannot run Kairo either: still refused.
    const banned = await person();
    await db().update(user).set({ role: "super_admin", banned: true }).where(eq(user.id, banned.id));
    expect((await sue.client.post("/api/account/delete", { password: sue.password })).status).toBe(409);

    const successor = await person();
    await db().update(user).set({ role: "super_admin" }).where(eq(user.id, successor.id));
    const again = await sue.client.post("/api/account/delete", { password: sue.password });
    expect(again.status).toBe(200);
    expect(await deletionOf(sue.id)).toBeDefined();
    expect(await subscriptionOf(sue.id)).toMatchObject({ planId: null, status: "canceled" });
  });
});

describe("deleting an account billed through Stripe", () => {
  let fake: FakeStripe;
  let stripeServer: TestServer;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripeServer = await startTestServer({
      STRIPE_SECRET_KEY: "sk_test_account_deletion",
      STRIPE_WEBHOOK_SECRET: "whsec_account_deletion",
      STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
      STRIPE_PRICE_PRO_YEARLY: "price_pro_yearly",
      STRIPE_PRICE_TEAM_MONTHLY: "price_team_monthly",
      STRIPE_PRICE_TEAM_YEARLY: "price_team_yearly",
      STRIPE_API_BASE: fake.url,
    });
  });
  afterAll(async () => {
    await stripeServer?.close();
    await fake?.close();
  });

  const sdb = () => stripeServer.testDb.database.db;
  let seq = 0;

  /** A person whose Pro subscription Stripe bills (as its webhook would have recorded it). */
  async function stripeSubscriber() {
    const p = await createVerifiedUser(stripeServer);
    const id = (await p.client.get<Me>("/api/me")).body.id;
    const subscriptionId = `sub_deletion_${Date.now().toString(36)}${++seq}`;
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    fake.setSubscription(
      fakeSubscription({
        id: subscriptionId,
        customer: `cus_${id}`,
        price: "price_pro_monthly",
        currentPeriodEnd: periodEnd,
      }),
    );
    await sdb()
      .update(subscriptions)
      .set({
        planId: "pro",
        status: "active",
        provider: "stripe",
        providerCustomerId: `cus_${id}`,
        providerSubscriptionId: subscriptionId,
        currentPeriodEnd: new Date(periodEnd * 1000),
      })
      .where(eq(subscriptions.userId, id));
    const sub = async () =>
      (await sdb().select().from(subscriptions).where(eq(subscriptions.userId, id)))[0]!;
    const closed = async () =>
      (await sdb().select().from(accountDeletions).where(eq(accountDeletions.userId, id))).length > 0;
    return { ...p, id, subscriptionId, sub, closed };
  }

  it("cancels the subscription with Stripe at once, without a final invoice, then closes the account", async () => {
    const p = await stripeSubscriber();
    const res = await p.client.post("/api/account/delete", { password: p.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const cancels = fake
      .requestsTo(`/v1/subscriptions/${p.subscriptionId}`)
      .filter((r) => r.method === "DELETE");
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.form).toMatchObject({
      invoice_now: "false",
      prorate: "false",
      "cancellation_details[comment]": "Kairo account deleted",
    });
    expect(await p.sub()).toMatchObject({ planId: null, status: "canceled" });
    expect(await p.closed()).toBe(true);
  });

  it("closes the account when Stripe has already ended the subscription", async () => {
    const p = await stripeSubscriber();
    // Cancelled in Stripe (the portal, say) before its webhook arrived here.
    expect(
      (await new TestClient(fake.url).request("DELETE", `/v1/subscriptions/${p.subscriptionId}`)).status,
    ).toBe(200);
    const res = await p.client.post("/api/account/delete", { password: p.password });
    expect(res.status).toBe(200);
    expect(await p.sub()).toMatchObject({ planId: null, status: "canceled" });
    expect(await p.closed()).toBe(true);
  });

  it("changes nothing and says to try again when Stripe refuses the cancellation", async () => {
    const p = await stripeSubscriber();
    const before = await p.sub();
    fake.failNext(400, { type: "invalid_request_error", message: "Something Stripe did not like" });
    const res = await p.client.post<ErrorBody>("/api/account/delete", { password: p.password });
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({
      code: "UNAVAILABLE",
      message: "The payment provider is not available right now. Please try again.",
    });
    expect(await p.sub()).toEqual(before);
    expect(await p.closed()).toBe(false);
    expect((await p.client.get("/api/me")).status).toBe(200);
  });
});

describe("GET /api/calendar-integrations", () => {
  it("lists both providers with whether they are configured, and only the person's active connections and logs", async () => {
    const alice = await person();
    const bob = await person();
    await seedEverything(alice);
    await seedEverything(bob);
    const [conn] = await db()
      .select()
      .from(calendarConnections)
      .where(and(eq(calendarConnections.userId, alice.id), eq(calendarConnections.isActive, true)));
    // 25 more logs: the answer keeps the 20 newest.
    await db()
      .insert(syncLogs)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          userId: alice.id,
          connectionId: conn!.id,
          status: i % 2 ? "failed" : "success",
          syncType: "scheduled",
          provider: "google",
          startedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
          errorMessage: i % 2 ? "No access token found" : null,
        })),
      );

    const res = await alice.client.get<CalendarIntegrationsResponse>("/api/calendar-integrations");
    expect(res.status).toBe(200);
    expect(res.body.providers).toEqual([
      { id: "google", name: "Google Calendar", configured: true },
      { id: "microsoft", name: "Microsoft Outlook", configured: false },
    ]);
    expect(res.body.connections).toEqual([
      expect.objectContaining({
        id: conn!.id,
        provider: "google",
        calendarName: "Work",
        calendarEmail: alice.email,
      }),
    ]);
    expect(res.body.syncLogs).toHaveLength(20);
    const started = res.body.syncLogs.map((l) => l.startedAt);
    expect(started).toEqual([...started].sort().reverse());
    const bobConnections = await db()
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, bob.id));
    const body = JSON.stringify(res.body);
    expect(body).not.toContain("TOKEN-OF");
    const bobLogs = await db()
      .select({ id: syncLogs.id })
      .from(syncLogs)
      .where(
        inArray(
          syncLogs.connectionId,
          bobConnections.map((c) => c.id),
        ),
      );
    for (const { id } of [...bobConnections, ...bobLogs]) expect(body).not.toContain(id);
  });

  it("answers an empty history for a new person", async () => {
    const p = await person();
    const res = await p.client.get<CalendarIntegrationsResponse>("/api/calendar-integrations");
    expect(res.body).toMatchObject({ connections: [], syncLogs: [] });
  });
});
