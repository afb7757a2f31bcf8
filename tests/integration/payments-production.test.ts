// With NODE_ENV=production and no payment provider (issue 10, point 3): the built-in test checkout,
// whose Pay button grants a paid plan, is off unless the operator asks for it with PAYMENTS=test.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, subscriptions } from "#server/db/schema/billing.ts";
import type { Me } from "#shared/contracts/auth.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const NOT_CONFIGURED = {
  error: {
    code: "UNAVAILABLE",
    message:
      "Billing is not configured on this server, so plans cannot be bought yet. Please contact the site's operator.",
  },
};

const checkoutBody = (server: TestServer) => ({
  plan: "team",
  quantity: 100,
  billing: "monthly",
  successUrl: `${server.baseUrl}/dashboard?upgrade=success`,
  cancelUrl: `${server.baseUrl}/dashboard?upgrade=cancelled`,
});

describe("production without a payment provider", () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: "production" });
    ({ client } = await createVerifiedUser(server));
  });
  afterAll(() => server?.close());

  it("refuses checkout, the portal and the test checkout's calls with a clear 503, and sells nothing", async () => {
    const me = (await client.get<Me>("/api/me")).body;
    const before = await server.testDb.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, me.id));
    const checkout = await client.post<ErrorBody>("/api/billing/checkout", checkoutBody(server));
    expect(checkout.status).toBe(503);
    expect(checkout.body).toEqual(NOT_CONFIGURED);
    const portal = await client.post<ErrorBody>("/api/billing/portal", {
      returnUrl: `${server.baseUrl}/settings`,
    });
    expect(portal.status).toBe(503);
    expect(portal.body).toEqual(NOT_CONFIGURED);
    const someId = "00000000-0000-4000-8000-000000000000";
    for (const path of [`/api/billing/checkout-sessions/${someId}/pay`, "/api/billing/local/subscription"]) {
      const res = await client.post<ErrorBody>(path, { action: "cancel" });
      expect(res.status, path).toBe(503);
      expect(res.body, path).toEqual(NOT_CONFIGURED);
    }
    const [{ n } = { n: -1 }] = await server.testDb.database.db.select({ n: count() }).from(checkoutSessions);
    expect(n).toBe(0);
    expect(
      await server.testDb.database.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id)),
    ).toEqual(before);
  });
});

describe("production with PAYMENTS=test", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: "production", PAYMENTS: "test" });
  });
  afterAll(() => server?.close());

  it("runs the test checkout the operator asked for", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await client.post<{ url: string }>("/api/billing/checkout", checkoutBody(server));
    expect(res.status).toBe(201);
    expect(new URL(res.body.url).pathname).toMatch(/^\/billing\/checkout\/[0-9a-f-]{36}$/);
  });
});
