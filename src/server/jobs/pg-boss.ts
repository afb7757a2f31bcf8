// The PostgreSQL job driver, on pg-boss (its own `pgboss` schema, created and migrated by pg-boss at
// start). Durable: queued work survives restarts. A queue has the `singleton` policy unless its
// definition says otherwise (one active job per name across all instances, as the in-process
// driver runs them one at a time), and a schedule's occurrence is sent once however many instances
// run the cron pass.
//
// A job is a lease with a heartbeat (docs/decisions/130-leases-and-heartbeats.md): every queue has
// pg-boss's `heartbeatSeconds`, the worker refreshes the job's heartbeat while its handler runs, and
// pg-boss's supervisor fails a job whose heartbeat lapsed (its instance died) so that it is retried
// on another instance. Without it a dead instance's job stayed "active" for pg-boss's 15-minute
// expiry, and a singleton queue (the workflow sweep) ran nothing until then.
import { PgBoss } from "pg-boss";
import { DEFAULT_LEASE_SECONDS } from "../db/lease.ts";
import type { Logger } from "../logger.ts";
import { isEveryInstance, startEveryInstance } from "./every-instance.ts";
import { definitionMap, type JobDefinition, type JobQueue, prepare } from "./queue.ts";

/** pg-boss refuses a heartbeat shorter than this. */
const MIN_HEARTBEAT_SECONDS = 10;

/**
 * pg-boss's settings for a lease length: the job heartbeat, and how often the supervisor looks
 * for lapsed ones (twice a lease). A dead instance's job is retried within about 1.5 leases.
 */
export function pgBossLeaseSettings(leaseSeconds: number) {
  return {
    heartbeatSeconds: Math.max(MIN_HEARTBEAT_SECONDS, leaseSeconds),
    superviseIntervalSeconds: Math.max(1, Math.ceil(leaseSeconds / 2)),
  };
}

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
  /** How long a job outlives its instance before another takes it (JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
};

export function createPgBossQueue(o: PgBossOptions): JobQueue {
  const definitions = definitionMap(o.definitions);
  const log = o.logger.child({ component: "jobs", driver: "pg-boss" });
  const lease = pgBossLeaseSettings(o.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  const boss = new PgBoss({
    connectionString: o.connectionString,
    schema: o.schema ?? "pgboss",
    application_name: "kairo-jobs",
    max: 4,
    superviseIntervalSeconds: lease.superviseIntervalSeconds,
    monitorIntervalSeconds: lease.superviseIntervalSeconds,
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  boss.on("warning", (w) => log.warn({ warning: w.message, data: w.data }, "pg-boss warning"));
  let started: Promise<void> | null = null;
  let timers: ReturnType<typeof startEveryInstance> | null = null;
  const queued = [...definitions.values()].filter((def) => !isEveryInstance(def));

  async function startOnce() {
    await boss.start();
    for (const def of queued) {
      await boss.createQueue(def.name, {
        policy: def.policy ?? "singleton",
        heartbeatSeconds: lease.heartbeatSeconds,
      });
      // A queue made by an older version has no heartbeat (or another length): set it.
      await boss.updateQueue(def.name, { heartbeatSeconds: lease.heartbeatSeconds });
    }
    // Schedules live in the database: drop those of jobs no longer defined or no longer scheduled.
    for (const s of await boss.getSchedules()) {
      if (!definitions.get(s.name)?.schedule) await boss.unschedule(s.name, s.key);
    }
    for (const def of queued) {
      if (def.schedule) await boss.schedule(def.name, def.schedule, {}, { tz: "UTC" });
      const handler = async (jobs: { id: string; data: unknown }[]) => {
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
      };
      const pollingIntervalSeconds = def.pollingIntervalSeconds ?? o.pollingIntervalSeconds ?? 2;
      await boss.work<unknown>(
        def.name,
        { batchSize: 1, pollingIntervalSeconds, localConcurrency: def.workers ?? 1 },
        handler,
      );
      if (def.reserved) {
        await boss.work<unknown>(
          def.name,
          {
            batchSize: 1,
            pollingIntervalSeconds,
            localConcurrency: def.reserved.workers,
            minPriority: def.reserved.minPriority,
          },
          handler,
        );
      }
    }
    timers = startEveryInstance(definitions.values(), { clock: o.clock, log });
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
      await timers?.stop();
      timers = null;
      await boss.stop({ graceful: true, timeout: o.stopTimeoutMs ?? 10_000, close: true });
    },
    async enqueue(name, payload, options = {}) {
      const { def, data } = prepare(definitions, name, payload);
      if (isEveryInstance(def)) throw new Error(`Job "${name}" runs on every instance's timer, not queued.`);
      if (!started) throw new Error("The job runner is not started.");
      await started;
      const id = await boss.send(name, data as object, {
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
      });
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
