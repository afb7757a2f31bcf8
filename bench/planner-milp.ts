// The exact optimum of a bench week, for the planner bench only: the planning problem as a
// mixed-integer program over 15-minute slots, solved by HiGHS (the `highs` package, WebAssembly).
//
//   x[j,k] = 1 when task j has slot k (only slots of free working time at or after its "not before");
//   y[k]   = the slot is used;  u[j] = unplanned slots of j;  m[j] = j misses its deadline.
//   minimise   Σ cost(j,k)·x[j,k] + Σ unplannedCost(j)·u[j] + Σ MISSED·w[j]·m[j]
//   subject to one task per slot; Σ_k x[j,k] + u[j] = slots of j; the daily cap; a 15-minute buffer
//              between different tasks (x[j,k] + y[k+1] − x[j,k+1] ≤ 1); runs of a task at most the
//              longest block (8 slots) and, for tasks of 2 slots or more, at least 2 slots; and
//              Σ_{k before d_j} x[j,k] + p_j·m[j] ≥ p_j.
// cost(j,k) is the planner's own blockCost over the slot, so both sides are scored by one function.

import loadHighs from "highs";
import {
  blockCost,
  deadlineCounts,
  OBJECTIVE_WEIGHTS,
  unplannedMinuteCost,
} from "../src/shared/domain/planner/objective.ts";
import { buildContext } from "../src/shared/domain/planner/plan-context.ts";
import { Timeline } from "../src/shared/domain/planner/timeline.ts";
import type { PlannerInput } from "../src/shared/domain/planner/types.ts";
import { MINUTE_MS } from "../src/shared/domain/planner/working-time.ts";

const SLOT = 15;

export type ExactResult = {
  status: string;
  /** The best plan's objective: the optimum when proven. */
  objective: number;
  /** The solver's proven lower bound (equal to the objective, within HiGHS's 0.01% gap, when proven). */
  bound: number;
  proven: boolean;
  blocks: { taskId: string; start: number; end: number }[];
  seconds: number;
};

type Highs = Awaited<ReturnType<typeof loadHighs>>;
let highsPromise: Promise<Highs> | null = null;
const highs = () => {
  highsPromise ??= loadHighs();
  return highsPromise;
};

const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(9));

/**
 * Solves a bench week. `start` (Kairo's plan) is given to the solver as its first solution, so the
 * search begins from it; the answer is never worse than the start.
 */
export async function exactOptimum(
  input: PlannerInput,
  timeLimitSeconds = 60,
  start: readonly { taskId: string; start: number; end: number }[] = [],
): Promise<ExactResult> {
  const ctx = buildContext(input);
  if ("ok" in ctx) throw new Error(ctx.message);
  if (ctx.buffer !== SLOT || ctx.minBlock > 2 * SLOT || ctx.maxBlock % SLOT)
    throw new Error("bench model needs a 15-minute buffer");
  const maxRun = ctx.maxBlock / SLOT;
  const tl = new Timeline(ctx.days, ctx.busy, ctx.origin, ctx.buffer, ctx.grid, ctx.capFor);
  type Slot = { start: number; day: number; prevAdjacent: boolean };
  const slots: Slot[] = [];
  for (const d of tl.days)
    for (const s of d.base)
      for (let t = Math.ceil(s.start / SLOT) * SLOT; t + SLOT <= s.end; t += SLOT) {
        const prev = slots[slots.length - 1];
        slots.push({ start: t, day: d.index, prevAdjacent: !!prev && prev.start + SLOT === t });
      }

  const obj: string[] = [];
  const rows: string[] = [];
  const binaries: string[] = [];
  const bounds: string[] = [];
  const x = (j: number, k: number) => `x_${j}_${k}`;
  const has = ctx.tasks.map((t) => slots.map((s) => s.start >= t.notBefore));
  const W = OBJECTIVE_WEIGHTS;

  ctx.tasks.forEach((t, j) => {
    const o = ctx.objective.tasks[j]!;
    const p = t.minutes / SLOT;
    const terms: string[] = [];
    slots.forEach((s, k) => {
      if (!has[j]![k]) return;
      obj.push(`${num(blockCost(ctx.objective.ctx, o, s.start, s.start + SLOT))} ${x(j, k)}`);
      binaries.push(x(j, k));
      terms.push(x(j, k));
    });
    obj.push(`${num(unplannedMinuteCost(ctx.objective.ctx, o) * SLOT)} u_${j}`);
    bounds.push(`0 <= u_${j} <= ${p}`);
    rows.push(`task_${j}: ${terms.length ? `${terms.join(" + ")} + ` : ""}u_${j} = ${p}`);
    if (deadlineCounts(ctx.objective.ctx, o)) {
      const before = slots
        .map((s, k) => (has[j]![k] && s.start + SLOT <= o.deadline! ? x(j, k) : null))
        .filter(Boolean);
      obj.push(`${num(W.missed * o.weight)} m_${j}`);
      binaries.push(`m_${j}`);
      rows.push(`miss_${j}: ${before.length ? `${before.join(" + ")} + ` : ""}${p} m_${j} >= ${p}`);
    }
    // Runs: at most the longest block, at least 2 slots for a task of 2 slots or more.
    slots.forEach((s, k) => {
      if (!has[j]![k]) return;
      let run = 1;
      while (run <= maxRun && k + run < slots.length && slots[k + run]!.prevAdjacent && has[j]![k + run])
        run++;
      if (run > maxRun)
        rows.push(
          `maxrun_${j}_${k}: ${Array.from({ length: maxRun + 1 }, (_, i) => x(j, k + i)).join(" + ")} <= ${maxRun}`,
        );
      if (p >= 2) {
        const prev = s.prevAdjacent && has[j]![k - 1] ? x(j, k - 1) : null;
        const next = slots[k + 1]?.prevAdjacent && has[j]![k + 1] ? x(j, k + 1) : null;
        const around = [prev, next]
          .filter(Boolean)
          .map((v) => ` - ${v}`)
          .join("");
        rows.push(`minrun_${j}_${k}: ${x(j, k)}${around} <= 0`);
      }
    });
  });
  slots.forEach((_, k) => {
    const users = ctx.tasks.map((_, j) => j).filter((j) => has[j]![k]);
    rows.push(`used_${k}: ${users.map((j) => x(j, k)).join(" + ")}${users.length ? " - " : ""}y_${k} = 0`);
    bounds.push(`0 <= y_${k} <= 1`);
    if (k + 1 < slots.length && slots[k + 1]!.prevAdjacent)
      for (const j of users) {
        const same = has[j]![k + 1] ? ` - ${x(j, k + 1)}` : "";
        rows.push(`buf_${j}_${k}: ${x(j, k)} + y_${k + 1}${same} <= 1`);
      }
  });
  for (const d of tl.days) {
    const ys = slots.map((s, k) => (s.day === d.index ? `y_${k}` : null)).filter(Boolean);
    if (ys.length) rows.push(`cap_${d.index}: ${ys.join(" + ")} <= ${Math.floor(d.cap / SLOT)}`);
  }

  const lp = [
    "Minimize",
    ` obj: ${obj.join(" + ").replaceAll("+ -", "- ")}`,
    "Subject To",
    ...rows.map((r) => ` ${r}`),
    "Bounds",
    ...bounds.map((b) => ` ${b}`),
    "Binary",
    ` ${binaries.join(" ")}`,
    "End",
  ].join("\n");

  const h = await highs();
  const t0 = performance.now();
  return h.withModel({ format: "lp", data: lp }, (model) => {
    model.options.set({
      output_flag: process.env.HIGHS_LOG === "1",
      log_to_console: process.env.HIGHS_LOG === "1",
      time_limit: timeLimitSeconds,
    });
    if (start.length) {
      const value = new Map<string, number>();
      const placed = ctx.tasks.map(() => 0);
      const used = new Set<number>();
      for (const b of start) {
        const j = ctx.taskIndex.get(b.taskId)!;
        slots.forEach((sl, k) => {
          if (sl.start >= b.start / MINUTE_MS && sl.start + SLOT <= b.end / MINUTE_MS && has[j]![k]) {
            value.set(x(j, k), 1);
            placed[j]! += 1;
            used.add(k);
          }
        });
      }
      ctx.tasks.forEach((t, j) => {
        value.set(`u_${j}`, t.minutes / SLOT - placed[j]!);
        const o = ctx.objective.tasks[j]!;
        if (deadlineCounts(ctx.objective.ctx, o)) {
          const before = slots.filter((sl, k) => value.get(x(j, k)) && sl.start + SLOT <= o.deadline!).length;
          value.set(`m_${j}`, before >= t.minutes / SLOT ? 0 : 1);
        }
      });
      for (const k of used) value.set(`y_${k}`, 1);
      const n = model.getDimensions().numCols;
      model.setSolution({
        colValue: Array.from({ length: n }, (_, i) => value.get(model.getColName(i)) ?? 0),
      });
    }
    model.run();
    const seconds = (performance.now() - t0) / 1000;
    const status = model.getModelStatus();
    const statusName =
      Object.entries(h.constants.modelStatus).find(([, v]) => v === status)?.[0] ?? String(status);
    const values = model.getSolution().colValue;
    const blocks: ExactResult["blocks"] = [];
    ctx.tasks.forEach((t, j) => {
      let open: { start: number; end: number } | null = null;
      slots.forEach((s, k) => {
        if (!has[j]![k]) return;
        const on = (values[model.getColByName(x(j, k))] ?? 0) > 0.5;
        if (on && open && open.end === s.start) open.end += SLOT;
        else if (on) {
          if (open)
            blocks.push({ taskId: t.task.id, start: open.start * MINUTE_MS, end: open.end * MINUTE_MS });
          open = { start: s.start, end: s.start + SLOT };
        }
      });
      if (open) {
        const o = open as { start: number; end: number };
        blocks.push({ taskId: t.task.id, start: o.start * MINUTE_MS, end: o.end * MINUTE_MS });
      }
    });
    const proven = statusName.toLowerCase().includes("optimal");
    const bound = Number(model.info.get("mip_dual_bound"));
    return {
      status: statusName,
      objective: model.getObjectiveValue(),
      bound: proven ? model.getObjectiveValue() : bound,
      proven,
      blocks,
      seconds,
    };
  });
}
