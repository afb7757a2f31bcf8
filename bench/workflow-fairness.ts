// Workflow fairness (printed, never asserted): does one crowd of heavy accounts delay another
// person's scheduled run? Two Kairo instances on one fresh PostgreSQL database and Redis (pg-boss
// runs the per-minute sweep once across them). One light person has a single every-minute schedule;
// for BENCH_FAIRNESS_BASELINE_MINUTES (2) it runs alone, then BENCH_FAIRNESS_ACCOUNTS (100) Team
// accounts each get the per-person cap (100) of every-minute schedules, and the light person's
// runs are watched for BENCH_FAIRNESS_MINUTES (4) more. Each run of theirs is split in two: from its
// due time to the sweep that fired it (pg-boss's cron check, up to 30 s after the minute, the same
// with or without load), and from that sweep to the run's start (what the load could add: the
// sweep's own work, the queue, the workers). The heavy accounts' workflows are written straight to
// the database (the API's creation limit would take hours for 10,000), every row as the API writes
// it. The bench and both servers share this machine's clock. Run alone with
// `node bench/workflow-fairness.ts`; `npm run bench` runs it after the workflow latency figures.
import pg from "pg";
import {
  type BenchServer,
  buyPlan,
  call,
  signUp,
  startBenchServer,
  stopBenchServer,
} from "./kairo-process.ts";
import { loadAverage } from "./pg-figures.ts";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const ACCOUNTS = Number(process.env.BENCH_FAIRNESS_ACCOUNTS ?? 100);
const CAP = 100;
const BASELINE_MINUTES = Number(process.env.BENCH_FAIRNESS_BASELINE_MINUTES ?? 2);
const LOADED_MINUTES = Number(process.env.BENCH_FAIRNESS_MINUTES ?? 4);
const MINUTE = 60_000;

const everyMinute = {
  triggerType: "time_based",
  triggerConfig: { schedule: { kind: "cron", cron: "* * * * *" }, timeZone: "UTC" },
  actions: [{ type: "send_notification", config: { title: "Tick" } }],
};

type VictimRun = { due: Date; swept: Date; started: Date | null };

/** The person's runs of the schedule times due from `since` until `until`. */
async function victimRuns(db: pg.Client, userId: string, since: Date, until: Date): Promise<VictimRun[]> {
  const { rows } = await db.query<{ due: string; swept: Date; started: Date | null; status: string }>(
    `select e.payload->>'dueAt' as due, e.created_at as swept,
            case when x.status = 'queued' then null else x.started_at end as started, x.status
       from workflow_executions x join workflow_events e on e.id = x.event_id
      where x.user_id = $1 and (e.payload->>'dueAt')::timestamptz >= $2
        and (e.payload->>'dueAt')::timestamptz < $3 order by e.created_at`,
    [userId, since, until],
  );
  return rows.map((r) => ({ due: new Date(r.due), swept: r.swept, started: r.started }));
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function summary(runs: VictimRun[], minutes: number) {
  const started = runs.filter((r) => r.started);
  const lag = started.map((r) => r.swept.getTime() - r.due.getTime()).sort((a, b) => a - b);
  const wait = started.map((r) => r.started!.getTime() - r.swept.getTime()).sort((a, b) => a - b);
  return {
    text: `${started.length} of ${minutes} due runs started; due to sweep p50 ${s(pct(lag, 0.5))}, max ${s(lag.at(-1) ?? 0)}; sweep to run start p50 ${s(pct(wait, 0.5))}, max ${s(wait.at(-1) ?? 0)}`,
    maxWait: wait.at(-1) ?? Number.POSITIVE_INFINITY,
    missed: minutes - started.length,
  };
}

const waitUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

export async function workflowFairnessFigures(record: (name: string, value: string) => void) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const name = `kairo_bench_fairness_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const servers: BenchServer[] = [];
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    const port = 4890 + Math.floor(Math.random() * 100);
    for (const p of [port, port + 1])
      servers.push(await startBenchServer(p, "fairness", { DATABASE_URL: url.toString(), REDIS_URL }));
    const [a, b] = servers as [BenchServer, BenchServer];
    await db.connect();

    // The light person: on their trial, one every-minute schedule made through the API.
    const light = await signUp(a.base, "bench-light");
    await call(a.base, light.cookie, "POST", "/api/workflows", { name: "Mine", ...everyMinute });
    const lightId = String((await call(a.base, light.cookie, "GET", "/api/me")).id);

    // The heavy accounts: Team, signed up and paid through the API, alternating instances.
    const heavy: string[] = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const base = (i % 2 ? b : a).base;
      const h = await signUp(base, "bench-heavy");
      await buyPlan(base, h.cookie, "team", 2);
      heavy.push(String((await call(base, h.cookie, "GET", "/api/me")).id));
    }

    // Baseline: the light person alone. Measuring starts at the next minute boundary.
    const baselineFrom = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE);
    await waitUntil(baselineFrom.getTime() + BASELINE_MINUTES * MINUTE + 40_000);
    const alone = summary(
      await victimRuns(
        db,
        lightId,
        baselineFrom,
        new Date(baselineFrom.getTime() + BASELINE_MINUTES * MINUTE),
      ),
      BASELINE_MINUTES,
    );

    // The load: every heavy account at the cap of every-minute schedules, first due at the next minute.
    const loadedFrom = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE);
    await db.query(
      `insert into workflows (user_id, name, trigger_type, trigger_config, actions, is_active, next_run_at, created_at, updated_at)
       select p.id, 'Heavy ' || n, 'time_based', $2::jsonb, $3::jsonb, true, $4, now() + n * interval '1 millisecond', now()
         from unnest($1::text[]) as p(id), generate_series(1, ${CAP}) as n`,
      [heavy, JSON.stringify(everyMinute.triggerConfig), JSON.stringify(everyMinute.actions), loadedFrom],
    );
    await waitUntil(loadedFrom.getTime() + LOADED_MINUTES * MINUTE + 40_000);
    const loaded = summary(
      await victimRuns(db, lightId, loadedFrom, new Date(loadedFrom.getTime() + LOADED_MINUTES * MINUTE)),
      LOADED_MINUTES,
    );
    const { rows: heavyRuns } = await db.query<{ fired: string; started: string; waiting: string }>(
      `select count(*)::text as fired,
              count(*) filter (where x.status <> 'queued')::text as started,
              count(*) filter (where x.status = 'queued')::text as waiting
         from workflow_executions x join workflow_events e on e.id = x.event_id
        where x.user_id = any($1) and (e.payload->>'dueAt')::timestamptz >= $2
          and (e.payload->>'dueAt')::timestamptz < $3`,
      [heavy, loadedFrom, new Date(loadedFrom.getTime() + LOADED_MINUTES * MINUTE)],
    );
    const h = heavyRuns[0]!;
    const label = `workflow fairness, two instances, PostgreSQL + Redis (${loadAverage()})`;
    record(`${label}: light person's every-minute schedule alone (${BASELINE_MINUTES} min)`, alone.text);
    record(
      `${label}: the same beside ${ACCOUNTS} accounts × ${CAP} every-minute schedules (${LOADED_MINUTES} min)`,
      loaded.text,
    );
    record(
      "  light person's run delayed by the load (sweep to run start, worst of the loaded minutes; target < 5 s)",
      `${s(loaded.maxWait)} (${loaded.maxWait < 5000 && loaded.missed === 0 ? "met" : "NOT met"})`,
    );
    record(
      `  heavy accounts: of their ${ACCOUNTS * CAP * LOADED_MINUTES} schedule times due in those ${LOADED_MINUTES} min, runs fired / started / still queued`,
      `${h.fired} / ${h.started} / ${h.waiting}`,
    );
  } finally {
    await db.end().catch(() => {});
    for (const server of servers) await stopBenchServer(server);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await workflowFairnessFigures((n, v) => console.info(`${n.padEnd(110)} ${v}`));
}
