// The per-address limits on the sensitive authentication calls (AUTH_RATE_LIMITS): the call after
// the last allowed one answers 429, while another address is still served.
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "#server/auth/auth.ts";
import { user } from "#server/db/schema/auth.ts";
import { checkoutSessions } from "#server/db/schema/billing.ts";
import { workflows } from "#server/db/schema/workflows.ts";
import { PERSON_BUDGETS, ROUTE_LIMITS, SOCKETS_PER_PERSON } from "#server/http/route-limits.ts";
import { buyPlan, createVerifiedUser, userData } from "../support/factories.ts";
import { TestClient, type TestResponse } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const client = () => new TestClient(server.baseUrl);
const mailsTo = (email: string) => server.outbox.list().filter((m) => m.to === email);

function expectRateLimited(res: TestResponse) {
  expect(res.status).toBe(429);
  // Better Auth's own limiter answers in Kairo's error shape, with a standard Retry-After.
  const body = res.body as { error?: { code?: unknown; message?: unknown } };
  expect(body.error?.code).toBe("RATE_LIMITED");
  expect(body.error?.message).toBe("Too many attempts. Please wait a moment and try again.");
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
}

/** Sends `max` allowed calls, checks none was limited, then checks the next one is. */
async function exhaust(
  c: TestClient,
  max: number,
  call: (c: TestClient, i: number) => Promise<TestResponse>,
) {
  const served: TestResponse[] = [];
  for (let i = 0; i < max; i++) {
    const res = await call(c, i);
    expect(res.status, `call ${i + 1} of ${max} should be served`).not.toBe(429);
    served.push(res);
  }
  const limited = await call(c, max);
  expectRateLimited(limited);
  return { served, limited };
}

describe("the configured limits", () => {
  it("are those the README documents", () => {
    expect(AUTH_RATE_LIMITS["/sign-in/email"]).toEqual({ window: 60, max: 10 });
    expect(AUTH_RATE_LIMITS["/sign-up/email"]).toEqual({ window: 60, max: 5 });
    expect(AUTH_RATE_LIMITS["/request-password-reset"]).toEqual({ window: 300, max: 3 });
    expect(AUTH_RATE_LIMITS["/send-verification-email"]).toEqual({ window: 300, max: 3 });
  });
});

describe("sign-in: 10 per minute per address", () => {
  it("limits the 11th attempt, also with the right password, and serves another address", async () => {
    const { email, password } = await createVerifiedUser(server);
    const attacker = client();
    const { served } = await exhaust(attacker, 10, (c) =>
      c.post("/api/auth/sign-in/email", { email, password: "wrong-password-1" }),
    );
    for (const res of served) expect(res.status).toBe(401);

    // Even the right password is refused from this address now.
    const right = await attacker.post("/api/auth/sign-in/email", { email, password });
    expectRateLimited(right);
    expect(attacker.hasSessionCookie()).toBe(false);

    const other = client();
    const res = await other.post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    expect(other.hasSessionCookie()).toBe(true);
  });

  it("cannot be dodged by sending the internal client-address header", async () => {
    const { email } = await createVerifiedUser(server);
    const attacker = client();
    await exhaust(attacker, 10, (c) =>
      c.post("/api/auth/sign-in/email", { email, password: "wrong-password-1" }),
    );
    const spoofed = await attacker.post(
      "/api/auth/sign-in/email",
      { email, password: "wrong-password-1" },
      { "x-kairo-client-ip": "203.0.113.77" },
    );
    expectRateLimited(spoofed);
  });

  it("counts per call: a limited sign-in does not block a password reset request", async () => {
    const { email } = await createVerifiedUser(server);
    const c = client();
    await exhaust(c, 10, (cl) => cl.post("/api/auth/sign-in/email", { email, password: "wrong-password-1" }));
    const reset = await c.post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    expect(reset.status).toBe(200);
  });
});

describe("sign-up: 5 per minute per address", () => {
  it("limits the 6th sign-up without creating the account, and serves another address", async () => {
    const people = Array.from({ length: 6 }, () => userData());
    const c = client();
    const { served } = await exhaust(c, 5, (cl, i) =>
      cl.post("/api/auth/sign-up/email", { ...people[i]!, callbackURL: "/auth/callback" }),
    );
    for (const res of served) expect(res.status).toBe(200);

    const sixth = people[5]!;
    const [{ n }] = (await server.testDb.database.db
      .select({ n: count() })
      .from(user)
      .where(eq(user.email, sixth.email))) as [{ n: number }];
    expect(n).toBe(0);
    expect(mailsTo(sixth.email)).toHaveLength(0);

    const res = await client().post("/api/auth/sign-up/email", { ...sixth, callbackURL: "/auth/callback" });
    expect(res.status).toBe(200);
    expect(mailsTo(sixth.email)).toHaveLength(1);
  });
});

describe("request-password-reset: 3 per 5 minutes per address", () => {
  it("limits the 4th request without mailing, and serves another address", async () => {
    const { email } = await createVerifiedUser(server);
    const c = client();
    const { served } = await exhaust(c, 3, (cl) =>
      cl.post("/api/auth/request-password-reset", { email, redirectTo: "/auth/reset-password" }),
    );
    for (const res of served) expect(res.status).toBe(200);
    const resetMails = () => mailsTo(email).filter((m) => /reset/i.test(m.subject)).length;
    expect(resetMails()).toBe(3);

    const res = await client().post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    expect(res.status).toBe(200);
    expect(resetMails()).toBe(4);
  });
});

describe("send-verification-email: 3 per 5 minutes per address", () => {
  it("limits the 4th request without mailing, and serves another address", async () => {
    const data = userData();
    await client().post("/api/auth/sign-up/email", { ...data, callbackURL: "/auth/callback" });
    const verifyMails = () => mailsTo(data.email).filter((m) => /verify/i.test(m.subject)).length;
    expect(verifyMails()).toBe(1);

    const c = client();
    const { served } = await exhaust(c, 3, (cl) =>
      cl.post("/api/auth/send-verification-email", { email: data.email, callbackURL: "/auth/callback" }),
    );
    for (const res of served) expect(res.status).toBe(200);
    expect(verifyMails()).toBe(4);

    const res = await client().post("/api/auth/send-verification-email", {
      email: data.email,
      callbackURL: "/auth/callback",
    });
    expect(res.status).toBe(200);
    expect(verifyMails()).toBe(5);
  });
});

describe("our own sensitive routes (ROUTE_LIMITS)", () => {
  // These limits count in fixed one-minute windows: calls that straddled a minute's end would be
  // counted in two (a loaded machine made that happen). The server's clock stands at the start of
  // the current minute while each test runs.
  beforeEach(() => server.clock.set(new Date(Math.floor(Date.now() / 60_000) * 60_000)));
  afterEach(() => server.clock.reset());
  const checkoutBody = () => ({
    plan: "pro",
    billing: "monthly",
    successUrl: `${server.baseUrl}/settings?success=true`,
    cancelUrl: `${server.baseUrl}/settings?canceled=true`,
  });
  const sessionsOf = async (userId: string) => {
    const [row] = await server.kairo.deps.database.db
      .select({ n: count() })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, userId));
    return Number(row?.n ?? 0);
  };

  it("are the ones the README documents", () => {
    expect(ROUTE_LIMITS.checkout).toMatchObject({ max: 10, windowSeconds: 60 });
    expect(ROUTE_LIMITS.billingPortal).toMatchObject({ max: 20, windowSeconds: 60 });
    expect(ROUTE_LIMITS.teamInvitation).toMatchObject({ max: 30, windowSeconds: 3600 });
    expect(ROUTE_LIMITS.accountExport).toMatchObject({ max: 5, windowSeconds: 60 });
    expect(ROUTE_LIMITS.clientErrors).toMatchObject({ max: 30, windowSeconds: 60 });
    expect(ROUTE_LIMITS.aiInsightsRefresh).toMatchObject({ max: 5, windowSeconds: 600 });
    expect(ROUTE_LIMITS.assistant).toMatchObject({ max: 30, windowSeconds: 3600 });
    expect(ROUTE_LIMITS.icalFeed).toMatchObject({ max: 120, windowSeconds: 3600 });
    expect(PERSON_BUDGETS.modelAnalyses).toMatchObject({ max: 30, windowSeconds: 3600 });
    expect(PERSON_BUDGETS.activityBroadcast).toMatchObject({ max: 10, windowSeconds: 60 });
    expect(PERSON_BUDGETS.teamActivityWrites).toMatchObject({ max: 30, windowSeconds: 60 });
    expect(SOCKETS_PER_PERSON).toBe(8);
    expect(ROUTE_LIMITS.workflowCreate).toMatchObject({ max: 20, windowSeconds: 600 });
    expect(ROUTE_LIMITS.apiV1).toMatchObject({ max: 1000, windowSeconds: 3600 });
  });

  it("limits checkout to 10 a minute per person, prepares nothing past it, and serves another person", async () => {
    const a = await createVerifiedUser(server);
    const me = (await a.client.get<{ id: string }>("/api/me")).body;
    for (let i = 0; i < 10; i++) {
      expect((await a.client.post("/api/billing/checkout", checkoutBody())).status).toBe(201);
    }
    const limited = await a.client.post<{ error: { code: string; message: string } }>(
      "/api/billing/checkout",
      checkoutBody(),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.body.error).toEqual({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please wait a moment and try again.",
    });
    expect(await sessionsOf(me.id)).toBe(10);
    const b = await createVerifiedUser(server);
    expect((await b.client.post("/api/billing/checkout", checkoutBody())).status).toBe(201);
  });

  it("limits creating workflows to 20 per 10 minutes per person, stores nothing past it, and serves another person", async () => {
    const a = await createVerifiedUser(server);
    await buyPlan(server, a.client, "team");
    const me = (await a.client.get<{ id: string }>("/api/me")).body;
    const body = (i: number) => ({
      name: `Flow ${i}`,
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed" },
      actions: [{ type: "send_notification", config: { title: "Done" } }],
    });
    for (let i = 0; i < 20; i++) expect((await a.client.post("/api/workflows", body(i))).status).toBe(201);
    const limited = await a.client.post<{ error: { code: string; message: string } }>(
      "/api/workflows",
      body(20),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.error).toEqual({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please wait a moment and try again.",
    });
    const [stored] = await server.testDb.database.db
      .select({ n: count() })
      .from(workflows)
      .where(eq(workflows.userId, me.id));
    expect(stored?.n).toBe(20);
    const b = await createVerifiedUser(server);
    expect((await b.client.post("/api/workflows", body(0))).status).toBe(201);
  });

  it("limits data exports to 5 a minute per person", async () => {
    const a = await createVerifiedUser(server);
    for (let i = 0; i < 5; i++) expect((await a.client.get("/api/account/export")).status).toBe(200);
    expect((await a.client.get("/api/account/export")).status).toBe(429);
  });
});
