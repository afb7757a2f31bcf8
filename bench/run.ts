// `npm run bench`: prints Kairo's speed figures (never asserts). Builds the web app first when the
// build is missing or older than its sources; the PostgreSQL figures need the database at
// TEST_DATABASE_URL.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { ensureWebBuild } from "../scripts/web-build.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { entryJsGzipBytes } from "./bundle-size.ts";
import { seedHeavyUser } from "./seed-heavy-user.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist/web");
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

function startServer(port: number, dataDir: string, extraEnv: Record<string, string> = {}) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      KAIRO_DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, t0 };
}

async function waitHealthy(port: number, t0: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

async function signedInCookie(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const email = `bench-${Date.now()}@example.com`;
  const headers = { "content-type": "application/json", origin: base, "x-forwarded-for": "10.200.0.1" };
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "Bench Person",
      email,
      password: "bench-password-1",
      callbackURL: "/auth/callback",
    }),
  });
  const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as Array<{ to: string; text: string }>;
  const link = mails.find((m) => m.to === email)!.text.match(/https?:\/\/\S+/)![0];
  const res = await fetch(link, { redirect: "manual", headers });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function load(url: string, cookie: string) {
  const result = await autocannon({ url, connections: 50, duration: 10, headers: { cookie } });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

async function heavyFigures(label: string, port: number, cookie: string) {
  const list = await load(`http://127.0.0.1:${port}/api/tasks?limit=100`, cookie);
  record(`task list (5,000 tasks), 50 connections, ${label}: req/s`, String(list.rps));
  record(`task list, ${label}: p50 / p99 (ms, target p99 < 20)`, `${list.p50} / ${list.p99}`);
  const an = await load(`http://127.0.0.1:${port}/api/analytics?range=90&tz=UTC`, cookie);
  record(`90-day analytics (50,000 logs), 50 connections, ${label}: req/s`, String(an.rps));
  record(`90-day analytics, ${label}: p50 / p99 (ms)`, `${an.p50} / ${an.p99}`);
  await new Promise((r) => setTimeout(r, 3000)); // let the load test's last requests drain
  const singles: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const one = await fetch(`http://127.0.0.1:${port}/api/analytics?range=90&tz=UTC`, {
      headers: { cookie },
    });
    await one.text();
    singles.push(performance.now() - t0);
  }
  singles.sort((a, b) => a - b);
  record(`90-day analytics, ${label}: one call alone, median of 5 (ms, target < 50)`, singles[2]!.toFixed(1));
  if (label === "PGlite")
    record("task list render in Chromium (ms to first rows)", (await renderTime(port, cookie)).toFixed(0));
}

async function renderTime(port: number, cookie: string): Promise<number> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...rest] = pair.split("=");
        return { name: name!, value: rest.join("="), domain: "127.0.0.1", path: "/" };
      }),
    );
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/dashboard`);
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    const t0 = performance.now();
    await page.goto(`http://127.0.0.1:${port}/dashboard?section=tasks`);
    await page
      .getByText(/Bench task \d+/)
      .first()
      .waitFor({ timeout: 30_000 });
    return performance.now() - t0;
  } finally {
    await browser.close();
  }
}

const figures: Array<[string, string]> = [];
const record = (name: string, value: string) => {
  figures.push([name, value]);
  console.info(`${name.padEnd(58)} ${value}`);
};

// 1. Bundle sizes ("/" is served landing.html; every other address the app's index.html)
ensureWebBuild(root);
const landing = entryJsGzipBytes(dist, "landing.html");
record(
  "landing JS before interactive (gzip, budget 90 KB)",
  `${kb(landing.bytes)} in ${landing.files.length} files`,
);
const dashboard = entryJsGzipBytes(dist, "index.html", [
  "app/guards/require-auth.tsx",
  "app/layouts/dashboard-layout.tsx",
  "app/routes/dashboard.tsx",
]);
record("dashboard route JS (gzip)", kb(dashboard.bytes));

// 2. Cold start on a fresh embedded database, then a warm start on the same data
const dataDir = mkdtempSync(join(tmpdir(), "kairo-bench-"));
const port = 3390 + Math.floor(Math.random() * 500);
{
  const { child, t0 } = startServer(port, dataDir);
  record("cold start to first /api/health, fresh PGlite (ms)", (await waitHealthy(port, t0)).toFixed(0));
  await stop(child);
}
const { child, t0 } = startServer(port, dataDir);
record("start to first /api/health, existing PGlite data (ms)", (await waitHealthy(port, t0)).toFixed(0));

// 3. Authenticated GET under load
const cookie = await signedInCookie(port);
const me = await load(`http://127.0.0.1:${port}/api/me`, cookie);
record("GET /api/me, 50 connections, PGlite: req/s", String(me.rps));
record("GET /api/me, 50 connections, PGlite: p50 / p99 (ms)", `${me.p50} / ${me.p99}`);
if (me.errors) record("  non-2xx or errors", String(me.errors));
const userId = (
  (await (await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie } })).json()) as { id: string }
).id;
await stop(child);

// 4. One person with 5,000 tasks and 50,000 time logs (seeded while the server is stopped)
{
  const database = await openDatabase({ dataDir });
  await seedHeavyUser(database.db, userId);
  await database.close();
  const s = startServer(port, dataDir);
  await waitHealthy(port, s.t0);
  await heavyFigures("PGlite", port, cookie);
  await stop(s.child);
}
rmSync(dataDir, { recursive: true, force: true });

const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
{
  const pg = await import("pg");
  const name = `kairo_bench_${Date.now()}`;
  const admin = new pg.default.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const dir = mkdtempSync(join(tmpdir(), "kairo-bench-"));
    const s = startServer(port, dir, { DATABASE_URL: url.toString() });
    record("cold start to first /api/health, PostgreSQL (ms)", (await waitHealthy(port, s.t0)).toFixed(0));
    const c = await signedInCookie(port);
    const r = await load(`http://127.0.0.1:${port}/api/me`, c);
    record("GET /api/me, 50 connections, PostgreSQL: req/s", String(r.rps));
    record("GET /api/me, 50 connections, PostgreSQL: p50 / p99 (ms)", `${r.p50} / ${r.p99}`);
    const pgUser = (
      (await (await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie: c } })).json()) as {
        id: string;
      }
    ).id;
    const pgDb = await openDatabase({ url: url.toString(), poolSize: 1 });
    await seedHeavyUser(pgDb.db, pgUser);
    await pgDb.close();
    await heavyFigures("PostgreSQL", port, c);
    await stop(s.child);
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
  } catch (err) {
    console.info(`(PostgreSQL figures skipped: ${(err as Error).message})`);
  } finally {
    await admin.end().catch(() => {});
  }
}
