// A fresh database per test server: in-memory PGlite, or a new database on the PostgreSQL at
// TEST_DATABASE_URL (dropped afterwards), chosen by KAIRO_TEST_DB.
//
// Both start with the migrations already applied, from a copy made once per set of migrations
// (docs/decisions/146-integration-set-up-once.md): initdb plus 13 migrations cost PGlite 2-8 s per
// file on this machine, where loading the migrated data directory costs about half a second; on
// PostgreSQL, CREATE DATABASE ... TEMPLATE copies files instead of replaying the migrations. The
// server's own start still runs `migrate()`, which then finds nothing to apply.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { inject } from "vitest";
import { type Database, MIGRATIONS_FOLDER, openDatabase } from "#server/db/client.ts";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

export async function createTestDatabase(
  kind = process.env.KAIRO_TEST_DB ?? "pglite",
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({
      inMemory: true,
      pgliteSnapshot: await pgliteSnapshot(),
      pgliteRuntime: await pgliteRuntime(),
    });
    return { database, drop: () => database.close() };
  }
  const template = await postgresTemplate();
  const name = `${RUN_PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withAdmin((admin) => admin.query(`create database ${name} template ${template}`));
  const url = databaseUrl(name);
  const database = await openDatabase({ url, poolSize: 5 });
  return {
    database,
    url,
    /**
     * Closes this side's connections and leaves the database to be dropped behind the file's back:
     * PostgreSQL 15 makes every DROP DATABASE wait for a checkpoint (0.2-3 s here, and once, beside
     * other engineers' runs, past the 120 s hook limit), so the drops of a worker run one after
     * another while its next files go on. What a worker leaves undropped when it exits,
     * postgres-global-setup.ts drops when the run ends.
     */
    async drop() {
      await database.close();
      drops = drops
        .then(() => withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)))
        .catch(() => {});
    },
  };
}

/** This run's prefix for its databases (given by tests/support/postgres-global-setup.ts). */
const RUN_PREFIX = `kairo_t_${runId()}_`;
let drops: Promise<unknown> = Promise.resolve();

function runId(): string {
  try {
    // Not given in the PGlite project (no global set-up there), nor outside a Vitest run (a
    // script): those databases are dropped by drop() alone.
    return inject("kairoTestRun") ?? "x";
  } catch {
    return "x";
  }
}

/** What the migrated copies are made from: every file of drizzle/, so a new migration makes a new copy. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest("hex").slice(0, 16);
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

// Kept for the worker's life: Vitest runs the integration files of a worker in one module graph
// (vitest.config.ts), so only a worker's first file reads or builds them.
let snapshot: Promise<Blob> | undefined;
let template: Promise<string> | undefined;

let runtime: ReturnType<typeof compileRuntime> | undefined;

/**
 * PGlite's WebAssembly modules and file bundle, compiled and read once per worker: each new
 * PGlite otherwise compiles them again, about 0.3 s of CPU per file on this machine.
 */
function pgliteRuntime() {
  runtime ??= compileRuntime();
  return runtime;
}

async function compileRuntime() {
  const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(readFileSync(join(dist, "pglite.wasm"))),
    WebAssembly.compile(readFileSync(join(dist, "initdb.wasm"))),
  ]);
  return {
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: new Blob([readFileSync(join(dist, "pglite.data"))]),
  };
}

/**
 * A migrated PGlite data directory as a tarball, in the system's temporary folder under the
 * migrations' hash: written once (by whichever test process gets there first, renamed into place
 * so no one reads half a file), read by every later file and run.
 */
function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const dir = join(tmpdir(), "kairo-test-pglite");
    const file = join(dir, `${migrationsHash()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const client = new PGlite();
      await migrate(drizzle(client) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      const tarball = await client.dumpDataDir("none");
      await client.close();
      mkdirSync(dir, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(3).toString("hex")}`;
      writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
      renameSync(partial, file);
      return tarball;
    }
  })();
  snapshot.catch(() => {
    snapshot = undefined;
  });
  return snapshot;
}

/** Any constant: every test process of every worktree agrees on it. */
const TEMPLATE_LOCK_KEY = 727_275;

/**
 * A migrated database to copy, `kairo_tpl_<migrations hash>`, made once on this PostgreSQL. Made
 * under an advisory lock and renamed into place when complete, so concurrent test runs (other
 * worktrees' too) wait for it rather than copy a half-migrated one. Nothing connects to it once it
 * is made: CREATE DATABASE refuses a template with open connections.
 */
function postgresTemplate(): Promise<string> {
  template ??= withAdmin(async (admin) => {
    const name = `kairo_tpl_${migrationsHash()}`;
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) return name;
      const building = `${name}_${randomBytes(3).toString("hex")}`;
      await admin.query(`create database ${building}`);
      try {
        const database = await openDatabase({ url: databaseUrl(building), poolSize: 1 });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch (err) {
        await admin.query(`drop database if exists ${building} with (force)`).catch(() => {});
        throw err;
      }
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  });
  template.catch(() => {
    template = undefined;
  });
  return template;
}
