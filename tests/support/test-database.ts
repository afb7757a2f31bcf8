// A fresh, empty database per test file: in-memory PGlite, or a new database on the PostgreSQL at
// TEST_DATABASE_URL (dropped afterwards), chosen by KAIRO_TEST_DB.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "#server/db/client.ts";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

export async function createTestDatabase(
  kind = process.env.KAIRO_TEST_DB ?? "pglite",
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({ inMemory: true });
    return { database, drop: () => database.close() };
  }
  const name = `kairo_t_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
