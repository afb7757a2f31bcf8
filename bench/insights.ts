// `node bench/insights.ts [pglite|postgres|both] [calls]`: the whole AI insights computation for the
// heavy account (bench/seed-heavy-user.ts: 5,000 tasks, 50,000 time logs) with the built-in
// provider, in process on a quiet server: Refresh Insights (everything computed, nothing cached) and
// a cached read, median of `calls`. `npm run bench` runs it too. Prints figures, asserts nothing.
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

const base = "http://127.0.0.1:3000";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function insightsFigures(kind: "pglite" | "postgres", calls = 15) {
  const dataDir = mkdtempSync(join(tmpdir(), "kairo-insights-"));
  const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const dbName = `kairo_insights_${Date.now()}`;
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${dbName}`;
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
      PUBLIC_URL: base,
      KAIRO_DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      ...(kind === "postgres" ? { DATABASE_URL: dbUrl.toString() } : {}),
    }),
    logger,
    database,
    mailer: outbox,
  });
  try {
    const { app } = kairo;
    const headers = { "content-type": "application/json", origin: base };
    const email = `insights-${Date.now()}@example.com`;
    await app.request(`${base}/api/auth/sign-up/email`, {
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
    const me = (await (await app.request(`${base}/api/me`, { headers: { cookie } })).json()) as {
      id: string;
    };
    await seedHeavyUser(database.db, me.id);
    const time = async (path: string, init: RequestInit = {}) => {
      const t0 = performance.now();
      const res = await app.request(base + path, { ...init, headers: { cookie, ...headers } });
      await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t0;
    };
    const refresh = () =>
      time("/api/ai-insights/refresh", { method: "POST", body: JSON.stringify({ tz: "UTC" }) });
    const read = () => time("/api/ai-insights?tz=UTC");
    for (let i = 0; i < 3; i++) await refresh(); // warm-up (plans, JIT)
    const generated: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < calls; i++) {
      generated.push(await refresh());
      cached.push(await read());
    }
    return { generated: median(generated), cached: median(cached) };
  } finally {
    await kairo.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === "postgres") {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2] ?? "both";
  const calls = Number(process.argv[3] ?? 15);
  for (const kind of ["pglite", "postgres"] as const) {
    if (which !== "both" && which !== kind) continue;
    const r = await insightsFigures(kind, calls);
    console.info(
      `AI insights, heavy account, ${kind}, in process: generated / cached, median of ${calls} (ms, target < 100)  ${r.generated.toFixed(1)} / ${r.cached.toFixed(1)}`,
    );
  }
}
