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
import { interactionLatencies, launchChromium, scriptBytesAsServed, signedInContext } from "./browser.ts";
import { entryJsGzipBytes } from "./bundle-size.ts";
import { importFigures } from "./import.ts";
import { lighthouseScores } from "./lighthouse.ts";
import { mcpFigures } from "./mcp.ts";
import { BENCH_SECRET, loadAverage, oneCallAlone, pgFigures, signedInCookie } from "./pg-figures.ts";
import { seedHeavyUser } from "./seed-heavy-user.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist/web");
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
// Seconds of each load run at 50 connections (BENCH_SECONDS=5 halves the time the load figures take).
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

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
      BETTER_AUTH_SECRET: BENCH_SECRET,
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

async function load(url: string, cookie: string) {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers: { cookie } });
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
  const one = await oneCallAlone(`http://127.0.0.1:${port}/api/analytics?range=90&tz=UTC`, cookie, 5);
  record(
    `90-day analytics, ${label}: one call alone, median of 5: server time / as the client sees it (ms, target server < 5)`,
    `${one.server.toFixed(1)} / ${one.client.toFixed(1)}`,
  );
  const ai = await insightsTimes(port, cookie);
  record(
    `AI insights (built-in provider), ${label}: generated / cached, median of 5 (ms, target < 100)`,
    `${ai.generated.toFixed(1)} / ${ai.cached.toFixed(1)}`,
  );
  if (label === "PGlite") {
    record("task list render in Chromium (ms to first rows)", (await renderTime(port, cookie)).toFixed(0));
    const browser = await launchChromium();
    try {
      const context = await signedInContext(browser, `http://127.0.0.1:${port}`, cookie);
      const i = await interactionLatencies(context);
      record(
        `input to next paint, ${i.interactions} inputs (add task, timer): p75 / p98 / max (ms, target p75 < 50)`,
        `${i.p75.toFixed(0)} / ${i.p98.toFixed(0)} / ${i.max.toFixed(0)}`,
      );
    } finally {
      await browser.close();
    }
  }
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

/**
 * The whole insights computation for the heavy account: Refresh Insights (SQL, forecast, patterns,
 * burnout, recommendations, the built-in text, the stored rows) and a cached read of the same.
 */
async function insightsTimes(port: number, cookie: string) {
  const base = `http://127.0.0.1:${port}`;
  const time = async (init: RequestInit, path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, init);
    await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t0;
  };
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const generated: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < 5; i++) {
    generated.push(
      await time(
        {
          method: "POST",
          headers: { cookie, origin: base, "content-type": "application/json" },
          body: JSON.stringify({ tz: "UTC" }),
        },
        "/api/ai-insights/refresh",
      ),
    );
    cached.push(await time({ headers: { cookie } }, "/api/ai-insights?tz=UTC"));
  }
  return { generated: median(generated), cached: median(cached) };
}

const figures: Array<[string, string]> = [];
const record = (name: string, value: string) => {
  figures.push([name, value]);
  console.info(`${name.padEnd(72)} ${value}`);
};
const benchStarted = performance.now();
console.info(`npm run bench, ${new Date().toISOString()}, ${seconds} s load runs, ${loadAverage()}`);

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
const cookie = await signedInCookie(`http://127.0.0.1:${port}`);
const me = await load(`http://127.0.0.1:${port}/api/me`, cookie);
record("GET /api/me, 50 connections, PGlite: req/s", String(me.rps));
record("GET /api/me, 50 connections, PGlite: p50 / p99 (ms)", `${me.p50} / ${me.p99}`);
if (me.errors) record("  non-2xx or errors", String(me.errors));
const userId = (
  (await (await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie } })).json()) as { id: string }
).id;

// 3a. Importing a 10,000-task Todoist CSV, as a new person (issue 26 point 8: under 30 s on PGlite).
{
  const base = `http://127.0.0.1:${port}`;
  const r = await importFigures(base, await signedInCookie(base));
  record(
    "import a 10,000-task Todoist CSV, PGlite: preview / commit (ms, target commit < 30,000)",
    `${r.preview.toFixed(0)} / ${r.commit.toFixed(0)}`,
  );
}

// 3a'. An MCP tool call, create_task, as a new person's connected assistant (bench/mcp.ts; issue 26
// point 8: p99 under 50 ms of server time).
{
  const base = `http://127.0.0.1:${port}`;
  const r = await mcpFigures(base, await signedInCookie(base));
  record(
    `MCP tools/call create_task, PGlite, ${r.n} in a row: server time p50 / p99, client p50 (ms, target p99 < 50)`,
    `${r.mcp.p50.toFixed(1)} / ${r.mcp.p99.toFixed(1)}, ${r.clientP50.toFixed(1)}`,
  );
  record(
    "  the same creations through POST /api/tasks with a cookie, interleaved: server time p50 / p99 (ms)",
    `${r.app.p50.toFixed(1)} / ${r.app.p99.toFixed(1)}`,
  );
}

// 3b. As a browser meets it: script bytes as served (compressed) until the network is idle, and
// Lighthouse (mobile and desktop presets) on the landing page, all with Debian's Chromium.
{
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  try {
    const visitor = await browser.newContext({ baseURL: base });
    const l = await scriptBytesAsServed(visitor, "/");
    record(
      "landing script as served until network idle (budget 90 KB)",
      `${kb(l.bytes)} in ${l.files} files`,
    );
    const person = await signedInContext(browser, base, cookie);
    const d = await scriptBytesAsServed(person, "/dashboard", (page) =>
      page.getByRole("heading", { name: "Overview" }).waitFor({ timeout: 30_000 }),
    );
    record(
      "dashboard script as served until network idle (budget 220 KB, decision 308)",
      `${kb(d.bytes)} in ${d.files} files`,
    );
  } finally {
    await browser.close();
  }
  for (const formFactor of ["mobile", "desktop"] as const) {
    const r = await lighthouseScores(`${base}/`, formFactor);
    record(
      `Lighthouse ${formFactor}, landing: performance / a11y / best practices / SEO`,
      `${r.scores.performance} / ${r.scores.accessibility} / ${r.scores["best-practices"]} / ${r.scores.seo}`,
    );
    record(
      `Lighthouse ${formFactor}, landing: FCP / LCP / TBT (ms), CLS`,
      `${r.metrics.fcpMs.toFixed(0)} / ${r.metrics.lcpMs.toFixed(0)} / ${r.metrics.tbtMs.toFixed(0)}, ${r.metrics.cls.toFixed(3)}`,
    );
  }
}
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

// 4a. On PostgreSQL: Kairo beside the raw baseline, and the heavy account's analytics (bench/pg-figures.ts)
try {
  await pgFigures(record, { seconds });
} catch (err) {
  console.info(`(PostgreSQL figures skipped: ${(err as Error).message})`);
}

// 4a'. AI insights for the heavy account on PostgreSQL, in process (bench/insights.ts; about 30 s)
try {
  const { insightsFigures } = await import("./insights.ts");
  const ai = await insightsFigures("postgres", 5);
  record(
    "AI insights (built-in provider), PostgreSQL, in process: generated / cached, median of 5 (ms, target < 100)",
    `${ai.generated.toFixed(1)} / ${ai.cached.toFixed(1)}`,
  );
} catch (err) {
  console.info(`(AI insights on PostgreSQL skipped: ${(err as Error).message})`);
}

// 4b. Workflow trigger latency on two instances (bench/workflow-latency.ts)
try {
  const { workflowLatencyFigures } = await import("./workflow-latency.ts");
  await workflowLatencyFigures(record);
} catch (err) {
  console.info(`(workflow latency figures skipped: ${(err as Error).message})`);
}

// 4c. The calendar's month view for 500 repeating tasks on PostgreSQL (bench/recurring-month.ts)
try {
  const { recurringMonthFigures } = await import("./recurring-month.ts");
  await recurringMonthFigures(record);
} catch (err) {
  console.info(`(repeating tasks' month view skipped: ${(err as Error).message})`);
}

// 4c'. 10,000 reminders due in one minute, delivered by two instances (bench/reminders-burst.ts; about 3 minutes)
try {
  const { remindersBurstFigures } = await import("./reminders-burst.ts");
  await remindersBurstFigures(record);
} catch (err) {
  console.info(`(reminders burst skipped: ${(err as Error).message})`);
}

// 4d. Team analytics for a team of 100 on PostgreSQL (bench/team-analytics.ts)
try {
  const { teamAnalyticsFigures } = await import("./team-analytics.ts");
  await teamAnalyticsFigures(record);
} catch (err) {
  console.info(`(team analytics figures skipped: ${(err as Error).message})`);
}

// 4e. A team's shared lists under load beside the raw baseline, and a change reaching 100 watching
// members (bench/team-load.ts)
try {
  const { teamLoadFigures } = await import("./team-load.ts");
  await teamLoadFigures(record);
} catch (err) {
  console.info(`(team load figures skipped: ${(err as Error).message})`);
}

// 4f. A personal API key beside a cookie on the same /api/v1 calls, PostgreSQL, in process
// (bench/api-key-overhead.ts; issue 26 point 8: a key adds under 0.2 ms of server time)
try {
  const { apiKeyOverheadFigures } = await import("./api-key-overhead.ts");
  await apiKeyOverheadFigures(record);
} catch (err) {
  console.info(`(API key figures skipped: ${(err as Error).message})`);
}

// 5. The Team Workspace: broadcast latency and memory per connection (bench/team-presence.ts)
try {
  const { teamPresenceFigures } = await import("./team-presence.ts");
  await teamPresenceFigures(record);
} catch (err) {
  console.info(`(Team Workspace figures skipped: ${(err as Error).message})`);
}

// 6. The planner: quality beside the exact optimum, speed and stability (bench/planner.ts; about
// half an hour, most of it the exact solver). BENCH_PLANNER=0 leaves it out (it runs alone too).
if (process.env.BENCH_PLANNER === "0") console.info("(planner figures left out: BENCH_PLANNER=0)");
else
  try {
    const { plannerFigures } = await import("./planner.ts");
    await plannerFigures(record);
  } catch (err) {
    console.info(`(planner figures skipped: ${(err as Error).message})`);
  }

console.info(
  `done in ${((performance.now() - benchStarted) / 60_000).toFixed(1)} min, ${loadAverage()} (1, 5 and 15 min averages)`,
);
