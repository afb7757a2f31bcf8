// Security hardening as a caller sees it: cross-site mutations refused (Origin checks, ours and
// Better Auth's: tasks, profile, sign-in, password change, two-factor off, signing sessions out),
// security headers on every kind of response (API answers, errors, static files, the app shell),
// HSTS only over HTTPS, session cookies HttpOnly + SameSite=Lax and Secure when the public address
// is https, and unexpected errors answered without a stack trace or an internal message.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, session, twoFactor, user } from "#server/db/schema/auth.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import { parseEnv } from "#server/env.ts";
import { HSTS_VALUE } from "#server/http/every-response.ts";
import { createKairo, type Kairo } from "#server/kairo.ts";
import { createLogger } from "#server/logger.ts";
import type { AiProvider } from "#server/providers/ai/ai-provider.ts";
import { createOutboxMailer } from "#server/providers/mail/mailer.ts";
import type { ActiveSessionsResponse } from "#shared/contracts/sessions.ts";
import { createVerifiedUser, userData, verificationLink } from "../support/factories.ts";
import { TestClient, type TestResponse } from "../support/test-client.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-database.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { parseOtpauthUri, totp } from "../support/totp.ts";

const EVIL = "https://evil.example";
const REFUSED = { error: { code: "FORBIDDEN", message: "Cross-site request refused." } };

let server: TestServer;
let person: Awaited<ReturnType<typeof createVerifiedUser>>;
beforeAll(async () => {
  server = await startTestServer();
  person = await createVerifiedUser(server);
});
afterAll(() => server?.close());

const db = () => server.testDb.database.db;

async function taskCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(tasks);
  return Number(row!.n);
}

/** A request from the person's browser with exactly the given headers (no default Origin). */
async function raw(method: string, path: string, headers: Record<string, string>, json?: unknown) {
  const res = await fetch(new URL(path, server.baseUrl), {
    method,
    headers: {
      cookie: person.client.cookieHeader(),
      "x-forwarded-for": person.client.ip,
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function createTask(title = "Origin check task") {
  const res = await person.client.post<{ id: string; title: string }>("/api/tasks", { title });
  expect(res.status).toBe(201);
  return res.body;
}

describe("cross-site requests", () => {
  it.each([
    ["another site's Origin", { origin: EVIL }],
    ['Origin "null" (sandboxed frame, no-referrer page)', { origin: "null" }],
    ["a look-alike origin on another port", { origin: "http://127.0.0.1:1" }],
    ["the right host under https", { origin: "https://127.0.0.1" }],
    ["no Origin and another site's Referer", { referer: `${EVIL}/attack.html` }],
    ["no Origin and Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["no Origin and Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
  ])("refuses a task created with %s: 403, nothing written", async (_label, headers) => {
    const before = await taskCount();
    const res = await raw("POST", "/api/tasks", headers, { title: "Forged" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await taskCount()).toBe(before);
  });

  it("refuses cross-site PATCH and DELETE and the task stays as it was", async () => {
    const task = await createTask();
    const patched = await raw("PATCH", `/api/tasks/${task.id}`, { origin: EVIL }, { title: "Hijacked" });
    expect(patched.status).toBe(403);
    expect(patched.body).toEqual(REFUSED);
    const deleted = await raw("DELETE", `/api/tasks/${task.id}`, { origin: EVIL });
    expect(deleted.status).toBe(403);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.title).toBe("Origin check task");
  });

  it("refuses a cross-site profile change and a cross-site timer start", async () => {
    const task = await createTask();
    const profile = await raw("PATCH", "/api/profile", { origin: EVIL }, { fullName: "Mallory" });
    expect(profile.status).toBe(403);
    const timer = await raw("POST", `/api/tasks/${task.id}/timer/start`, { origin: EVIL });
    expect(timer.status).toBe(403);
    const me = await person.client.get<{ fullName: string }>("/api/me");
    expect(me.body.fullName).toBe(person.name);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.isActive).toBe(false);
  });

  it("refuses before authentication: a visitor without a session gets the same 403", async () => {
    const res = await new TestClient(server.baseUrl).request("POST", "/api/tasks", {
      json: { title: "x" },
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
  });

  it("serves the app's own origin, and a same-origin Referer when Origin is missing", async () => {
    const before = await taskCount();
    expect((await raw("POST", "/api/tasks", { origin: server.baseUrl }, { title: "Own" })).status).toBe(201);
    const byReferer = await raw(
      "POST",
      "/api/tasks",
      { referer: `${server.baseUrl}/dashboard` },
      { title: "Ref" },
    );
    expect(byReferer.status).toBe(201);
    const sameOrigin = await raw(
      "POST",
      "/api/tasks",
      { "sec-fetch-site": "same-origin" },
      { title: "Fetch" },
    );
    expect(sameOrigin.status).toBe(201);
    expect(await taskCount()).toBe(before + 3);
  });

  it("serves a client that sends no browser headers at all (a script holding its own cookie)", async () => {
    const res = await raw("POST", "/api/tasks", {}, { title: "From a script" });
    expect(res.status).toBe(201);
  });

  it("leaves reads alone: a GET with another Origin is answered", async () => {
    const res = await raw("GET", "/api/tasks", { origin: EVIL });
    expect(res.status).toBe(200);
  });

  it("Better Auth refuses its own cross-site calls (sign-in from another site)", async () => {
    const c = new TestClient(server.baseUrl);
    const res = await c.request("POST", "/api/auth/sign-in/email", {
      json: { email: person.email, password: person.password },
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(c.hasSessionCookie()).toBe(false);
  });

  it("does not apply to the signature-checked Stripe webhook", async () => {
    const res = await raw("POST", "/api/billing/stripe/webhook", { origin: EVIL }, { id: "evt_1" });
    // Without Stripe configured the webhook does not exist; what matters is that it is not our 403.
    expect(res.status).not.toBe(403);
    expect(res.body).not.toEqual(REFUSED);
  });
});

describe("cross-site requests to the security settings", () => {
  /** A request with `who`'s cookies, sent by a page of `origin` (another site unless told). */
  async function crossSite(who: TestClient, method: string, path: string, json?: unknown, origin = EVIL) {
    const res = await fetch(new URL(path, server.baseUrl), {
      method,
      headers: {
        cookie: who.cookieHeader(),
        "x-forwarded-for": who.ip,
        origin,
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: json !== undefined ? JSON.stringify(json) : undefined,
      redirect: "manual",
    });
    return { status: res.status, text: await res.text() };
  }

  async function signedInElsewhere(email: string, password: string) {
    const c = new TestClient(server.baseUrl);
    expect((await c.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    return c;
  }
  const signedIn = async (c: TestClient) => (await c.get("/api/me")).status === 200;
  const userIdOf = async (email: string) =>
    (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
  const passwordHash = async (email: string) =>
    (
      await db()
        .select({ hash: account.password })
        .from(account)
        .where(eq(account.userId, await userIdOf(email)))
    )[0]!.hash;

  it("refuses a password change: same password, the other devices stay signed in", async () => {
    const p = await createVerifiedUser(server);
    const phone = await signedInElsewhere(p.email, p.password);
    const before = await passwordHash(p.email);
    const res = await crossSite(p.client, "POST", "/api/auth/change-password", {
      currentPassword: p.password,
      newPassword: "Chosen-By-Mallory-99",
    });
    expect(res.status).toBe(403);
    expect(await passwordHash(p.email)).toBe(before);
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(p.client)).toBe(true);
    const again = await new TestClient(server.baseUrl).post("/api/auth/sign-in/email", {
      email: p.email,
      password: p.password,
    });
    expect(again.status).toBe(200);
  });

  it("refuses turning two-factor off: it stays on, with its secret", async () => {
    const p = await createVerifiedUser(server);
    const enabled = await p.client.post<{ totpURI: string }>("/api/auth/two-factor/enable", {
      password: p.password,
    });
    expect(enabled.status).toBe(200);
    const { secret } = parseOtpauthUri(enabled.body.totpURI);
    expect((await p.client.post("/api/auth/two-factor/verify-totp", { code: totp(secret) })).status).toBe(
      200,
    );
    const id = await userIdOf(p.email);
    const factors = async () => db().select().from(twoFactor).where(eq(twoFactor.userId, id));
    const factorBefore = await factors();
    expect(factorBefore).toHaveLength(1);

    const res = await crossSite(p.client, "POST", "/api/auth/two-factor/disable", { password: p.password });
    expect(res.status).toBe(403);
    expect((await db().select().from(user).where(eq(user.id, id)))[0]!.twoFactorEnabled).toBe(true);
    expect(await factors()).toEqual(factorBefore);
  });

  it("refuses signing out the other sessions, every session, or one by its id", async () => {
    const p = await createVerifiedUser(server);
    const phone = await signedInElsewhere(p.email, p.password);
    const id = await userIdOf(p.email);
    const sessionsBefore = await db().select().from(session).where(eq(session.userId, id));
    expect(sessionsBefore).toHaveLength(2);
    const phoneId = (await p.client.get<ActiveSessionsResponse>("/api/account/sessions")).body.sessions.find(
      (s) => !s.current,
    )!.id;

    for (const [method, path, json] of [
      ["POST", "/api/auth/revoke-other-sessions", {}],
      ["POST", "/api/auth/revoke-sessions", {}],
      ["DELETE", `/api/account/sessions/${phoneId}`, undefined],
    ] as const) {
      const res = await crossSite(p.client, method, path, json);
      expect(res.status, path).toBe(403);
    }
    expect((await crossSite(p.client, "DELETE", `/api/account/sessions/${phoneId}`)).text).toBe(
      JSON.stringify(REFUSED),
    );
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(p.client)).toBe(true);
    expect((await db().select({ id: session.id }).from(session).where(eq(session.userId, id))).length).toBe(
      2,
    );

    // The same call from Kairo's own pages goes through: it was the Origin that was refused.
    const own = await crossSite(
      p.client,
      "DELETE",
      `/api/account/sessions/${phoneId}`,
      undefined,
      server.baseUrl,
    );
    expect(own.status).toBe(204);
    expect(await signedIn(phone)).toBe(false);
  });
});

/** The headers every response must carry, whatever answered it. */
function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get("content-security-policy") ?? "";
  const directives = new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
  expect(csp, what).not.toBe("");
  expect(directives.get("script-src"), what).toEqual(["'self'"]);
  expect(directives.get("default-src"), what).toEqual(["'self'"]);
  expect(directives.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(directives.get("object-src"), what).toEqual(["'none'"]);
  expect(csp, what).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy"), what).toMatch(/camera=\(\)/);
  expect(headers.get("permissions-policy"), what).toMatch(/geolocation=\(\)/);
  expect(headers.get("x-frame-options"), what).toMatch(/DENY|SAMEORIGIN/);
}

describe("security headers on API answers", () => {
  it("are on successes, every kind of error, and refusals", async () => {
    const task = await createTask();
    const answers: Array<[string, TestResponse]> = [
      ["health 200", await person.client.get("/api/health")],
      ["tasks 200", await person.client.get("/api/tasks")],
      ["created 201", await person.client.post("/api/tasks", { title: "Headers" })],
      ["deleted 204", await person.client.delete(`/api/tasks/${task.id}`)],
      ["unknown route 404", await person.client.get("/api/no-such-route")],
      ["no session 401", await new TestClient(server.baseUrl).get("/api/tasks")],
      ["validation 400", await person.client.post("/api/tasks", { title: 5 })],
      ["bad JSON 400", await person.client.request("POST", "/api/tasks", { body: "{" })],
      ["too large 413", await person.client.post("/api/tasks", { title: "x".repeat(70_000) })],
      ["Better Auth answer", await new TestClient(server.baseUrl).get("/api/auth/get-session")],
      [
        "cross-site 403",
        await person.client.request("POST", "/api/tasks", { json: {}, headers: { origin: EVIL } }),
      ],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res.headers, what);
    // The answers above really were of those kinds.
    expect(answers.map(([, r]) => r.status)).toEqual([200, 200, 201, 204, 404, 401, 400, 400, 413, 200, 403]);
  });

  it("say how long the server took in Server-Timing (a duration in milliseconds)", async () => {
    for (const res of [
      await person.client.get("/api/tasks"),
      await person.client.get("/api/no-such-route"),
      await person.client.post("/api/tasks", { title: 5 }),
    ]) {
      const timing = res.headers.get("server-timing") ?? "";
      expect(timing).toMatch(/^app;dur=\d+\.\d$/);
      expect(Number(timing.slice("app;dur=".length))).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("HSTS", () => {
  it("is sent when a trusted proxy says the request came over HTTPS", async () => {
    for (const path of ["/api/health", "/api/no-such-route"]) {
      const res = await person.client.get(path, { "x-forwarded-proto": "https" });
      expect(res.headers.get("strict-transport-security"), path).toBe(HSTS_VALUE);
    }
    expect(HSTS_VALUE).toMatch(/max-age=(\d{8,})/); // at least a year
  });

  it("is not sent over plain HTTP", async () => {
    const res = await person.client.get("/api/health");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const http = await person.client.get("/api/health", { "x-forwarded-proto": "http" });
    expect(http.headers.get("strict-transport-security")).toBeNull();
  });
});

/** Every session cookie a response sets, parsed into name and lower-cased attributes. */
function sessionCookies(res: TestResponse) {
  return res.headers
    .getSetCookie()
    .map((line) => {
      const [pair, ...attrs] = line.split(";").map((p) => p.trim());
      return { name: pair!.split("=")[0]!, attrs: attrs.map((a) => a.toLowerCase()) };
    })
    .filter((c) => c.name.includes("session_token"));
}

describe("session cookies over HTTP (PUBLIC_URL http://…)", () => {
  it("are HttpOnly and SameSite=Lax, without Secure or the __Secure- prefix", async () => {
    const c = new TestClient(server.baseUrl);
    const res = await c.post("/api/auth/sign-in/email", { email: person.email, password: person.password });
    expect(res.status).toBe(200);
    const cookies = sessionCookies(res);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie.attrs).toContain("httponly");
      expect(cookie.attrs).toContain("samesite=lax");
      expect(cookie.attrs).not.toContain("secure");
      expect(cookie.name.startsWith("__Secure-")).toBe(false);
    }
  });
});

describe("a server whose public address is https", () => {
  const PUBLIC = "https://kairo.test";
  let https: TestServer;
  beforeAll(async () => {
    https = await startTestServer({ PUBLIC_URL: PUBLIC });
  });
  afterAll(() => https?.close());

  it("sets session cookies Secure, HttpOnly, SameSite=Lax under the __Secure- prefix", async () => {
    const data = userData();
    const c = new TestClient(https.baseUrl);
    const signUp = await c.request("POST", "/api/auth/sign-up/email", {
      json: { ...data, callbackURL: "/auth/callback" },
      headers: { origin: PUBLIC },
    });
    expect(signUp.status).toBe(200);
    const link = new URL(verificationLink(https, data.email));
    expect(link.origin).toBe(PUBLIC);
    const verified = await c.get(link.pathname + link.search);
    expect(verified.status).toBeLessThan(400);
    const signIn = await c.request("POST", "/api/auth/sign-in/email", {
      json: { email: data.email, password: data.password },
      headers: { origin: PUBLIC },
    });
    expect(signIn.status).toBe(200);
    for (const res of [verified, signIn]) {
      const cookies = sessionCookies(res);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) {
        expect(cookie.name.startsWith("__Secure-")).toBe(true);
        expect(cookie.attrs).toContain("secure");
        expect(cookie.attrs).toContain("httponly");
        expect(cookie.attrs).toContain("samesite=lax");
      }
    }
    // The secure cookie works: the person is signed in, and the app's origin is the https one.
    const me = await c.get<{ email: string }>("/api/me");
    expect(me.body.email).toBe(data.email);
    const own = await c.request("POST", "/api/tasks", {
      json: { title: "Mine" },
      headers: { origin: PUBLIC },
    });
    expect(own.status).toBe(201);
    // The address the server happens to listen on is not the app's origin.
    const local = await c.post("/api/tasks", { title: "Not the public origin" });
    expect(local.status).toBe(403);
    expect(local.body).toEqual(REFUSED);
  });
});

describe("the built web app served by the same server", () => {
  let webRoot: string;
  let testDb: TestDatabase;
  let kairo: Kairo;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), "kairo-web-"));
    mkdirSync(join(webRoot, "assets"));
    writeFileSync(
      join(webRoot, "index.html"),
      '<!doctype html><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(join(webRoot, "assets", "app.js"), "console.log('kairo');");
    writeFileSync(join(webRoot, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    testDb = await createTestDatabase();
    const logger = createLogger("silent");
    kairo = await createKairo({
      env: parseEnv({
        NODE_ENV: "test",
        PUBLIC_URL: "http://kairo.local",
        KAIRO_DATA_DIR: "/tmp/kairo-test-data",
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
        TRUST_PROXY: "false",
      }),
      logger,
      database: testDb.database,
      mailer: createOutboxMailer(logger),
      webRoot,
    });
  });
  afterAll(async () => {
    await kairo?.close().catch(() => {});
    await testDb?.drop().catch(() => {});
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ["the app shell", "/", 200],
    ["a client-side route", "/dashboard/settings", 200],
    ["a hashed asset", "/assets/app.js", 200],
    ["a public file", "/favicon.svg", 200],
    ["a missing asset", "/assets/missing.js", 200],
    ["an unknown API route", "/api/nope", 404],
  ])("carry the security headers on %s", async (_label, path, status) => {
    const res = await kairo.app.request(`http://kairo.local${path}`);
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers, path);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS when the request itself came over https", async () => {
    const res = await kairo.app.request("https://kairo.local/");
    expect(res.headers.get("strict-transport-security")).toBe(HSTS_VALUE);
  });

  it("ignores X-Forwarded-Proto without TRUST_PROXY (anyone could send it)", async () => {
    const res = await kairo.app.request("http://kairo.local/", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("an unexpected error", () => {
  it("is answered with a generic message: no stack, no internal detail, headers still set", async () => {
    const internal =
      "connect ECONNREFUSED 10.1.2.3:5432 password=hunter2 at Object.<anonymous> (/srv/kairo/src/server/x.ts:12:3)";
    const original = server.kairo.deps.ai;
    const failing: AiProvider = {
      kind: "builtin",
      suggestBreakActivity: async () => {
        throw new Error(internal);
      },
      writeInsights: async () => {
        throw new Error(internal);
      },
    };
    server.kairo.deps.ai = failing;
    try {
      const res = await person.client.post("/api/assistant", {
        action: "suggest-break-activity",
        data: { breakDuration: 5, energyLevel: 5, timeOfDay: "morning" },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." },
      });
      const text = JSON.stringify(res.body);
      for (const leak of ["ECONNREFUSED", "hunter2", "10.1.2.3", "stack", ".ts:", "Error"]) {
        expect(text).not.toContain(leak);
      }
      expect(res.headers.get("x-request-id")).toBeTruthy();
      expectSecurityHeaders(res.headers, "500");
    } finally {
      server.kairo.deps.ai = original;
    }
  });
});
