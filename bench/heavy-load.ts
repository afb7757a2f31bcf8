// `node bench/heavy-load.ts [postgres|pglite] [rounds] [seconds]`: the heavy-account figures alone,
// repeated, with the median of each printed last. One person holds 5,000 tasks and 50,000 time logs
// (bench/seed-heavy-user.ts); each round loads GET /api/me, the task list and the 90-day analytics at
// 50 connections (autocannon), then times single analytics and task-list calls on a quiet server.
// Prints figures, asserts nothing. Other work on the machine makes single rounds noisy: read medians.
// BENCH_ONLY=list,analytics loads only those; BENCH_CONNECTIONS=10 loads with fewer connections;
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../src/server/db/client.ts";
import { seedHeavyUser } from "./seed-heavy-user.ts";

const kind = process.argv[2] === "pglite" ? "pglite" : "postgres";
const rounds = Number(process.argv[3] ?? 3);
const seconds = Number(process.argv[4] ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = fileURLToPath(new URL("..", import.meta.url));
const port = 3900 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;

function start(dataDir: string, extraEnv: Record<string, string>): ChildProcess {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, "src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      KAIRO_DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function healthy() {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

async function signUp(): Promise<{ cookie: string; userId: string }> {
  const email = `heavy-${Date.now()}@example.com`;
  const headers = { "content-type": "application/json", origin: base, "x-forwarded-for": "10.201.0.1" };
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Heavy Person", email, password: "bench-password-1", callbackURL: "/" }),
  });
  const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as Array<{ to: string; text: string }>;
  const link = mails.find((m) => m.to === email)!.text.match(/https?:\/\/\S+/)![0];
  const res = await fetch(link, { redirect: "manual", headers });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { id: string };
  return { cookie, userId: me.id };
}

async function load(path: string, cookie: string) {
  const r = await autocannon({ url: base + path, connections, duration: seconds, headers: { cookie } });
  if (r.non2xx + r.errors) console.info(`  ${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function quiet(path: string, cookie: string, n = 9) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { cookie } });
    await res.text();
    times.push(performance.now() - t0);
  }
  return median(times);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const dataDir = mkdtempSync(join(tmpdir(), "kairo-heavy-"));
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = `kairo_heavy_${Date.now()}`;
const dbUrl = new URL(pgUrl);
dbUrl.pathname = `/${dbName}`;
const admin = new pg.Client({ connectionString: pgUrl });
if (kind === "postgres") {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
}
const extraEnv: Record<string, string> = kind === "postgres" ? { DATABASE_URL: dbUrl.toString() } : {};

let server = start(dataDir, extraEnv);
try {
  await healthy();
  const { cookie, userId } = await signUp();
  if (kind === "pglite") await stop(server); // PGlite: one process owns the data folder
  const database = await openDatabase(
    kind === "postgres" ? { url: dbUrl.toString(), poolSize: 1 } : { dataDir },
  );
  await seedHeavyUser(database.db, userId);
  await database.close();
  if (kind === "pglite") {
    server = start(dataDir, extraEnv);
    await healthy();
  }

  const only = process.env.BENCH_ONLY?.split(",");
  const paths = Object.fromEntries(
    Object.entries({
      me: "/api/me",
      list: "/api/tasks?limit=100",
      analytics: "/api/analytics?range=90&tz=UTC",
    }).filter(([name]) => !only || only.includes(name)),
  );
  // Warm up: JIT, the connection pool, the plans and the first rescoring of the task list.
  for (const path of Object.values(paths)) await quiet(path, cookie, 3);

  const figures: Record<string, number[]> = {};
  const note = (name: string, v: number) => {
    figures[name] ??= [];
    figures[name].push(v);
  };
  for (let round = 1; round <= rounds; round++) {
    for (const [name, path] of Object.entries(paths)) {
      const r = await load(path, cookie);
      note(`${name} req/s`, r.rps);
      note(`${name} p50 ms`, r.p50);
      note(`${name} p99 ms`, r.p99);
      await new Promise((res) => setTimeout(res, 1000)); // let the last requests drain
    }
    for (const [name, path] of Object.entries(paths))
      note(`${name} one quiet call ms`, await quiet(path, cookie));
    console.info(
      `round ${round}: ${Object.entries(figures)
        .map(([k, v]) => `${k} ${v.at(-1)!.toFixed(1)}`)
        .join(", ")}`,
    );
  }
  console.info(`\n${kind}, ${rounds} rounds of ${seconds} s at ${connections} connections, medians:`);
  for (const [name, values] of Object.entries(figures))
    console.info(
      `  ${name.padEnd(30)} ${median(values).toFixed(1)}   (${values.map((v) => v.toFixed(1)).join(", ")})`,
    );
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
  if (kind === "postgres") {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}
