// Holes an outside probe found (issue 10, points 5 and 9): dates the schema accepted but the
// database could not hold, a lone surrogate stored as U+FFFD, Better Auth's own 429 shape, its GET
// calls outside the allowlist, and personal answers a cache could keep.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "#server/db/schema/tasks.ts";
import type { Me } from "#shared/contracts/auth.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let client: TestClient;
let userId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ client } = await createVerifiedUser(server));
  userId = (await client.get<Me>("/api/me")).body.id;
});
afterAll(() => server?.close());

const taskCount = async () =>
  (await server.testDb.database.db.select().from(tasks).where(eq(tasks.userId, userId))).length;

describe("dates outside the years 0001-9999", () => {
  const outside = ["0000-01-01T00:00:00Z", "0000-12-31T23:59:59.999Z", "9999-12-31T23:00:00-02:00"];

  it("answers 400 naming the deadline on create and update, and stores nothing", async () => {
    const before = await taskCount();
    for (const deadline of outside) {
      const res = await client.post<ErrorBody>("/api/tasks", { title: "Far away", deadline });
      expect(res.status, deadline).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
      expect(res.body.error.fields?.deadline).toBe("Deadline must be between the years 0001 and 9999 (UTC)");
    }
    expect(await taskCount()).toBe(before);

    const task = (await client.post<TaskDto>("/api/tasks", { title: "Near" })).body;
    for (const deadline of outside) {
      const res = await client.patch<ErrorBody>(`/api/tasks/${task.id}`, { deadline });
      expect(res.status, deadline).toBe(400);
      expect(res.body.error.fields?.deadline).toMatch(/between the years 0001 and 9999/);
    }
    expect((await client.get<TaskDto[]>(`/api/tasks`)).status).toBe(200);
    const [row] = await server.testDb.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.deadline).toBeNull();
  });

  it("still takes the first and last moments of the range", async () => {
    for (const deadline of ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]) {
      const res = await client.post<TaskDto>("/api/tasks", { title: "Edge", deadline });
      expect(res.status, deadline).toBe(201);
      expect(res.body.deadline).toBe(new Date(deadline).toISOString());
    }
  });

  it("answers 400 naming from or to on the calendar", async () => {
    const from = await client.get<ErrorBody>(
      `/api/calendar?from=${encodeURIComponent("0000-01-01T00:00:00Z")}&to=${encodeURIComponent("2026-01-01T00:00:00Z")}`,
    );
    expect(from.status).toBe(400);
    expect(from.body.error.fields?.from).toBe("from must be between the years 0001 and 9999 (UTC)");
    const to = await client.get<ErrorBody>(
      `/api/calendar?from=${encodeURIComponent("2026-01-01T00:00:00Z")}&to=${encodeURIComponent("9999-12-31T23:30:00-01:00")}`,
    );
    expect(to.status).toBe(400);
    expect(to.body.error.fields?.to).toBe("to must be between the years 0001 and 9999 (UTC)");
  });
});

describe("a lone UTF-16 surrogate", () => {
  it("is refused with a 400 naming the field, and nothing is stored", async () => {
    const before = await taskCount();
    // Written as JSON escapes, as a script would send it: JSON.stringify keeps a lone surrogate escaped.
    for (const body of ['{"title":"Report \\ud800"}', '{"title":"x","description":"\\udfff tail"}']) {
      const res = await client.request<ErrorBody>("POST", "/api/tasks", { body });
      expect(res.status, body).toBe(400);
      expect(res.body.error.message).toBe(
        "Text must not contain invalid characters (a lone UTF-16 surrogate).",
      );
    }
    const named = await client.request<ErrorBody>("POST", "/api/tasks", {
      body: '{"title":"Report \\ud800"}',
    });
    expect(Object.keys(named.body.error.fields ?? {})).toEqual(["title"]);
    expect(await taskCount()).toBe(before);
    // A proper pair (an emoji) is text like any other.
    const ok = await client.request<TaskDto>("POST", "/api/tasks", {
      body: '{"title":"Ship it \\ud83d\\ude80"}',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.title).toBe("Ship it 🚀");
  });
});

describe("Better Auth behind Kairo's rules", () => {
  it("answers its rate limit in Kairo's error shape with Retry-After", async () => {
    const c = new TestClient(server.baseUrl);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof c.post<ErrorBody>>> | undefined;
    // Password reset requests: 3 per 5 minutes per address.
    for (let i = 0; i < 4; i++) {
      last = await c.post<ErrorBody>("/api/auth/request-password-reset", {
        email: `nobody-${i}@example.com`,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.body).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many attempts. Please wait a moment and try again." },
    });
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("x-retry-after")).toBeNull();
  });

  it("closes GET calls outside the allowlist and keeps the open ones", async () => {
    for (const path of [
      "/api/auth/list-accounts",
      "/api/auth/ok",
      "/api/auth/account-info",
      "/api/auth/list-sessions",
    ]) {
      const res = await client.get<ErrorBody>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect((await client.get("/api/auth/get-session")).status).toBe(200);
  });
});

describe("personal answers", () => {
  it("carry Cache-Control: no-store", async () => {
    for (const path of [
      "/api/me",
      "/api/tasks",
      "/api/auth/get-session",
      "/api/subscription",
      "/api/no-such-route",
    ]) {
      const res = await client.get(path);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });
});
