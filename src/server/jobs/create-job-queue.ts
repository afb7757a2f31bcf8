// Picks the job driver for the database Kairo runs on: pg-boss on PostgreSQL, in-process on PGlite.
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { createInProcessQueue } from "./in-process.ts";
import { createPgBossQueue } from "./pg-boss.ts";
import type { JobDefinition, JobQueue } from "./queue.ts";

export function createJobQueue(o: {
  database: Pick<Database, "kind" | "url">;
  definitions: JobDefinition[];
  logger: Logger;
  clock: () => Date;
  /** JOB_LEASE_SECONDS: how long a job outlives a dead instance before another takes it. */
  leaseSeconds?: number;
}): JobQueue {
  if (o.database.kind === "postgres" && o.database.url) {
    return createPgBossQueue({
      connectionString: o.database.url,
      definitions: o.definitions,
      logger: o.logger,
      clock: o.clock,
      leaseSeconds: o.leaseSeconds,
    });
  }
  return createInProcessQueue({ definitions: o.definitions, logger: o.logger, clock: o.clock });
}
