// A process that takes the singleton job "hold" and never finishes it, for a test to kill with
// SIGKILL while it holds the job (tests/integration/jobs.test.ts). Run with DATABASE_URL, SCHEMA
// and JOB_LEASE_SECONDS; it notes in job_holder_log when it has the job.
import pg from "pg";
import pino from "pino";
import { createPgBossQueue } from "#server/jobs/pg-boss.ts";
import { holdJob } from "./hold-job.ts";

const url = process.env.DATABASE_URL!;
const log = new pg.Client({ connectionString: url });
await log.connect();
const queue = createPgBossQueue({
  connectionString: url,
  schema: process.env.SCHEMA!,
  definitions: [
    holdJob(async () => {
      await log.query("insert into job_holder_log (who) values ('killed process')");
      await new Promise(() => {});
    }),
  ],
  logger: pino({ level: "silent" }),
  clock: () => new Date(),
  pollingIntervalSeconds: 0.5,
  leaseSeconds: Number(process.env.JOB_LEASE_SECONDS),
});
await queue.start();
await queue.enqueue("hold", {});
