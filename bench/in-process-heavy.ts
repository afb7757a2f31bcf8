// Kairo built in this process on a fresh database (a PostgreSQL database of its own, or PGlite in a
// temporary folder), with one signed-in person holding the heavy account (bench/seed-heavy-user.ts).
// Shared by the in-process benches (bench/insights.ts, bench/request-profile.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../src/server/db/client.ts";
import { parseEnv } from "../src/server/env.ts";
import { createKairo } from "../src/server/kairo.ts";
import { createLogger } from "../src/server/logger.ts";
import { createOutboxMailer } from "../src/server/providers/mail/mailer.ts";
import { seedHeavyUser } from "./seed-heavy-user.ts";

export const BASE = "http://127.0.0.1:3000";

/** `seed: false`: the signed-in person starts with an empty account (bench/api-key-overhead.ts). */
export async function openHeavyKairo(kind: "pglite" | "postgres", label: string, o: { seed?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `kairo-${label}-`));
  const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const dbName = `kairo_${label}_${Date.now()}`;
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${dbName}`;
  // Kept open on PostgreSQL: it creates and drops the database, and can read its server processes.
  const admin = new pg.Client({ connectionString: pgUrl });
  if (kind === "postgres") {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
  }
  const logger = createLogger("silent");
  const outbox = createOutboxMailer(logger);
  const database = await openDatabase(kind === "postgres" ? { url: dbUrl.toString() } : { dataDir });
  const kairo = await createKairo({
    env: parseEnv({
      NODE_ENV: "test",
      PUBLIC_URL: BASE,
      // The figures are the computation's: the per-person AI budget (decision 140) would answer 429
      // to the repeated refreshes a median needs.
      RATE_LIMIT_DISABLED: "true",
      KAIRO_DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      ...(kind === "postgres" ? { DATABASE_URL: dbUrl.toString() } : {}),
    }),
    logger,
    database,
    mailer: outbox,
  });
  const close = async () => {
    await kairo.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === "postgres") {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    }
  };
  try {
    const { app } = kairo;
    const headers = { "content-type": "application/json", origin: BASE };
    const email = `${label}-${Date.now()}@example.com`;
    await app.request(`${BASE}/api/auth/sign-up/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench Person", email, password: "bench-password-1", callbackURL: "/" }),
    });
    const link = outbox
      .list()
      .find((m) => m.to === email)!
      .text.match(/https?:\/\/\S+/)![0];
    const verified = await app.request(link, { headers, redirect: "manual" });
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = (await (await app.request(`${BASE}/api/me`, { headers: { cookie } })).json()) as {
      id: string;
    };
    if (o.seed !== false) await seedHeavyUser(database.db, me.id);
    return { kairo, database, admin, dbName, cookie, personId: me.id, headers, close };
  } catch (error) {
    await close();
    throw error;
  }
}
