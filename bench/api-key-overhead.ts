// Issue 26 point 8: what a personal API key adds to a request's server time beside the same request
// made with a cookie. Kairo is built in this process (bench/in-process-heavy.ts, an empty account on
// the Team plan), and the same /api/v1 calls are made through the app, one with the session cookie
// and one with `Authorization: Bearer <key>`, alternating so that drift and garbage collection fall on
// both alike. Two figures: the median of the paired differences of wall-clock time, and (steadier on
// a busy machine) the CPU time per call in this process and in PostgreSQL's server processes, over
// blocks of calls made one way then the other, the key's blocks including the audit rows written
// behind their answers (decision 300). Prints figures, asserts nothing.
// Alone: `node bench/api-key-overhead.ts [postgres|pglite] [pairs]`.
import type pg from "pg";
import { BASE, openHeavyKairo } from "./in-process-heavy.ts";
import { cpuMsOf } from "./process-measures.ts";

type RecordFigure = (name: string, value: string) => void;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU microseconds used by this process and the database's server processes while `fn` runs. */
async function cpuOf(fn: () => Promise<void>, admin: pg.Client | null, dbName: string) {
  const pids = async () =>
    admin
      ? new Map(
          (await admin.query("select pid from pg_stat_activity where datname = $1", [dbName])).rows.map(
            (r: { pid: number }) => [r.pid, cpuMsOf(r.pid, 0)],
          ),
        )
      : new Map<number, number>();
  const db0 = await pids();
  const cpu0 = process.cpuUsage();
  await fn();
  const cpu = process.cpuUsage(cpu0);
  let dbMs = 0;
  for (const [pid, ms] of await pids()) dbMs += ms - (db0.get(pid) ?? 0);
  return cpu.user + cpu.system + dbMs * 1000;
}

export async function apiKeyOverhead(kind: "pglite" | "postgres", pairs = 2000) {
  const { kairo, cookie, headers, close, admin, dbName } = await openHeavyKairo(kind, "apikey", {
    seed: false,
  });
  try {
    const { app } = kairo;
    const call = async (method: string, path: string, h: Record<string, string>, body?: unknown) => {
      const res = await app.request(`${BASE}${path}`, {
        method,
        headers: { ...h, ...(body ? { "content-type": "application/json", origin: BASE } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return text ? JSON.parse(text) : null;
    };
    // The Team plan (keys are a Team feature), bought through the local payment provider.
    const checkout = await call(
      "POST",
      "/api/billing/checkout",
      { cookie },
      {
        plan: "team",
        quantity: 2,
        billing: "monthly",
        successUrl: `${BASE}/dashboard`,
        cancelUrl: `${BASE}/dashboard`,
      },
    );
    const checkoutId = new URL(checkout.url).pathname.split("/").pop();
    await call("POST", `/api/billing/checkout-sessions/${checkoutId}/pay`, { ...headers, cookie });
    const key = await call(
      "POST",
      "/api/developer/keys",
      { cookie },
      {
        name: "Bench",
        scopes: ["tasks:read"],
        expiresInDays: 30,
      },
    );
    const task = await call("POST", "/api/tasks", { cookie }, { title: "Bench task", category: "General" });
    const byCookie = { cookie };
    const byKey = { authorization: `Bearer ${key.secret as string}` };

    const figures: Array<{
      path: string;
      cookie: number;
      key: number;
      added: number;
      cookieCpu: number;
      keyCpu: number;
    }> = [];
    for (const path of ["/api/v1/me", `/api/v1/tasks/${task.id as string}`]) {
      const time = async (h: Record<string, string>) => {
        const t0 = performance.now();
        await call("GET", path, h);
        return performance.now() - t0;
      };
      for (let i = 0; i < 200; i++) {
        await time(byCookie);
        await time(byKey);
      }
      const c: number[] = [];
      const k: number[] = [];
      const d: number[] = [];
      for (let i = 0; i < pairs; i++) {
        // Alternate which goes first, so neither always meets a warmer cache.
        let a: number;
        let b: number;
        if (i % 2) {
          a = await time(byCookie);
          b = await time(byKey);
        } else {
          b = await time(byKey);
          a = await time(byCookie);
        }
        c.push(a);
        k.push(b);
        d.push(b - a);
      }
      // CPU per call: blocks of 200 calls one way, then the other (the key's with its audit rows).
      const block = 200;
      const cookieCpu: number[] = [];
      const keyCpu: number[] = [];
      const writer = kairo.deps.apiWriter!;
      for (let round = 0; round < 10; round++) {
        const run = (h: Record<string, string>) => async () => {
          for (let i = 0; i < block; i++) await call("GET", path, h);
          await writer.drain();
        };
        const pgAdmin = kind === "postgres" ? admin : null;
        cookieCpu.push((await cpuOf(run(byCookie), pgAdmin, dbName)) / block);
        keyCpu.push((await cpuOf(run(byKey), pgAdmin, dbName)) / block);
      }
      figures.push({
        path: path.replace(task.id as string, "{id}"),
        cookie: median(c),
        key: median(k),
        added: median(d),
        cookieCpu: median(cookieCpu) / 1000,
        keyCpu: median(keyCpu) / 1000,
      });
    }
    return figures;
  } finally {
    await close();
  }
}

export async function apiKeyOverheadFigures(
  record: RecordFigure,
  kinds: ("pglite" | "postgres")[] = ["postgres"],
) {
  for (const kind of kinds) {
    for (const f of await apiKeyOverhead(kind)) {
      record(
        `GET ${f.path}, API key beside cookie, ${kind}, in process: cookie / key / added, median wall (ms, target added < 0.2)`,
        `${f.cookie.toFixed(3)} / ${f.key.toFixed(3)} / ${f.added.toFixed(3)}`,
      );
      record(
        `GET ${f.path}, API key beside cookie, ${kind}: CPU per call, server + database: cookie / key / added (ms)`,
        `${f.cookieCpu.toFixed(3)} / ${f.keyCpu.toFixed(3)} / ${(f.keyCpu - f.cookieCpu).toFixed(3)}`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = process.argv[2] === "pglite" ? "pglite" : "postgres";
  const pairs = Number(process.argv[3] ?? 2000);
  for (const f of await apiKeyOverhead(kind, pairs)) {
    console.info(
      `${kind} GET ${f.path}: wall cookie ${f.cookie.toFixed(3)} ms, key ${f.key.toFixed(3)} ms, added ${f.added.toFixed(3)} ms (median of ${pairs} pairs); CPU per call cookie ${f.cookieCpu.toFixed(3)} ms, key ${f.keyCpu.toFixed(3)} ms, added ${(f.keyCpu - f.cookieCpu).toFixed(3)} ms`,
    );
  }
}
