// POST /api/client-errors: the browser's error log entry, stored with the person and the browser,
// validated and capped in size, limited to 20 reports a minute per person, and refused while the
// person has crash reports off.
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clientErrorReports } from "#server/db/schema/admin.ts";
import { CRASH_REPORTS_OFF } from "#server/modules/client-errors/routes.ts";
import { CLIENT_ERROR_LIMITS } from "#shared/contracts/account.ts";
import type { Me } from "#shared/contracts/auth.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(() => server.clock.reset());

const db = () => server.testDb.database.db;

async function person() {
  const p = await createVerifiedUser(server);
  const me = await p.client.get<Me>("/api/me");
  return { ...p, id: me.body.id };
}

const reportsOf = async (id: string) =>
  db().select().from(clientErrorReports).where(eq(clientErrorReports.userId, id));
const total = async () => Number((await db().select({ n: count() }).from(clientErrorReports))[0]!.n);

const report = {
  message: "Cannot read properties of undefined (reading 'title')",
  stack: "TypeError: Cannot read properties of undefined\n    at TaskRow (task-row.tsx:12:5)",
  componentStack: "\n    at TaskRow\n    at TaskList",
  url: "http://localhost:3000/dashboard?section=tasks",
  timestamp: "2026-02-01T10:00:00.000Z",
};

describe("POST /api/client-errors", () => {
  it("stores the report with the person and their browser", async () => {
    const p = await person();
    const res = await p.client.post<{ id: string }>("/api/client-errors", report, {
      "user-agent": "Kairo test browser",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = await reportsOf(p.id);
    expect(rows).toEqual([
      expect.objectContaining({
        id: res.body.id,
        userId: p.id,
        message: report.message,
        stack: report.stack,
        componentStack: report.componentStack,
        url: report.url,
        userAgent: "Kairo test browser",
      }),
    ]);
  });

  it("takes a report with only a message", async () => {
    const p = await person();
    expect((await p.client.post("/api/client-errors", { message: "Boom" })).status).toBe(201);
  });

  it("refuses oversize, malformed or unknown fields with a 4xx and stores nothing", async () => {
    const p = await person();
    const before = await total();
    const bad: [unknown, number][] = [
      [{ ...report, message: "x".repeat(CLIENT_ERROR_LIMITS.message + 1) }, 400],
      [{ ...report, stack: "x".repeat(CLIENT_ERROR_LIMITS.stack + 1) }, 400],
      [{ ...report, url: "x".repeat(CLIENT_ERROR_LIMITS.url + 1) }, 400],
      [{ ...report, message: "" }, 400],
      [{ stack: "only a stack" }, 400],
      [{ ...report, message: 42 }, 400],
      [{ ...report, timestamp: "yesterday" }, 400],
      [{ ...report, cookies: "a=b" }, 400],
      [{ ...report, message: "nul \u0000 inside" }, 400],
      [[], 400],
      // Beyond the API's 64 KiB body limit: refused before it is read.
      [{ ...report, componentStack: "x".repeat(70_000) }, 413],
    ];
    for (const [body, status] of bad) {
      const res = await p.client.request<ErrorBody>("POST", "/api/client-errors", { json: body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.error.message.length).toBeGreaterThan(3);
    }
    expect(await total()).toBe(before);
  });

  it("takes 20 reports a minute from one person, then refuses until the minute has passed", async () => {
    const p = await person();
    const other = await person();
    server.clock.set("2026-02-01T10:00:00Z");
    for (let i = 0; i < CLIENT_ERROR_LIMITS.perMinute; i++) {
      expect((await p.client.post("/api/client-errors", { message: `Error ${i}` })).status).toBe(201);
    }
    const refused = await p.client.post<ErrorBody>("/api/client-errors", { message: "One too many" });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    // Someone else is not held back.
    expect((await other.client.post("/api/client-errors", { message: "Mine" })).status).toBe(201);
    server.clock.advance(61_000);
    expect((await p.client.post("/api/client-errors", { message: "Later" })).status).toBe(201);
    expect(await reportsOf(p.id)).toHaveLength(CLIENT_ERROR_LIMITS.perMinute + 1);
  });

  it("refuses reports while the person has crash reports off, and stores nothing", async () => {
    const p = await person();
    const off = await p.client.patch("/api/preferences", { privacy: { crashReports: false } });
    expect(off.status).toBe(200);

    const res = await p.client.post<ErrorBody>("/api/client-errors", report);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: "FORBIDDEN", message: CRASH_REPORTS_OFF });
    expect(await reportsOf(p.id)).toEqual([]);

    // Someone else's choice is theirs: reports of a person with them on are stored.
    const other = await person();
    expect((await other.client.post("/api/client-errors", report)).status).toBe(201);

    // On again, and the next report is taken.
    expect((await p.client.patch("/api/preferences", { privacy: { crashReports: true } })).status).toBe(200);
    expect((await p.client.post("/api/client-errors", report)).status).toBe(201);
    expect(await reportsOf(p.id)).toHaveLength(1);
  });

  it("refuses a visitor without a session", async () => {
    const res = await new TestClient(server.baseUrl).post<ErrorBody>("/api/client-errors", report);
    expect(res.status).toBe(401);
  });
});
