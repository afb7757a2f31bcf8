// One origin rule for every HTTP route and every Better Auth call (issue 10, point 7): without
// PUBLIC_URL, Kairo opened at 127.0.0.1 (or a LAN address) signs people up and in, as at the
// announced localhost; with PUBLIC_URL, that origin and TRUSTED_ORIGINS, nothing else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userData, verificationLink } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const EVIL = "https://evil.example";
const REFUSED = { error: { code: "FORBIDDEN", message: "Cross-site request refused." } };

describe("without PUBLIC_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: "" });
  });
  afterAll(() => server?.close());

  it("signs up and in at 127.0.0.1, the address the browser used", async () => {
    // The TestClient sends Origin = the address it talks to (http://127.0.0.1:port), as a browser does.
    const data = userData();
    const c = new TestClient(server.baseUrl);
    const signUp = await c.post("/api/auth/sign-up/email", { ...data, callbackURL: "/auth/callback" });
    expect(signUp.status).toBe(200);
    const link = new URL(verificationLink(server, data.email));
    expect((await c.get(link.pathname + link.search)).status).toBeLessThan(400);
    c.clearCookies();
    const signIn = await c.post("/api/auth/sign-in/email", { email: data.email, password: data.password });
    expect(signIn.status).toBe(200);
    expect((await c.post("/api/tasks", { title: "From 127.0.0.1" })).status).toBe(201);
  });

  it("refuses another site on our routes and on Better Auth's", async () => {
    const data = userData();
    const c = new TestClient(server.baseUrl);
    const signUp = await c.request("POST", "/api/auth/sign-up/email", {
      json: { ...data, callbackURL: "/auth/callback" },
      headers: { origin: EVIL },
    });
    expect(signUp.status).toBe(403);
    expect(signUp.body).toEqual(REFUSED);
    expect(server.outbox.list().some((m) => m.to === data.email)).toBe(false);
    const task = await c.request("POST", "/api/tasks", { json: { title: "x" }, headers: { origin: EVIL } });
    expect(task.status).toBe(403);
  });
});

describe("with PUBLIC_URL and TRUSTED_ORIGINS", () => {
  const PUBLIC = "https://kairo.test";
  const TRUSTED = "https://admin.kairo.test";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: PUBLIC, TRUSTED_ORIGINS: TRUSTED });
  });
  afterAll(() => server?.close());

  it("allows those two origins on Better Auth's calls and refuses the address the server listens on", async () => {
    for (const origin of [PUBLIC, TRUSTED]) {
      const c = new TestClient(server.baseUrl);
      const res = await c.request("POST", "/api/auth/sign-up/email", {
        json: { ...userData(), callbackURL: "/auth/callback" },
        headers: { origin },
      });
      expect(res.status, origin).toBe(200);
    }
    const local = await new TestClient(server.baseUrl).post("/api/auth/sign-up/email", {
      ...userData(),
      callbackURL: "/auth/callback",
    });
    expect(local.status).toBe(403);
    expect(local.body).toEqual(REFUSED);
  });
});
