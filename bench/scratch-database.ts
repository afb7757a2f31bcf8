// A migrated PostgreSQL database of its own for a bench part (opened, and its address for a server
// started on it), dropped afterwards whatever happens.
import pg from "pg";
import { type Database, openDatabase } from "../src/server/db/client.ts";

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function withScratchDatabase<T>(
  prefix: string,
  run: (database: Database, url: string) => Promise<T>,
): Promise<T> {
  const name = `kairo_${prefix}_${process.pid}`;
  const adminUrl = new URL(TEST_DATABASE_URL);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString(), poolSize: 1, statementTimeoutMs: 0 });
    try {
      await database.migrate();
      return await run(database, url.toString());
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

/** Times `calls` awaited runs after `warm` unmeasured ones; answers the quantile reader in ms. */
export async function timeRuns(run: () => Promise<unknown>, warm: number, calls: number) {
  for (let i = 0; i < warm; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
}
