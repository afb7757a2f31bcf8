// Every API route with its access rule. A new route without an entry here fails the suite, and every
// "signed-in" route is proved to refuse a visitor without a session, every "webhook" route a request
// without a valid signature.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "../support/factories.ts";
import { RULES } from "../support/route-rules.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  // Stripe is configured (never contacted here) so its webhook checks signatures.
  server = await startTestServer({
    STRIPE_SECRET_KEY: "sk_test_route_rules",
    STRIPE_WEBHOOK_SECRET: "whsec_route_rules",
    STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
    STRIPE_PRICE_PRO_YEARLY: "price_pro_yearly",
    STRIPE_PRICE_TEAM_MONTHLY: "price_team_monthly",
    STRIPE_PRICE_TEAM_YEARLY: "price_team_yearly",
  });
});
afterAll(() => server?.close());

function apiRoutes(): string[] {
  return [
    ...new Set(
      server.kairo.app.routes
        .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
        .map((r) => `${r.method} ${r.path}`),
    ),
  ].sort();
}

describe("API route rules", () => {
  it("lists every route of the app, and only those", () => {
    expect(apiRoutes()).toEqual(Object.keys(RULES).sort());
  });

  const signedIn = Object.entries(RULES).filter(
    ([, rule]) => rule === "signed-in" || rule === "feature" || rule === "admin",
  );
  it.each(signedIn)("%s refuses a visitor without a session", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const concrete = path
      .replace(":id", "00000000-0000-4000-8000-000000000000")
      .replace("/api/analytics", "/api/analytics?range=7");
    const res = await new TestClient(server.baseUrl).request<{ error: { code: string } }>(method, concrete, {
      json: method === "GET" || method === "DELETE" ? undefined : {},
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHENTICATED");
  });

  const bearer = Object.entries(RULES).filter(([, rule]) => rule === "bearer");
  it.each(bearer)("%s refuses a caller without a credential, as RFC 6750 says", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const res = await new TestClient(server.baseUrl).request<{ status: number; title: string }>(
      method,
      path,
      {
        json: method === "GET" ? undefined : {},
      },
    );
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="/);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 401, title: "Unauthorized" });
  });

  const adminOnly = Object.entries(RULES).filter(([, rule]) => rule === "admin");
  it.each(adminOnly)("%s refuses a signed-in person who is not an administrator", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const { client } = await createVerifiedUser(server);
    const concrete = path.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");
    const res = await client.request<{ error: { code: string; message: string } }>(method, concrete, {
      json: method === "GET" || method === "DELETE" ? undefined : { role: "admin", plan: "pro" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: "FORBIDDEN", message: "Only Kairo administrators can do this." });
  });

  const gated = Object.entries(RULES).filter(([, rule]) => rule === "feature");
  it.each(gated)("%s refuses a signed-in person on the free plan with PLAN_REQUIRED", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const { client } = await createVerifiedUser(server);
    // The 7-day trial is over: the person is on free.
    server.clock.set(new Date(Date.now() + 8 * 86_400_000));
    try {
      const concrete = path.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");
      const res = await client.request<{ error: { code: string; message: string; requiredPlan?: string } }>(
        method,
        concrete,
        { json: method === "GET" || method === "DELETE" ? undefined : { email: "someone@example.com" } },
      );
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: expect.any(String) });
      expect(res.body.error.message).toMatch(/Upgrade to (Pro|Team)/);
    } finally {
      server.clock.reset();
    }
  });

  const webhooks = Object.entries(RULES).filter(([, rule]) => rule === "webhook");
  it.each(webhooks)("%s refuses a request without a valid signature", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const body = JSON.stringify({ id: "evt_unsigned", object: "event", type: "ping", data: { object: {} } });
    const unsigned: Record<string, string>[] = [{}, { "stripe-signature": "t=1,v1=00" }];
    for (const headers of unsigned) {
      const res = await new TestClient(server.baseUrl).request<{ error: { code: string } }>(method, path, {
        body,
        headers,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
  });

  it("answers the public health route without a session", async () => {
    expect((await new TestClient(server.baseUrl).get("/api/health")).status).toBe(200);
  });
});
