// `node bench/insights.ts [pglite|postgres|both] [calls]`: the whole AI insights computation for the
// heavy account (bench/seed-heavy-user.ts: 5,000 tasks, 50,000 time logs) with the built-in
// provider, in process on a quiet server: Refresh Insights (everything computed, nothing cached) and
// a cached read, median of `calls`. `npm run bench` runs it too. Prints figures, asserts nothing.
import { BASE as base, openHeavyKairo } from "./in-process-heavy.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function insightsFigures(kind: "pglite" | "postgres", calls = 15) {
  const { kairo, cookie, headers, close } = await openHeavyKairo(kind, "insights");
  try {
    const { app } = kairo;
    const time = async (path: string, init: RequestInit = {}) => {
      const t0 = performance.now();
      const res = await app.request(base + path, { ...init, headers: { cookie, ...headers } });
      await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t0;
    };
    const refresh = () =>
      time("/api/ai-insights/refresh", { method: "POST", body: JSON.stringify({ tz: "UTC" }) });
    const read = () => time("/api/ai-insights?tz=UTC");
    for (let i = 0; i < 3; i++) await refresh(); // warm-up (plans, JIT)
    const generated: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < calls; i++) {
      generated.push(await refresh());
      cached.push(await read());
    }
    return { generated: median(generated), cached: median(cached) };
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2] ?? "both";
  const calls = Number(process.argv[3] ?? 15);
  for (const kind of ["pglite", "postgres"] as const) {
    if (which !== "both" && which !== kind) continue;
    const r = await insightsFigures(kind, calls);
    console.info(
      `AI insights, heavy account, ${kind}, in process: generated / cached, median of ${calls} (ms, target < 100)  ${r.generated.toFixed(1)} / ${r.cached.toFixed(1)}`,
    );
  }
}
