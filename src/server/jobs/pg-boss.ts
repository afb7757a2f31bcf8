// The PostgreSQL job driver, on pg-boss (its own `pgboss` schema, created and migrated by pg-boss at
// start). Durable: queued work survives restarts. Every queue has the `singleton` policy (one active
// job per name across all instances, as the in-process driver runs them one at a time), and a
// schedule's occurrence is sent once however many instances run the cron pass.
import { PgBoss } from "pg-boss";
import type { Logger } from "../logger.ts";
import { definitionMap, type JobDefinition, type JobQueue, prepare } from "./queue.ts";

export type PgBossOptions = {
  connectionString: string;
  definitions: JobDefinition[];
  logger: Logger;
  clock: () => Date;
  /** pg-boss's schema (default "pgboss"). */
  schema?: string;
  /** Seconds between polls for new jobs (pg-boss default 2). */
  pollingIntervalSeconds?: number;
  stopTimeoutMs?: number;
};

export function createPgBossQueue(o: PgBossOptions): JobQueue {
  const definitions = definitionMap(o.definitions);
  const log = o.logger.child({ component: "jobs", driver: "pg-boss" });
  const boss = new PgBoss({
    connectionString: o.connectionString,
    schema: o.schema ?? "pgboss",
    application_name: "kairo-jobs",
    max: 4,
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  boss.on("warning", (w) => log.warn({ warning: w.message, data: w.data }, "pg-boss warning"));
  let started: Promise<void> | null = null;

  async function startOnce() {
    await boss.start();
    for (const def of definitions.values()) {
      await boss.createQueue(def.name, { policy: def.policy ?? "singleton" });
    }
    // Schedules live in the database: drop those of jobs no longer defined or no longer scheduled.
    for (const s of await boss.getSchedules()) {
      if (!definitions.get(s.name)?.schedule) await boss.unschedule(s.name, s.key);
    }
    for (const def of definitions.values()) {
      if (def.schedule) await boss.schedule(def.name, def.schedule, {}, { tz: "UTC" });
      await boss.work<unknown>(
        def.name,
        {
          batchSize: 1,
          pollingIntervalSeconds: def.pollingIntervalSeconds ?? o.pollingIntervalSeconds ?? 2,
          localConcurrency: def.workers ?? 1,
        },
        async (jobs) => {
          for (const job of jobs) {
            const parsed = def.payload.safeParse(job.data ?? {});
            if (!parsed.success) {
              log.error({ job: def.name, jobId: job.id }, "job payload refused by its schema");
              continue; // completing it: retrying a malformed payload cannot help
            }
            await def.handler(parsed.data, {
              now: o.clock(),
              log: log.child({ job: def.name, jobId: job.id }),
              jobId: job.id,
            });
          }
        },
      );
    }
    log.info({ jobs: [...definitions.keys()] }, "job runner started");
  }

  return {
    driver: "pg-boss",
    definitions,
    start() {
      started ??= startOnce().catch((err) => {
        started = null;
        throw err;
      });
      return started;
    },
    async stop() {
      if (!started) return;
      await started.catch(() => {});
      started = null;
      await boss.stop({ graceful: true, timeout: o.stopTimeoutMs ?? 10_000, close: true });
    },
    async enqueue(name, payload, options = {}) {
      const { data } = prepare(definitions, name, payload);
      if (!started) throw new Error("The job runner is not started.");
      await started;
      const id = await boss.send(
        name,
        data as object,
        options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {},
      );
      if (!id) throw new Error(`pg-boss did not accept a "${name}" job.`);
      return id;
    },
    async run(name, payload) {
      const { def, data } = prepare(definitions, name, payload);
      await def.handler(data, {
        now: o.clock(),
        log: log.child({ job: name, jobId: "direct" }),
        jobId: "direct",
      });
    },
  };
}
