// Idempotency-Key on the app's own POST /api/tasks (decision 282, the mechanism of decision 257): the
// web's offline queue sends each captured task with a key, so a creation sent again after a lost
// answer replays the first answer and creates nothing; another body under the same key is refused;
// keys are per person; a bad key is a 400 that stores nothing.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiIdempotencyKeys } from "#server/db/schema/platform.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import type { TaskDto, TaskListResponse } from "#shared/contracts/tasks.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { server, db, person } = testServerForFile();

const titled = async (p: SignedInPerson, q: string) => {
  const res = await p.client.get<TaskListResponse>(`/api/tasks?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body.tasks;
};

const taskCount = async (personId: string) =>
  Number((await db().select({ n: count() }).from(tasks).where(eq(tasks.createdBy, personId)))[0]!.n);

describe("POST /api/tasks with an Idempotency-Key", () => {
  it("replays the first answer for the same key and body, and creates one task", async () => {
    const me = await person();
    const body = { title: "Captured on the train", category: "General", estimatedMinutes: 15 };
    const key = { "idempotency-key": "7c1e4d2a-0b3f-4c5e-9a8d-1f2e3d4c5b6a" };
    const first = await me.client.post<TaskDto>("/api/tasks", body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await me.client.post<TaskDto>("/api/tasks", body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await titled(me, "Captured on the train")).toHaveLength(1);

    // Without a key every call creates, as before.
    await me.client.post("/api/tasks", { title: "Keyless" });
    await me.client.post("/api/tasks", { title: "Keyless" });
    expect(await titled(me, "Keyless")).toHaveLength(2);
  });

  it("refuses the same key with another body (422) and creates nothing", async () => {
    const me = await person();
    const key = { "idempotency-key": "reused-key" };
    expect((await me.client.post("/api/tasks", { title: "First use" }, key)).status).toBe(201);
    const before = await taskCount(me.id);
    const other = await me.client.post<ErrorBody>("/api/tasks", { title: "Second use" }, key);
    expect(other.status).toBe(422);
    expect(other.headers.get("content-type")).toMatch(/^application\/json/);
    expect(other.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(other.body.error.message).toMatch(/Idempotency-Key was used with another request body/);
    expect(await taskCount(me.id)).toBe(before);
  });

  it("keeps keys per person: another person's same key creates their own task", async () => {
    const ann = await person();
    const bob = await person();
    const key = { "idempotency-key": "shared-looking-key" };
    const a = await ann.client.post<TaskDto>("/api/tasks", { title: "Same words" }, key);
    const b = await bob.client.post<TaskDto>("/api/tasks", { title: "Same words" }, key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.body.createdBy).toBe(bob.id);
    expect(await titled(bob, "Same words")).toHaveLength(1);
  });

  it("keeps the app's keys apart from /api/v1's and forgets them after 24 hours", async () => {
    const me = await person();
    const key = { "idempotency-key": "day-old-key" };
    const first = await me.client.post<TaskDto>("/api/tasks", { title: "Daily" }, key);
    const [row] = await db().select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.userId, me.id));
    expect(row).toMatchObject({ operation: "app:createTask", key: "day-old-key", status: 201 });
    server.clock.advance(24 * 3_600_000 + 1000);
    const later = await me.client.post<TaskDto>("/api/tasks", { title: "Daily" }, key);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it("creates one task when two calls race with the same key", async () => {
    const me = await person();
    const key = { "idempotency-key": "raced-key" };
    const both = await Promise.all(
      [1, 2].map(() => me.client.post<TaskDto>("/api/tasks", { title: "Raced capture" }, key)),
    );
    for (const res of both) expect([201, 409]).toContain(res.status);
    expect(both.some((r) => r.status === 201)).toBe(true);
    expect(await titled(me, "Raced capture")).toHaveLength(1);
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(256)],
    ["a space", "two words"],
    ["non-ASCII", "clé"],
  ])("refuses a key that is %s with a 400 naming the header, storing nothing", async (_what, value) => {
    const me = await person();
    const res = await me.client.post<ErrorBody>(
      "/api/tasks",
      { title: "Bad key" },
      { "idempotency-key": value },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION");
    expect(res.body.error.fields).toHaveProperty("Idempotency-Key");
    expect(await taskCount(me.id)).toBe(0);
    const keys = await db().select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.userId, me.id));
    expect(keys).toHaveLength(0);
  });

  it("refuses a bad body with a 400 before the key is claimed, so the key stays free", async () => {
    const me = await person();
    const key = { "idempotency-key": "after-a-typo" };
    const bad = await me.client.post<ErrorBody>("/api/tasks", { title: "" }, key);
    expect(bad.status).toBe(400);
    expect(await taskCount(me.id)).toBe(0);
    const good = await me.client.post<TaskDto>("/api/tasks", { title: "Fixed" }, key);
    expect(good.status).toBe(201);
  });
});
