// Team Workspace figures (printed, never asserted): broadcast latency from one member's socket to
// every open workspace of the team, p50/p99, with 1,000 sockets of one team on one instance, 5,000
// sockets across 50 teams on one instance, and 1,000 sockets of one team split over two instances
// through Redis; and the server's memory per connection. Runs the real server (`src/server/main.ts`)
// on the PostgreSQL at TEST_DATABASE_URL and the Redis at TEST_REDIS_URL. Run alone with
// `node bench/team-presence.ts`; `npm run bench` runs it last. BENCH_TEAM_SOCKETS and
// BENCH_TEAMS scale it down on a small machine.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { io, type Socket } from "socket.io-client";

const root = fileURLToPath(new URL("..", import.meta.url));
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const ONE_TEAM = Number(process.env.BENCH_TEAM_SOCKETS ?? 1000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 50);
const PER_TEAM = 100;
const MESSAGES = 20;

type Server = { child: ChildProcess; base: string };

async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      RATE_LIMIT_DISABLED: "true",
      BETTER_AUTH_SECRET: SECRET,
      KAIRO_DATA_DIR: `/tmp/kairo-bench-presence-${port}`,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stop = (s: Server) =>
  new Promise<void>((resolve) => {
    s.child.once("exit", () => resolve());
    s.child.kill("SIGTERM");
  });

const rssBytes = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) * 1024 : 0;
};

let seq = 0;
/** A person signed in over HTTP: their cookie. */
async function person(base: string): Promise<{ email: string; cookie: string }> {
  seq += 1;
  const email = `bench-${Date.now().toString(36)}-${seq}@example.com`;
  const headers = { "content-type": "application/json", origin: base };
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: `Bench ${seq}`, email, password: "bench-password-1", callbackURL: "/" }),
  });
  if (!res.ok) throw new Error(`sign-up ${res.status}`);
  const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as Array<{ to: string; text: string }>;
  const link = mails.find((m) => m.to === email)!.text.match(/https?:\/\/\S+/)![0];
  const verified = await fetch(link, { redirect: "manual" });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { email, cookie };
}

async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** An owner on Team with `members` more people: the cookies of all of them. */
async function team(base: string, members: number): Promise<string[]> {
  const owner = await person(base);
  const checkout = await call(base, owner.cookie, "POST", "/api/billing/checkout", {
    plan: "team",
    quantity: members + 1,
    billing: "monthly",
    successUrl: `${base}/dashboard`,
    cancelUrl: `${base}/dashboard`,
  });
  const id = new URL(String(checkout.url)).pathname.split("/").pop();
  await call(base, owner.cookie, "POST", `/api/billing/checkout-sessions/${id}/pay`);
  const cookies = [owner.cookie];
  for (let i = 0; i < members; i += 1) {
    const p = await person(base);
    await call(base, owner.cookie, "POST", "/api/team/invitations", { email: p.email });
    const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as Array<{ to: string; text: string }>;
    const inv = mails
      .find((m) => m.to === p.email && /invite\//.test(m.text))!
      .text.match(/invite\/([0-9a-f-]{36})/)![1];
    await call(base, p.cookie, "POST", `/api/team/invitations/${inv}/accept`);
    cookies.push(p.cookie);
  }
  return cookies;
}

async function openWorkspace(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, {
    path: "/socket.io",
    transports: ["websocket"],
    extraHeaders: { cookie },
    auth: { page: "/team-workspace" },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const ack = (await socket.timeout(30_000).emitWithAck("team:join", null)) as { ok: boolean };
  if (!ack.ok) throw new Error("join refused");
  return socket;
}

/** Opens `count` workspaces round-robin over `cookies` and `bases`, a few at a time. */
async function openMany(bases: string[], cookies: string[], count: number): Promise<Socket[]> {
  const out: Socket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) =>
      openWorkspace(bases[(i + k) % bases.length]!, cookies[(i + k) % cookies.length]!),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Each sender sends MESSAGES typing flags, one every 150 ms; every other socket of its team records
 * how long each took to arrive (sender and receivers share this process's clock).
 */
async function fanOut(groups: Array<{ sender: Socket; receivers: Socket[] }>) {
  const samples: number[] = [];
  for (const g of groups) {
    for (const r of g.receivers) {
      r.on("typing:update", () => samples.push(performance.now() - lastSent.get(g.sender)!));
    }
  }
  const lastSent = new Map<Socket, number>();
  for (let i = 0; i < MESSAGES; i += 1) {
    for (const g of groups) {
      lastSent.set(g.sender, performance.now());
      g.sender.emit("typing:set", { isTyping: i % 2 === 0 });
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const sorted = samples.sort((a, b) => a - b);
  const expected = groups.reduce((n, g) => n + g.receivers.length, 0) * MESSAGES;
  return { p50: pct(sorted, 0.5), p99: pct(sorted, 0.99), received: sorted.length, expected };
}

const close = (sockets: Socket[]) => {
  for (const s of sockets) s.close();
};

export async function teamPresenceFigures(record: (name: string, value: string) => void) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const name = `kairo_bench_presence_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const fmt = (r: { p50: number; p99: number; received: number; expected: number }) =>
    `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)}${r.received < r.expected ? ` (${r.expected - r.received} lost)` : ""}`;
  try {
    // One instance, in-memory presence.
    const a = await startServer(4590, { DATABASE_URL: url.toString() });
    const cookies = await team(a.base, 4);
    const rssBefore = rssBytes(a.child.pid!);
    const sockets = await openMany([a.base], cookies, ONE_TEAM);
    await new Promise((r) => setTimeout(r, 1000));
    const perConn = (rssBytes(a.child.pid!) - rssBefore) / sockets.length;
    record(
      `team workspace: ${sockets.length} sockets of one team, one instance: server memory per connection`,
      `${(perConn / 1024).toFixed(1)} KB`,
    );
    const one = await fanOut([{ sender: sockets[0]!, receivers: sockets.slice(1) }]);
    record(
      `team workspace: broadcast to ${sockets.length - 1} sockets, one instance: p50 / p99 (ms)`,
      fmt(one),
    );
    close(sockets);

    const groups: Array<{ sender: Socket; receivers: Socket[] }> = [];
    for (let t = 0; t < TEAMS; t += 1) {
      const c = await team(a.base, 1);
      const s = await openMany([a.base], c, PER_TEAM);
      groups.push({ sender: s[0]!, receivers: s.slice(1) });
    }
    const many = await fanOut(groups);
    record(
      `team workspace: ${TEAMS * PER_TEAM} sockets in ${TEAMS} teams, one instance, all teams at once: p50 / p99 (ms)`,
      fmt(many),
    );
    close(groups.flatMap((g) => [g.sender, ...g.receivers]));
    await stop(a);

    // Two instances on one Redis: half the sockets on each; the sender on the first.
    const a2 = await startServer(4591, { DATABASE_URL: url.toString(), REDIS_URL });
    const b2 = await startServer(4592, { DATABASE_URL: url.toString(), REDIS_URL });
    const split = await openMany([a2.base, b2.base], cookies, ONE_TEAM);
    const two = await fanOut([{ sender: split[0]!, receivers: split.slice(1) }]);
    record(
      `team workspace: broadcast to ${split.length - 1} sockets over two instances and Redis: p50 / p99 (ms)`,
      fmt(two),
    );
    close(split);
    await Promise.all([stop(a2), stop(b2)]);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await teamPresenceFigures((n, v) => console.info(`${n.padEnd(96)} ${v}`));
}
