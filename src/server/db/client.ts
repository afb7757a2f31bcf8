// One database handle for the whole server: embedded PGlite in the data folder when DATABASE_URL is
// unset, PostgreSQL through node-postgres otherwise. Same schema, same migrations.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** The connection string (PostgreSQL only), for clients that open their own pool (pg-boss). */
  url?: string;
  /** Applies pending migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../../drizzle", import.meta.url));
const MIGRATION_LOCK_KEY = 727_274; // any constant; all instances must agree

/**
 * Every wait on PostgreSQL is bounded (README "Security", docs/decisions/015-bounded-waits-and-lock-order.md):
 * - poolSize: connections per instance. 10 by default (DATABASE_POOL_SIZE): the session check and an
 *   ordinary request take one for a few milliseconds, so 10 serve hundreds of requests a second,
 *   and instances × (pool + pg-boss's 4) stay well under PostgreSQL's default 100 connections for
 *   up to six instances.
 * - acquireTimeoutMs: a request waits at most this long for a free connection, then gets a 503.
 * - lockTimeoutMs: a statement waits at most this long for a row lock (another change of the same
 *   person), then the request gets a 429 "Too many changes at once, try again".
 * - statementTimeoutMs: no statement runs longer; idle transactions are ended after the same time.
 */
export const DB_LIMITS = {
  poolSize: 10,
  acquireTimeoutMs: 5_000,
  lockTimeoutMs: 2_000,
  statementTimeoutMs: 20_000,
} as const;

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an empty one. */
  pgliteSnapshot?: Blob;
  /**
   * PGlite only: its WebAssembly modules and file bundle, compiled and read once by a caller that
   * opens many databases in one process (the integration tests), instead of once per database.
   */
  pgliteRuntime?: Pick<PGliteOptions, "pgliteWasmModule" | "initdbWasmModule" | "fsBundle">;
  poolSize?: number;
  acquireTimeoutMs?: number;
  lockTimeoutMs?: number;
  statementTimeoutMs?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, { ...DB_LIMITS, ...definedOnly(options) });
  return openPglite(
    options.inMemory ? undefined : options.dataDir,
    options.pgliteSnapshot,
    options.pgliteRuntime,
  );
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function openPglite(
  dataDir?: string,
  snapshot?: Blob,
  runtime?: DatabaseOptions["pgliteRuntime"],
): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = `${dataDir.replace(/\/$/, "")}/pglite`;
    mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite({ ...runtime, dataDir: dir, loadDataDir: snapshot });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query("select 1");
      return true;
    },
    close: () => client.close(),
  };
}

type PoolLimits = { [K in keyof typeof DB_LIMITS]: number };

async function openPostgres(url: string, limits: PoolLimits): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.poolSize,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    lock_timeout: limits.lockTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.statementTimeoutMs,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    url,
    migrate: async () => {
      const conn = await pool.connect();
      try {
        // Migrations wait for each other and may rewrite big tables: no limit on this connection.
        await conn.query("set statement_timeout = 0; set lock_timeout = 0");
        await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(conn, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        // Discarded rather than returned: its limits were lifted.
        conn.release(true);
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    close: () => pool.end(),
  };
}
