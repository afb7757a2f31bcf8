// Global set-up of the PostgreSQL integration project: gives the run an id, which every test
// database of the run carries in its name (tests/support/test-database.ts), and when the run ends
// drops those of its databases that are still there (a worker can exit before its last drop).
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  interface ProvidedContext {
    kairoTestRun: string;
  }
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export default function setup(project: TestProject) {
  const run = randomBytes(4).toString("hex");
  project.provide("kairoTestRun", run);
  return async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const left = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`kairo_t_${run}_%`],
      );
      for (const { datname } of left.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
