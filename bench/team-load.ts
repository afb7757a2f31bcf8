// Shared projects at team scale under load (issue 23 point 9), part of `npm run bench` and runnable
// alone: node bench/team-load.ts   (BENCH_SECONDS=5 for shorter load runs, BENCH_ROUNDS=3)
// On a fresh PostgreSQL database at TEST_DATABASE_URL holding the team of bench/seed-team.ts (100
// members, 50 projects, 20,000 shared tasks), with a session for every member:
//  1. A member reads a project's task list (the first 100 of its 400 tasks) and "Assigned to me"
//     (the first 100 of theirs across the 50 projects) at 50 connections, Kairo (src/server/main.ts)
//     and the raw baseline (bench/raw-baseline.ts: node:http + pg, the same statements and the same
//     project and role checks) loaded in turn, as bench/pg-figures.ts does for one person's list.
//     Then the project list once more on Kairo while a member changes one of its tasks every second.
//  2. All 100 members watch the project with the socket the app opens; one member changes a task of
//     it 50 times (PATCH, 150 ms apart); from the moment each request is sent to the moment each
//     member's socket receives `projects:changed` naming that task: p50 / p99 and any lost.
// Prints figures, asserts nothing; the load average is printed with them because other work on the
// machine moves every figure.
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { io, type Socket } from "socket.io-client";
import { freePort } from "../tests/support/child-server.ts";
import {
  BENCH_SECRET,
  besideRaw,
  comparison,
  load,
  loadAverage,
  type RecordFigure,
  spawnNode,
  stop,
} from "./pg-figures.ts";
import { withScratchDatabase } from "./scratch-database.ts";
import { projectId, seedTeam, TEAM } from "./seed-team.ts";

const CHANGES = 50;
const GAP_MS = 150;
/** How long after a change a member's notice may still arrive before it counts as lost. */
const LATE_MS = 5_000;

/** The cookie Better Auth would have set for session token `token`. */
const cookieOf = (token: string) =>
  `better-auth.session_token=${encodeURIComponent(
    `${token}.${createHmac("sha256", BENCH_SECRET).update(token).digest("base64")}`,
  )}`;
const memberCookie = (n: number) => cookieOf(`bench-team-session-${n}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export async function teamLoadFigures(record: RecordFigure, o: { seconds?: number; rounds?: number } = {}) {
  const seconds = o.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const rounds = o.rounds ?? Number(process.env.BENCH_ROUNDS ?? 3);
  await withScratchDatabase("team_load", async (database, url) => {
    await seedTeam(database.db);
    await database.db.execute(sql`
      insert into session (id, token, user_id, expires_at)
      select 'bench-team-' || i, 'bench-team-session-' || i, 'u' || i, now() + interval '1 day'
      from generate_series(1, ${TEAM.members}) i`);

    const [port, rawPort] = [await freePort(), await freePort()];
    const kairo = `http://127.0.0.1:${port}`;
    const raw = `http://127.0.0.1:${rawPort}`;
    const dataDir = mkdtempSync(join(tmpdir(), "kairo-bench-team-"));
    const servers = [
      spawnNode("src/server/main.ts", {
        PORT: String(port),
        PUBLIC_URL: kairo,
        KAIRO_DATA_DIR: dataDir,
        DATABASE_URL: url,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        RATE_LIMIT_DISABLED: "true",
        BETTER_AUTH_SECRET: BENCH_SECRET,
      }),
      spawnNode("bench/raw-baseline.ts", {
        PORT: String(rawPort),
        DATABASE_URL: url,
        BETTER_AUTH_SECRET: BENCH_SECRET,
      }),
    ];
    const sockets: Socket[] = [];
    try {
      const cookie = memberCookie(2);
      const target = await comparison({ kairo, raw, cookie, servers, rounds, seconds });
      const scale = `a member of a team of ${TEAM.members}, ${TEAM.tasks.toLocaleString("en")} tasks in ${TEAM.projects} projects`;
      for (const [label, path] of [
        [
          `a project's task list (first 100 of its 400), ${scale}`,
          `/api/tasks?projectId=${projectId(1)}&limit=100`,
        ],
        [`"Assigned to me" (first 100), ${scale}`, "/api/tasks?assignee=me&limit=100"],
      ] as const) {
        const r = await besideRaw(record, target, label, path);
        record(`  ${label.split(",")[0]}: Kairo's p99, median of rounds (goal < 50 ms)`, `${r.kairoP99} ms`);
      }
      await stop(servers.pop()!);

      // 1b. The same project list while another member changes one of its tasks every second: each
      // change retires the kept page (decision 320), so the next read reads the project again.
      {
        const changer = memberCookie(3);
        const open = (await (
          await fetch(`${kairo}/api/tasks?projectId=${projectId(1)}&status=todo&limit=${seconds + 5}`, {
            headers: { cookie: changer },
          })
        ).json()) as { tasks: Array<{ id: string }> };
        let changes = 0;
        let running = true;
        const churn = (async () => {
          for (const task of open.tasks) {
            if (!running) break;
            await sleep(1_000);
            const res = await fetch(`${kairo}/api/tasks/${task.id}`, {
              method: "PATCH",
              headers: { cookie: changer, origin: kairo, "content-type": "application/json" },
              body: JSON.stringify({ title: `Renamed during the load ${changes + 1}` }),
            });
            await res.text();
            if (res.ok) changes += 1;
          }
        })();
        const r = await load(
          `${kairo}/api/tasks?projectId=${projectId(1)}&limit=100`,
          cookie,
          seconds,
          servers[0]!.pid,
        );
        running = false;
        await churn;
        record(
          `  a project's task list with one of its tasks changed every second (${changes} changes), Kairo: req/s, p50 / p99 ms`,
          `${r.rps}, ${r.p50} / ${r.p99}${r.errors ? `, ${r.errors} errors` : ""}  [${loadAverage()}]`,
        );
      }

      // 2. Every member watching; one of them changes a task of the project.
      const arrivals = new Map<string, number[]>();
      for (let n = 1; n <= TEAM.members; n += 1) {
        const socket = io(kairo, {
          path: "/socket.io",
          transports: ["websocket"],
          extraHeaders: { cookie: memberCookie(n) },
          reconnection: false,
        });
        socket.on("projects:changed", (e: { taskId?: string; reason: string }) => {
          if (e.taskId) arrivals.get(e.taskId)?.push(performance.now());
        });
        sockets.push(socket);
      }
      await Promise.all(
        sockets.map(
          (s) =>
            new Promise<void>((resolve, reject) => {
              if (s.connected) return resolve();
              s.once("connect", () => resolve());
              s.once("connect_error", reject);
            }),
        ),
      );
      const page = (await (
        await fetch(`${kairo}/api/tasks?projectId=${projectId(1)}&status=todo&limit=${CHANGES}`, {
          headers: { cookie },
        })
      ).json()) as { tasks: Array<{ id: string; version: number }> };
      if (page.tasks.length < CHANGES) throw new Error(`only ${page.tasks.length} open tasks to change`);
      const latencies: number[] = [];
      let lost = 0;
      const cpuBefore = process.cpuUsage();
      for (const [i, task] of page.tasks.entries()) {
        arrivals.set(task.id, []);
        const sent = performance.now();
        const res = await fetch(`${kairo}/api/tasks/${task.id}`, {
          method: "PATCH",
          headers: { cookie, origin: kairo, "content-type": "application/json" },
          body: JSON.stringify({ title: `Changed ${i + 1}`, version: task.version }),
        });
        if (!res.ok) throw new Error(`PATCH ${res.status}: ${await res.text()}`);
        await res.text();
        await sleep(GAP_MS);
        const got = arrivals.get(task.id)!;
        // The sender's own tab is among the 100: it also hears of the change.
        if (got.length < TEAM.members) await sleep(LATE_MS);
        lost += TEAM.members - got.length;
        latencies.push(...got.map((t) => t - sent));
      }
      const cpu = process.cpuUsage(cpuBefore);
      latencies.sort((a, b) => a - b);
      record(
        `a change in a project reaching its ${TEAM.members} watching members (request sent → projects:changed received), ${CHANGES} changes: p50 / p99 ms (goal p99 < 250)`,
        `${quantile(latencies, 0.5).toFixed(1)} / ${quantile(latencies, 0.99).toFixed(1)}, ${lost} lost  [${loadAverage()}]`,
      );
      record(
        "  the bench's own CPU while receiving (all 100 sockets in one process), ms per change",
        ((cpu.user + cpu.system) / 1000 / CHANGES).toFixed(1),
      );
    } finally {
      for (const s of sockets) s.close();
      for (const s of servers) await stop(s);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await teamLoadFigures((name, value) => console.info(`${name.padEnd(72)} ${value}`));
}
