// `node bench/request-profile.ts [postgres|pglite] [calls]`: where one request's time goes, on a quiet
// server. Builds the app in this process against a fresh database with the heavy account
// (bench/seed-heavy-user.ts) and prints, per call, the median time, the SQL statements sent and, on
// PostgreSQL, the CPU time spent in this process and in the database's server processes (on a busy
// machine CPU times move far less than wall-clock ones): for GET /api/me, the task list and the
// 90-day analytics through the app and their use cases alone, the middleware chain with and without
// a session (an unknown route), and Better Auth's own get-session for comparison. Prints figures,
// asserts nothing.
import pg from "pg";
import { analytics } from "../src/server/modules/analytics/analytics.ts";
import { listTasks } from "../src/server/modules/tasks/tasks.ts";
import { BASE as base, openHeavyKairo } from "./in-process-heavy.ts";
import { cpuMsOf } from "./process-measures.ts";

const kind = process.argv[2] === "pglite" ? "pglite" : "postgres";
const calls = Number(process.argv[3] ?? 200);

// Counts statements sent to PostgreSQL (node-postgres) by every client of every pool.
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function databaseCpuMs(): Promise<Map<number, number>> {
  if (kind !== "postgres") return new Map();
  const { rows } = await admin.query("select pid from pg_stat_activity where datname = $1", [dbName]);
  return new Map(rows.map((r: { pid: number }) => [r.pid, cpuMsOf(r.pid, 0)]));
}

async function timeIt(fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn(); // warm-up
  const times: number[] = [];
  const before = statements;
  const db0 = await databaseCpuMs();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  const db1 = await databaseCpuMs();
  let dbMs = 0;
  for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
  return {
    ms: median(times),
    statements: (statements - before) / calls,
    nodeUs: (cpu.user + cpu.system) / calls,
    dbUs: (dbMs * 1000) / calls,
  };
}

// Statements are counted from here on: the set-up's own do not count.
const { kairo, database, admin, dbName, cookie, personId, close } = await openHeavyKairo(kind, "profile");
const me = { id: personId };
try {
  const { app, deps } = kairo;

  const get = (path: string) => async () => {
    const res = await app.request(base + path, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    await res.text();
  };
  // The middleware chain and the session check, with nothing after them but the 404.
  const unknownRoute = (withCookie: boolean) => async () => {
    const res = await app.request(`${base}/api/no-such-route`, { headers: withCookie ? { cookie } : {} });
    if (res.status !== 404) throw new Error(`unknown route: ${res.status}`);
    await res.text();
  };
  const rows: Array<[string, Awaited<ReturnType<typeof timeIt>>]> = [
    ["unknown route, no cookie (404)", await timeIt(unknownRoute(false))],
    ["unknown route, signed in (404)", await timeIt(unknownRoute(true))],
    [
      "Better Auth's get-session alone",
      await timeIt(() => deps.auth.api.getSession({ headers: new Headers({ cookie }) })),
    ],
    ["GET /api/me", await timeIt(get("/api/me"))],
    ["GET /api/tasks?limit=100", await timeIt(get("/api/tasks?limit=100"))],
    [
      "listTasks alone",
      await timeIt(() =>
        listTasks({
          db: database.db,
          clock: () => new Date(),
          personId: me.id,
          query: { limit: 100, offset: 0 },
        }),
      ),
    ],
    ["GET /api/analytics?range=90", await timeIt(get("/api/analytics?range=90&tz=UTC"))],
    ["analytics alone (90 days)", await timeIt(() => analytics(database.db, me.id, 90, "UTC", new Date()))],
  ];
  console.info(`${kind}, median of ${calls} sequential calls in process:`);
  for (const [name, r] of rows) {
    const pgFigures = `, ${r.statements.toFixed(1)} SQL statements, + ${r.dbUs.toFixed(0)} µs CPU in PostgreSQL`;
    console.info(
      `  ${name.padEnd(34)} ${r.ms.toFixed(2).padStart(7)} ms, ${r.nodeUs.toFixed(0).padStart(5)} µs CPU here${kind === "postgres" ? pgFigures : ""}`,
    );
  }
} finally {
  await close();
}
