// The job runner on each database: the composition root picks pg-boss on PostgreSQL and the
// in-process driver on PGlite; queued jobs run once (on PostgreSQL, once across two workers sharing
// the database), schedules are registered, and on-demand runs see the injected clock.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ACCOUNT_PURGE_JOB } from "#server/jobs/definitions/account-purge.ts";
import { CALENDAR_AUTO_SYNC_JOB } from "#server/jobs/definitions/calendar-auto-sync.ts";
import { RETENTION_JOB } from "#server/jobs/definitions/retention.ts";
import { createInProcessQueue } from "#server/jobs/in-process.ts";
import { createPgBossQueue } from "#server/jobs/pg-boss.ts";
import { defineJob, type JobQueue } from "#server/jobs/queue.ts";
import { PLAN_WRITE_BACK_JOB } from "#server/modules/planner/write-back-queue.ts";
import { WORKFLOW_SWEEP_JOB } from "#server/modules/workflows/engine.ts";
import { holdJob } from "../support/hold-job.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { waitFor } from "../support/wait-for.ts";

const logger = pino({ level: "silent" });
const onPostgres = process.env.KAIRO_TEST_DB === "postgres";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function recorder() {
  const seen: { id: number; at: string }[] = [];
  const def = defineJob({
    name: "record",
    payload: z.object({ id: z.number().int() }).strict(),
    schedule: "*/15 * * * *",
    handler: async ({ id }, { now }) => {
      seen.push({ id, at: now.toISOString() });
    },
  });
  return { seen, def };
}

describe("the composition root's job runner", () => {
  it(`uses ${onPostgres ? "pg-boss" : "the in-process driver"} on ${onPostgres ? "PostgreSQL" : "PGlite"}`, () => {
    expect(server.kairo.deps.jobs.driver).toBe(onPostgres ? "pg-boss" : "in-process");
    expect([...server.kairo.deps.jobs.definitions.keys()]).toContain(ACCOUNT_PURGE_JOB);
    expect(server.kairo.deps.jobs.definitions.get(ACCOUNT_PURGE_JOB)?.schedule).toBeTruthy();
  });

  it("runs a job on demand with the injected clock", async () => {
    server.clock.set("2031-05-06T07:08:09Z");
    try {
      // Nothing to purge: it runs and returns.
      await expect(server.kairo.deps.jobs.run(ACCOUNT_PURGE_JOB)).resolves.toBeUndefined();
      await expect(server.kairo.deps.jobs.run(ACCOUNT_PURGE_JOB, { unexpected: 1 })).rejects.toThrow(
        /Invalid payload/,
      );
    } finally {
      server.clock.reset();
    }
  });

  it.runIf(onPostgres)("starts pg-boss and registers the schedules once, then stops", async () => {
    const jobs = server.kairo.deps.jobs;
    await jobs.start();
    try {
      const rows = await server.testDb.database.db.execute(
        sql`select name, cron from pgboss.schedule order by name`,
      );
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
        { name: ACCOUNT_PURGE_JOB, cron: "17 3 * * *" },
        { name: CALENDAR_AUTO_SYNC_JOB, cron: "* * * * *" },
        { name: PLAN_WRITE_BACK_JOB, cron: "*/15 * * * *" },
        { name: RETENTION_JOB, cron: "47 3 * * *" },
        { name: WORKFLOW_SWEEP_JOB, cron: "* * * * *" },
      ]);
    } finally {
      await jobs.stop();
    }
  });
});

describe.runIf(!onPostgres)("in-process driver", () => {
  it("runs queued jobs once each, in order, with the clock it was given", async () => {
    const { seen, def } = recorder();
    const q = createInProcessQueue({
      definitions: [def],
      logger,
      clock: () => new Date("2030-01-01T00:00:00Z"),
    });
    await q.start();
    for (let id = 1; id <= 5; id++) await q.enqueue("record", { id });
    await q.drain();
    await q.stop();
    expect(seen.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(seen.map((s) => s.at))).toEqual(new Set(["2030-01-01T00:00:00.000Z"]));
    await expect(q.enqueue("record", { id: "x" })).rejects.toThrow(/Invalid payload/);
  });
});

describe.runIf(onPostgres)("pg-boss driver", () => {
  let a: JobQueue;
  let b: JobQueue;
  const shared = recorder();
  beforeAll(async () => {
    const url = server.testDb.url!;
    // Two workers on one database, as two instances would be.
    const make = () =>
      createPgBossQueue({
        connectionString: url,
        definitions: [shared.def],
        logger,
        clock: () => new Date("2030-01-01T00:00:00Z"),
        schema: "pgboss_jobs_test",
        pollingIntervalSeconds: 0.5,
      });
    a = make();
    b = make();
    await a.start();
    await b.start();
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it("runs every queued job exactly once across two workers", async () => {
    const ids = Array.from({ length: 8 }, (_, i) => i + 1);
    for (const id of ids) await (id % 2 ? a : b).enqueue("record", { id });
    await expect
      .poll(() => shared.seen.length, { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(ids.length);
    // Stopping waits for anything still active, so a second run would show up now.
    await a.stop();
    await b.stop();
    expect(shared.seen.map((s) => s.id).sort((x, y) => x - y)).toEqual(ids);
    expect(shared.seen.every((s) => s.at === "2030-01-01T00:00:00.000Z")).toBe(true);
  });

  it("keeps the schedule in the database, once", async () => {
    const rows = await server.testDb.database.db.execute(
      sql`select name, cron from pgboss_jobs_test.schedule`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ name: "record", cron: "*/15 * * * *" }]);
  });

  it("takes a singleton job over from a process killed while holding it, within a minute", {
    timeout: 90_000,
  }, async () => {
    const url = server.testDb.url!;
    const schema = "pgboss_takeover_test";
    const db = server.testDb.database.db;
    await db.execute(
      sql`create table job_holder_log (who text not null, at timestamptz not null default now())`,
    );
    const holders = async () =>
      (
        (await db.execute(sql`select who from job_holder_log order by at`)) as unknown as {
          rows: { who: string }[];
        }
      ).rows.map((r) => r.who);
    const child = spawn(process.execPath, ["tests/support/job-holder.ts"], {
      cwd: join(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: url, SCHEMA: schema, JOB_LEASE_SECONDS: "3" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      await waitFor(holders, (w) => w.includes("killed process"), {
        what: "the job held",
        timeoutMs: 30_000,
      });
    } finally {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      });
    }
    // The survivor: the same singleton queue, started after the holder died. Before the heartbeat,
    // the dead process's job stayed active for pg-boss's 15-minute expiry and nothing ran here.
    const survivor = createPgBossQueue({
      connectionString: url,
      schema,
      definitions: [
        holdJob(async () => {
          await db.execute(sql`insert into job_holder_log (who) values ('survivor')`);
        }),
      ],
      logger,
      clock: () => new Date(),
      pollingIntervalSeconds: 0.5,
      leaseSeconds: 3,
    });
    await survivor.start();
    try {
      await waitFor(holders, (w) => w.includes("survivor"), {
        what: "the job taken over",
        timeoutMs: 60_000,
      });
    } finally {
      await survivor.stop();
    }
    expect(await holders()).toEqual(["killed process", "survivor"]);
  });

  it("takes the waiting job with the highest priority first", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    let holding = false;
    const q = createPgBossQueue({
      connectionString: server.testDb.url!,
      definitions: [
        defineJob({
          name: "prioritised",
          payload: z.object({ tag: z.string() }).strict(),
          policy: "standard",
          pollingIntervalSeconds: 0.5,
          handler: async ({ tag }) => {
            order.push(tag);
            // The first job holds the only worker until released, so the others queue behind it.
            if (tag === "first") {
              holding = true;
              await new Promise<void>((r) => (release = r));
            }
          },
        }),
      ],
      logger,
      clock: () => new Date(),
      schema: "pgboss_priority_test",
    });
    await q.start();
    try {
      await q.enqueue("prioritised", { tag: "first" });
      await expect.poll(() => holding, { timeout: 20_000, interval: 100 }).toBe(true);
      await q.enqueue("prioritised", { tag: "heavy 1" }, { priority: -5 });
      await q.enqueue("prioritised", { tag: "heavy 2" }, { priority: -5 });
      await q.enqueue("prioritised", { tag: "light" });
      release();
      await expect.poll(() => order.length, { timeout: 20_000, interval: 100 }).toBe(4);
      expect(order).toEqual(["first", "light", "heavy 1", "heavy 2"]);
    } finally {
      await q.stop();
    }
  });

  it("keeps reserved workers for high-priority jobs while low-priority ones fill the others", async () => {
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const q = createPgBossQueue({
      connectionString: server.testDb.url!,
      definitions: [
        defineJob({
          name: "reserved",
          payload: z.object({ tag: z.string() }).strict(),
          policy: "standard",
          pollingIntervalSeconds: 0.5,
          workers: 1,
          reserved: { workers: 1, minPriority: -1 },
          handler: async ({ tag }) => {
            order.push(tag);
            // The heavy jobs hold their worker until the end of the test.
            if (tag.startsWith("heavy")) await new Promise<void>((r) => releases.push(r));
          },
        }),
      ],
      logger,
      clock: () => new Date(),
      schema: "pgboss_reserved_test",
    });
    await q.start();
    try {
      await q.enqueue("reserved", { tag: "heavy 1" }, { priority: -5 });
      await q.enqueue("reserved", { tag: "heavy 2" }, { priority: -5 });
      await expect.poll(() => order.length, { timeout: 20_000, interval: 100 }).toBe(1);
      // The general worker is busy with a heavy job and another waits; the reserved one takes the light job.
      await q.enqueue("reserved", { tag: "light" });
      await expect.poll(() => order.length, { timeout: 20_000, interval: 100 }).toBe(2);
      expect(order).toEqual(["heavy 1", "light"]);
    } finally {
      for (const release of releases) release();
      await q.stop();
    }
  });

  it("refuses a payload its schema rejects before queueing it", async () => {
    const c = createPgBossQueue({
      connectionString: server.testDb.url!,
      definitions: [shared.def],
      logger,
      clock: () => new Date(),
      schema: "pgboss_jobs_test",
    });
    await expect(c.enqueue("record", { id: "one" })).rejects.toThrow(/Invalid payload/);
  });
});
