// Team Workspace figures (printed, never asserted): broadcast latency from one member's socket to
// every open workspace of the team, p50/p99, with 1,000 sockets of one team on one instance, 5,000
// sockets across 50 teams on one instance, and 1,000 sockets of one team split over two instances
// through Redis; the server's memory per connection; and where a broadcast's time goes (CPU of the
// server and of the receiving processes per round). Runs the real server (`src/server/main.ts`) on
// the PostgreSQL at TEST_DATABASE_URL and the Redis at TEST_REDIS_URL. The receiving sockets live in
// BENCH_RECEIVER_PROCESSES child processes (4 by default; bench/presence-receivers.ts), as they live
// in many browsers, not in one process queueing every arrival behind the others. Run alone with
// `node bench/team-presence.ts`; `npm run bench` runs it last. BENCH_TEAM_SOCKETS and BENCH_TEAMS
// scale it down on a small machine.
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import pg from "pg";
import type { Socket } from "socket.io-client";
import {
  type BenchServer,
  buyPlan,
  call,
  mailTo,
  signUp,
  startBenchServer,
  stopBenchServer,
} from "./kairo-process.ts";
import {
  type FromReceiver,
  openWorkspace,
  type ReceiverJob,
  type ToReceiver,
  wallClock,
} from "./presence-receivers.ts";
import { cpuMsOf } from "./process-measures.ts";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const ONE_TEAM = Number(process.env.BENCH_TEAM_SOCKETS ?? 1000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 50);
const RECEIVERS = Math.max(1, Number(process.env.BENCH_RECEIVER_PROCESSES ?? 4));
const PER_TEAM = 100;
const OPEN_AT_ONCE = 50;
const MESSAGES = 20;
const GAP_MS = 150;
/** How long after the last send a flag may still arrive before it counts as lost. */
const LATE_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const rssBytes = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) * 1024 : 0;
};

/** An owner on Team with `members` more people: the cookies of all of them. */
async function team(base: string, members: number): Promise<string[]> {
  const owner = await signUp(base, "bench");
  await buyPlan(base, owner.cookie, "team", members + 1);
  const cookies = [owner.cookie];
  for (let i = 0; i < members; i += 1) {
    const p = await signUp(base, "bench");
    await call(base, owner.cookie, "POST", "/api/team/invitations", { email: p.email });
    const inv = (await mailTo(base, p.email, /invite\//)).match(/invite\/([0-9a-f-]{36})/)![1];
    await call(base, p.cookie, "POST", `/api/team/invitations/${inv}/accept`);
    cookies.push(p.cookie);
  }
  return cookies;
}

/** The receiving processes: each holds every RECEIVERS-th socket. */
class Receivers {
  private readonly procs: ChildProcess[];
  constructor() {
    this.procs = Array.from({ length: RECEIVERS }, () =>
      fork(new URL("./presence-receivers.ts", import.meta.url), {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
  }
  private ask(p: ChildProcess, m: ToReceiver): Promise<FromReceiver> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`a receiving process exited with ${code}`));
      p.once("exit", onExit);
      p.once("message", (r: FromReceiver) => {
        p.off("exit", onExit);
        if (r.op === "failed") reject(new Error(r.message));
        else resolve(r);
      });
      p.send(m);
    });
  }
  pids() {
    return this.procs.map((p) => p.pid!);
  }
  async open(jobs: ReceiverJob[]) {
    await Promise.all(
      this.procs.map((p, i) =>
        this.ask(p, {
          op: "open",
          jobs: jobs.filter((_, k) => k % RECEIVERS === i),
          // 50 handshakes in flight in all, as one bench process opened them: each takes the
          // session, the plan and the team from the database.
          batch: Math.ceil(OPEN_AT_ONCE / RECEIVERS),
        }),
      ),
    );
  }
  async start() {
    await Promise.all(this.procs.map((p) => this.ask(p, { op: "start" })));
  }
  async collect() {
    const answers = await Promise.all(this.procs.map((p) => this.ask(p, { op: "collect" })));
    return answers.flatMap((a) => (a.op === "samples" ? [a] : []));
  }
  /** Ends the processes at once (a failed run). */
  kill() {
    for (const p of this.procs) if (p.exitCode === null) p.kill("SIGTERM");
  }
  async close() {
    await Promise.all(
      this.procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null) return resolve();
            p.once("exit", () => resolve());
            p.send({ op: "close" } satisfies ToReceiver);
          }),
      ),
    );
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

type Result = {
  p50: number;
  p99: number;
  received: number;
  expected: number;
  serverCpu: number;
  receiversCpu: number;
  load: number;
};

/**
 * Each sender (group g's, in this process) sends MESSAGES typing flags, one every GAP_MS; every
 * receiving socket of its team stamps each arrival. A socket's k-th arrival is the k-th flag (one
 * WebSocket keeps order), so the latency is its stamp minus the k-th send stamp of its group.
 */
async function fanOut(receivers: Receivers, senders: Socket[], serverPids: number[]): Promise<Result> {
  await receivers.start();
  const sent: number[][] = senders.map(() => []);
  const serverBefore = serverPids.reduce((n, pid) => n + cpuMsOf(pid), 0);
  for (let i = 0; i < MESSAGES; i += 1) {
    senders.forEach((s, g) => {
      sent[g]!.push(wallClock());
      s.emit("typing:set", { isTyping: i % 2 === 0 });
    });
    await sleep(GAP_MS);
  }
  // Every flag has arrived, or LATE_MS passed since the last send (what is still missing is lost).
  const deadline = Date.now() + LATE_MS;
  let answers = await receivers.collect();
  const arrived = () => answers.reduce((n, a) => n + a.sockets.reduce((m, x) => m + x.arrivals.length, 0), 0);
  const wanted = answers.reduce((n, a) => n + a.sockets.length, 0) * MESSAGES;
  while (arrived() < wanted && Date.now() < deadline) {
    await sleep(500);
    answers = await receivers.collect();
  }
  const serverCpu = serverPids.reduce((n, pid) => n + cpuMsOf(pid), 0) - serverBefore;
  const samples: number[] = [];
  let sockets = 0;
  for (const a of answers) {
    for (const s of a.sockets) {
      sockets += 1;
      for (const [k, at] of s.arrivals.slice(0, MESSAGES).entries()) samples.push(at - sent[s.group]![k]!);
    }
  }
  const sorted = samples.sort((a, b) => a - b);
  return {
    p50: pct(sorted, 0.5),
    p99: pct(sorted, 0.99),
    received: sorted.length,
    expected: sockets * MESSAGES,
    serverCpu: serverCpu / MESSAGES,
    receiversCpu: answers.reduce((n, a) => n + a.cpuMs, 0) / MESSAGES,
    load: loadavg()[0]!,
  };
}

const fmt = (r: Result) =>
  `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)}${r.received < r.expected ? ` (${r.expected - r.received} lost)` : ""}` +
  ` [CPU a round: server ${r.serverCpu.toFixed(1)} ms, receivers ${r.receiversCpu.toFixed(1)} ms; load ${r.load.toFixed(2)}]`;

/** `count` sockets round-robin over `cookies` and `bases`: the first in this process (the sender). */
async function openTeam(bases: string[], cookies: string[], count: number, group = 0) {
  const sender = await openWorkspace(bases[0]!, cookies[0]!);
  const jobs: ReceiverJob[] = [];
  for (let i = 1; i < count; i += 1)
    jobs.push({ base: bases[i % bases.length]!, cookie: cookies[i % cookies.length]!, group });
  return { sender, jobs };
}

export async function teamPresenceFigures(record: (name: string, value: string) => void) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const name = `kairo_bench_presence_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = { DATABASE_URL: url.toString() };
  const label = `team workspace (${RECEIVERS} receiving processes)`;
  // Whatever a failed run leaves running is stopped in `finally`.
  const servers: BenchServer[] = [];
  const pools: Receivers[] = [];
  const server = async (port: number, env: Record<string, string>) => {
    const s = await startBenchServer(port, "presence", env);
    servers.push(s);
    return s;
  };
  const pool = () => {
    const r = new Receivers();
    pools.push(r);
    return r;
  };
  try {
    // One instance, in-memory presence.
    const a = await server(4590, db);
    const cookies = await team(a.base, 4);
    const rssBefore = rssBytes(a.child.pid!);
    let receivers = pool();
    const one = await openTeam([a.base], cookies, ONE_TEAM);
    await receivers.open(one.jobs);
    await sleep(1000);
    const perConn = (rssBytes(a.child.pid!) - rssBefore) / ONE_TEAM;
    record(
      `${label}: ${ONE_TEAM} sockets of one team, one instance: server memory per connection`,
      `${(perConn / 1024).toFixed(1)} KB`,
    );
    record(
      `${label}: broadcast to ${ONE_TEAM - 1} sockets, one instance: p50 / p99 (ms)`,
      fmt(await fanOut(receivers, [one.sender], [a.child.pid!])),
    );
    one.sender.close();
    await receivers.close();

    receivers = pool();
    const senders: Socket[] = [];
    const jobs: ReceiverJob[] = [];
    for (let t = 0; t < TEAMS; t += 1) {
      const g = await openTeam([a.base], await team(a.base, 1), PER_TEAM, t);
      senders.push(g.sender);
      jobs.push(...g.jobs);
    }
    await receivers.open(jobs);
    record(
      `${label}: ${TEAMS * PER_TEAM} sockets in ${TEAMS} teams, one instance, all teams at once: p50 / p99 (ms)`,
      fmt(await fanOut(receivers, senders, [a.child.pid!])),
    );
    for (const s of senders) s.close();
    await receivers.close();
    await stopBenchServer(servers.shift()!);

    // Two instances on one Redis: half the sockets on each; the sender on the first.
    const a2 = await server(4591, { ...db, REDIS_URL });
    const b2 = await server(4592, { ...db, REDIS_URL });
    receivers = pool();
    const split = await openTeam([a2.base, b2.base], cookies, ONE_TEAM);
    await receivers.open(split.jobs);
    record(
      `${label}: broadcast to ${ONE_TEAM - 1} sockets over two instances and Redis: p50 / p99 (ms)`,
      fmt(await fanOut(receivers, [split.sender], [a2.child.pid!, b2.child.pid!])),
    );
    split.sender.close();
    await receivers.close();
  } finally {
    for (const r of pools) r.kill();
    await Promise.all(servers.map(stopBenchServer));
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await teamPresenceFigures((n, v) => console.info(`${n.padEnd(96)} ${v}`));
}
