// Concurrent writes of one person (issue 10, points 1, 2 and 8): a status change racing a timer
// start never deadlocks, a lock wait is bounded and answered with a clear 429, one account flooding
// changes leaves the server answering everyone else, and no time log ends before it starts.
// Real clock throughout: the time is read after the lock, which is what the last point is about.
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks, timeLogs } from "#server/db/schema/tasks.ts";
import type { Me } from "#shared/contracts/auth.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { createVerifiedUser } from "../support/factories.ts";
import type { TestClient, TestResponse } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";

type Person = { client: TestClient; id: string };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
});
afterAll(() => server?.close());

const db = () => server.testDb.database.db;

async function person(): Promise<Person> {
  const { client } = await createVerifiedUser(server);
  const me = await client.get<Me>("/api/me");
  expect(me.status).toBe(200);
  return { client, id: me.body.id };
}

async function newTask(p: Person, title: string): Promise<TaskDto> {
  const res = await p.client.post<TaskDto>("/api/tasks", { title });
  expect(res.status).toBe(201);
  return res.body;
}

const start = (p: Person, id: string) => p.client.post(`/api/tasks/${id}/timer/start`);
const stop = (p: Person, id: string) => p.client.post(`/api/tasks/${id}/timer/stop`);
const setStatus = (p: Person, id: string, status: string) => p.client.patch(`/api/tasks/${id}`, { status });

/** One timer at most, an open log exactly for the running task, no log ending before it starts. */
async function expectConsistent(userId: string) {
  const active = await db()
    .select({ id: tasks.id })
    .from(tasks)
    .where(sql`${tasks.userId} = ${userId} and ${tasks.isActive}`);
  expect(active.length).toBeLessThanOrEqual(1);
  const logs = await db().select().from(timeLogs).where(eq(timeLogs.userId, userId));
  const open = logs.filter((l) => l.endTime === null).map((l) => l.taskId);
  expect(open).toEqual(active.map((a) => a.id));
  const backwards = logs.filter((l) => l.endTime && l.endTime.getTime() < l.startTime.getTime());
  expect(backwards).toEqual([]);
}

const statuses = (answers: TestResponse[]) => answers.map((a) => a.status);

describe("a status change of a running task racing another timer of the same person", () => {
  // PGlite runs one transaction at a time, so fewer rounds show the same there.
  const pairs = onPostgres ? 100 : 20;
  it(`never deadlocks and leaves a consistent state (${pairs} pairs)`, async () => {
    const p = await person();
    const a = await newTask(p, "Running one");
    const b = await newTask(p, "Started meanwhile");
    const answers: TestResponse[] = [];
    for (let i = 0; i < pairs; i++) {
      expect((await start(p, a.id)).status).toBe(200);
      // Alternately: A back to todo while B starts, and A completed while B's timer stops.
      if (i % 2 === 0) {
        answers.push(...(await Promise.all([setStatus(p, a.id, "todo"), start(p, b.id)])));
      } else {
        answers.push(...(await Promise.all([setStatus(p, a.id, "completed"), stop(p, b.id)])));
        expect((await setStatus(p, a.id, "todo")).status).toBe(200);
      }
      await expectConsistent(p.id);
    }
    expect(statuses(answers).filter((s) => s >= 500)).toEqual([]);
    // The status changes always succeed; a stop may find B already stopped (409).
    for (const s of statuses(answers)) expect([200, 409]).toContain(s);
  });
});

describe("the database refuses a time log that ends before it starts", () => {
  it("has the check constraint", async () => {
    const p = await person();
    const task = await newTask(p, "Checked");
    const at = new Date("2026-05-04T09:00:00.000Z");
    await expect(
      db()
        .insert(timeLogs)
        .values({ taskId: task.id, userId: p.id, startTime: at, endTime: new Date(at.getTime() - 1) }),
    ).rejects.toThrow();
  });
});

describe.runIf(onPostgres)("bounded waits on PostgreSQL", () => {
  it("answers a change that waits too long for the person's lock with a 429, and changes nothing", async () => {
    const p = await person();
    const task = await newTask(p, "Held");
    const holder = new pg.Client({ connectionString: server.testDb.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query(`select id from "user" where id = $1 for update`, [p.id]);
      const res = await setStatus(p, task.id, "completed");
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        error: { code: "RATE_LIMITED", message: "Too many changes at once, try again." },
      });
      expect(res.headers.get("retry-after")).toBe("1");
    } finally {
      await holder.query("rollback").catch(() => {});
      await holder.end();
    }
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.status).toBe("todo");
  });

  it("keeps answering another person while one account floods changes", async () => {
    const flooder = await person();
    const reader = await person();
    const own = await Promise.all([1, 2, 3, 4].map((n) => newTask(flooder, `Flood ${n}`)));
    const flood: Promise<TestResponse>[] = [];
    for (let i = 0; i < 200; i++) {
      const task = own[i % own.length]!;
      const kind = i % 3;
      flood.push(
        kind === 0
          ? start(flooder, task.id)
          : kind === 1
            ? stop(flooder, task.id)
            : setStatus(flooder, task.id, i % 2 ? "todo" : "completed"),
      );
    }
    // Meanwhile the other person's reads answer, each well within a bound (5 s, against the
    // milliseconds they take on a quiet server; before the fix they took seconds and failed).
    const reads: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(new URL("/api/me", server.baseUrl), {
        headers: { cookie: reader.client.cookieHeader(), "x-forwarded-for": reader.client.ip },
        signal: AbortSignal.timeout(5_000),
      });
      reads.push(res.status);
    }
    expect(reads).toEqual(Array(10).fill(200));
    const answers = await Promise.all(flood);
    // The flood gets answers, never errors: done, refused as conflicting (409), or "too many" (429).
    expect(statuses(answers).filter((s) => s >= 500)).toEqual([]);
    for (const s of statuses(answers)) expect([200, 409, 429]).toContain(s);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.body).toEqual({
        error: { code: "RATE_LIMITED", message: "Too many changes at once, try again." },
      });
    }
    await expectConsistent(flooder.id);
  });
});
