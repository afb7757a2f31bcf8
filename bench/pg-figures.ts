// The PostgreSQL figures of `npm run bench` (issue 12, points 4 and 5), also runnable alone:
//   node bench/pg-figures.ts            (BENCH_SECONDS=5 for shorter load runs, BENCH_ROUNDS=3)
// On a fresh database at TEST_DATABASE_URL: Kairo (src/server/main.ts) and the raw baseline
// (bench/raw-baseline.ts: node:http + pg, the same statements) answer the same signed-in person, who
// holds 5,000 tasks and 50,000 time logs. For GET /api/me and the task list, the two servers are
// loaded in turn (Kairo, raw, Kairo, raw, ...) at 50 connections, so each pair meets the same machine
// load, and each pair's ratio is printed with their median. Then the 90-day analytics at 50
// connections and one call alone. Prints figures, asserts nothing; the load average is printed with
// them because other work on the machine moves every figure.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../src/server/db/client.ts";
import { cpuMsOf, loadAverage } from "./process-measures.ts";
import { seedHeavyUser } from "./seed-heavy-user.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
/** One session secret for Kairo and the raw baseline, so both accept the same cookie. */
export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const CONNECTIONS = 50;

export { loadAverage };

export type RecordFigure = (name: string, value: string) => void;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export function spawnNode(script: string, env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

export async function until(what: string, ok: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if (await ok()) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: no answer within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the server at `base` answers `/api/me` for `cookie` (it is up and knows the session). */
export const untilSignedIn = (base: string, cookie: string) =>
  until(`${base} accepting the bench's session`, async () => {
    const res = await fetch(`${base}/api/me`, { headers: { cookie } });
    await res.text();
    return res.status === 200;
  });

/** Kairo and the raw baseline, both running and signed in as `cookie`, to be loaded in turn. */
export async function comparison(
  o: Omit<RawComparison, "pids"> & { servers: ChildProcess[] },
): Promise<RawComparison> {
  for (const base of [o.kairo, o.raw]) await untilSignedIn(base, o.cookie);
  const { servers, ...rest } = o;
  return { ...rest, pids: [servers[0]!.pid, servers[1]!.pid] };
}

export async function signedInCookie(base: string): Promise<string> {
  const email = `bench-pg-${Date.now()}@example.com`;
  const headers = { "content-type": "application/json", origin: base, "x-forwarded-for": "10.202.0.1" };
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench Person", email, password: "bench-password-1", callbackURL: "/" }),
  });
  const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as Array<{ to: string; text: string }>;
  const link = mails.find((m) => m.to === email)!.text.match(/https?:\/\/\S+/)![0];
  const res = await fetch(link, { redirect: "manual", headers });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Load at 50 connections; with the server's pid, also its CPU time per answered request, which
 * other work on the machine moves far less than requests per second.
 */
export async function load(url: string, cookie: string, seconds: number, pid?: number) {
  const cpu0 = cpuMsOf(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    cpuUsPerRequest: ((cpuMsOf(pid) - cpu0) * 1000) / Math.max(1, r.requests.total),
  };
}

/**
 * `n` single calls made one after another on an otherwise idle server: the median time as the client
 * sees it and the median the server reports in its `Server-Timing: app;dur=` header (ms).
 */
export async function oneCallAlone(
  url: string,
  cookie: string,
  n = 15,
): Promise<{ client: number; server: number }> {
  const client: number[] = [];
  const server: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.text();
    client.push(performance.now() - t0);
    server.push(Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN));
  }
  return { client: median(client), server: median(server) };
}

/**
 * The same request to Kairo and to the raw baseline, loaded in turn (Kairo, raw, Kairo, raw, ...) so
 * each pair meets the same machine load; records both, the CPU per request and each pair's ratio.
 */
export type RawComparison = {
  /** Kairo's and the raw server's addresses, and the processes whose CPU is read. */
  kairo: string;
  raw: string;
  pids: [number | undefined, number | undefined];
  cookie: string;
  rounds: number;
  seconds: number;
};

export async function besideRaw(record: RecordFigure, t: RawComparison, label: string, path: string) {
  const o = { ...t, kairo: t.kairo + path, raw: t.raw + path };
  const { cookie } = o;
  // The same answer from both, or the comparison means nothing.
  const [kb, rb] = await Promise.all(
    [o.kairo, o.raw].map(async (url) => (await fetch(url, { headers: { cookie } })).text()),
  );
  if (kb !== rb)
    record(
      `${label}: Kairo and the raw baseline answer differently (!)`,
      `${kb?.slice(0, 160)} | ${rb?.slice(0, 160)}`,
    );
  // Warm both (JIT, pools, plans) before anything is counted.
  await load(o.kairo, cookie, 2);
  await load(o.raw, cookie, 2);
  const pairs: Array<{ k: Awaited<ReturnType<typeof load>>; r: Awaited<ReturnType<typeof load>> }> = [];
  for (let i = 0; i < o.rounds; i++) {
    const k = await load(o.kairo, cookie, o.seconds, o.pids[0]);
    const r = await load(o.raw, cookie, o.seconds, o.pids[1]);
    pairs.push({ k, r });
    if (k.errors + r.errors)
      record(`  ${label}, round ${i + 1}: non-2xx or errors`, `${k.errors} / ${r.errors}`);
  }
  const ratios = pairs.map((p) => p.k.rps / p.r.rps);
  record(
    `${label}, PostgreSQL, ${CONNECTIONS} conn., Kairo: req/s (p99 ms) per round`,
    pairs.map((p) => `${p.k.rps} (${p.k.p99})`).join(", "),
  );
  record(
    `${label}, PostgreSQL, ${CONNECTIONS} conn., raw node:http + pg: req/s (p99 ms)`,
    pairs.map((p) => `${p.r.rps} (${p.r.p99})`).join(", "),
  );
  const cpu = (xs: number[]) => median(xs).toFixed(0);
  record(
    `${label}: server process CPU per request, median (µs), Kairo / raw`,
    `${cpu(pairs.map((p) => p.k.cpuUsPerRequest))} / ${cpu(pairs.map((p) => p.r.cpuUsPerRequest))}`,
  );
  record(
    `${label}: Kairo / raw per round, median (goal >= 0.8)`,
    `${ratios.map((x) => x.toFixed(2)).join(", ")}; median ${median(ratios).toFixed(2)}  [${loadAverage()}]`,
  );
  return { kairoP99: median(pairs.map((p) => p.k.p99)), ratio: median(ratios) };
}

export async function pgFigures(
  record: RecordFigure,
  o: { seconds?: number; rounds?: number; databaseUrl?: string } = {},
) {
  const seconds = o.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const rounds = o.rounds ?? Number(process.env.BENCH_ROUNDS ?? 3);
  const pgUrl = o.databaseUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `kairo_bench_${Date.now()}`;
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const port = 4400 + Math.floor(Math.random() * 500);
  const kairo = `http://127.0.0.1:${port}`;
  const raw = `http://127.0.0.1:${port + 1}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), "kairo-bench-pg-"));
  const servers: ChildProcess[] = [];
  try {
    const t0 = performance.now();
    servers.push(
      spawnNode("src/server/main.ts", {
        PORT: String(port),
        PUBLIC_URL: kairo,
        KAIRO_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        TRUST_PROXY: "true",
        BETTER_AUTH_SECRET: BENCH_SECRET,
      }),
    );
    await until("Kairo", async () => (await fetch(`${kairo}/api/health`)).ok);
    record("cold start to first /api/health, PostgreSQL (ms)", (performance.now() - t0).toFixed(0));
    const cookie = await signedInCookie(kairo);
    const me = (await (await fetch(`${kairo}/api/me`, { headers: { cookie } })).json()) as { id: string };
    const db = await openDatabase({ url: databaseUrl, poolSize: 1, statementTimeoutMs: 0 });
    await seedHeavyUser(db.db, me.id);
    await db.close();

    servers.push(
      spawnNode("bench/raw-baseline.ts", {
        PORT: String(port + 1),
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: BENCH_SECRET,
      }),
    );
    const target = await comparison({ kairo, raw, cookie, servers, rounds, seconds });
    for (const [label, path] of [
      ["GET /api/me", "/api/me"],
      ["task list (first 100 of 5,000 tasks)", "/api/tasks?limit=100"],
    ] as const)
      await besideRaw(record, target, label, path);
    await stop(servers.pop()!);

    const analytics = `${kairo}/api/analytics?range=90&tz=UTC`;
    await load(analytics, cookie, 2);
    const an = await load(analytics, cookie, seconds, servers[0]!.pid);
    record(
      `90-day analytics (50,000 logs), PostgreSQL, ${CONNECTIONS} conn.: req/s, p50 / p99 ms (target >= 490)`,
      `${an.rps}, ${an.p50} / ${an.p99}  [${loadAverage()}]`,
    );
    record("90-day analytics: Kairo process CPU per request (µs)", an.cpuUsPerRequest.toFixed(0));
    await new Promise((r) => setTimeout(r, 2000)); // the load's last answers drain
    const one = await oneCallAlone(analytics, cookie);
    record(
      "90-day analytics, PostgreSQL: one call alone, median of 15: server time / as the client sees it (ms, target server < 5)",
      `${one.server.toFixed(1)} / ${one.client.toFixed(1)}  [${loadAverage()}]`,
    );
  } finally {
    for (const s of servers) await stop(s);
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await pgFigures((name, value) => console.info(`${name.padEnd(72)} ${value}`));
}
