// Every API route with its access rule. A new route without an entry here fails the suite, and every
// "signed-in" route is proved to refuse a visitor without a session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Rule = "public" | "signed-in" | "dev-only" | "auth";

const RULES: Record<string, Rule> = {
  "GET /api/health": "public",
  "GET /api/auth/*": "auth",
  "POST /api/auth/*": "auth",
  "GET /api/dev/mail": "dev-only",
  "GET /api/me": "signed-in",
  "PATCH /api/profile": "signed-in",
  "GET /api/subscription": "signed-in",
  "POST /api/demo": "signed-in",
  "GET /api/tasks": "signed-in",
  "POST /api/tasks": "signed-in",
  "PATCH /api/tasks/:id": "signed-in",
  "DELETE /api/tasks/:id": "signed-in",
  "POST /api/tasks/:id/timer/start": "signed-in",
  "POST /api/tasks/:id/timer/stop": "signed-in",
  "GET /api/tasks/:id/time-logs": "signed-in",
  "GET /api/pomodoro-sessions/today": "signed-in",
  "POST /api/pomodoro-sessions": "signed-in",
  "POST /api/pomodoro-sessions/:id/complete": "signed-in",
  "POST /api/assistant": "signed-in",
  "GET /api/analytics": "signed-in",
  "GET /api/overview": "signed-in",
  "GET /api/calendar": "signed-in",
  // -- billing (checkout, portal, webhooks, team seats)
  "GET /api/billing": "signed-in",
  "POST /api/billing/checkout": "signed-in",
  "POST /api/billing/portal": "signed-in",
  "GET /api/billing/checkout-sessions/:id": "signed-in",
  "POST /api/billing/checkout-sessions/:id/pay": "signed-in",
  "POST /api/billing/checkout-sessions/:id/cancel": "signed-in",
  "POST /api/billing/local/subscription": "signed-in",
  // -- security settings (password, two-factor, sessions)
  // -- your data, preferences, client error reports
  // -- admin
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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

  const signedIn = Object.entries(RULES).filter(([, rule]) => rule === "signed-in");
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

  it("answers the public health route without a session", async () => {
    expect((await new TestClient(server.baseUrl).get("/api/health")).status).toBe(200);
  });
});
