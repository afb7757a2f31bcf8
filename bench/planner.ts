// The planner bench (`node bench/planner.ts`, and part of `npm run bench`): Kairo's planner on 100
// generated weeks beside the exact optimum of each (bench/planner-milp.ts), its speed on 200 and
// 1,000 tasks over two weeks, and how many blocks move when one meeting moves. Prints, never asserts.

import { type ObjectiveValue, objectiveOf } from "../src/shared/domain/planner/objective.ts";
import { planViolations } from "../src/shared/domain/planner/plan-check.ts";
import { buildContext } from "../src/shared/domain/planner/plan-context.ts";
import { changedBlockCount, diffPlans } from "../src/shared/domain/planner/plan-diff.ts";
import { planWork } from "../src/shared/domain/planner/plan-work.ts";
import type { FixedBlock, Plan, PlannerInput } from "../src/shared/domain/planner/types.ts";
import { MINUTE_MS } from "../src/shared/domain/planner/working-time.ts";
import { generateWeek, moveOneMeeting } from "./planner-instances.ts";
import { exactOptimum } from "./planner-milp.ts";

type Record = (name: string, value: string) => void;

const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function plan(input: PlannerInput): Plan {
  const p = planWork(input);
  if (!p.ok) throw new Error(`bench week refused: ${p.message}`);
  return p;
}

export function scoreOf(
  input: PlannerInput,
  blocks: readonly { taskId: string; start: number; end: number }[],
): ObjectiveValue {
  const ctx = buildContext(input);
  if ("ok" in ctx) throw new Error(ctx.message);
  return objectiveOf(
    ctx.objective.ctx,
    ctx.objective.tasks,
    blocks.map((b) => ({ taskId: b.taskId, start: b.start / MINUTE_MS, end: b.end / MINUTE_MS })),
  );
}

export async function plannerFigures(
  record: Record,
  opts: { weeks?: number; firstWeek?: number; timeLimitSeconds?: number } = {},
) {
  // A subset to iterate on (PLANNER_FIRST_WEEK=21 PLANNER_WEEKS=20: weeks 21-40); the full run is 1-100.
  const weeks = opts.weeks ?? Number(process.env.PLANNER_WEEKS ?? 100);
  const firstWeek = opts.firstWeek ?? Number(process.env.PLANNER_FIRST_WEEK ?? 1);
  const seeds = Array.from({ length: weeks }, (_, i) => firstWeek + i);
  const ratios: number[] = [];
  const boundRatios: number[] = [];
  const solverSeconds: number[] = [];
  let moreMisses = 0;
  let missedMetByOptimum = 0;
  let unproven = 0;
  let broken = 0;
  let exactBroken = 0;
  let missesKairo = 0;
  let missesExact = 0;
  const worst: { seed: number; ratio: number }[] = [];
  for (const seed of seeds) {
    const { input } = generateWeek(seed);
    const p = plan(input);
    if (planViolations(input, p.blocks).length) broken++;
    const mine = scoreOf(input, p.blocks);
    const exact = await exactOptimum(
      input,
      opts.timeLimitSeconds ?? Number(process.env.PLANNER_SOLVER_SECONDS ?? 20),
      p.blocks,
    );
    solverSeconds.push(exact.seconds);
    if (!exact.proven) unproven++;
    if (planViolations(input, exact.blocks).length) exactBroken++;
    const theirs = scoreOf(input, exact.blocks);
    // Scored by the same function as Kairo's plan (the solver's own value agrees to rounding).
    const ratio = mine.total / theirs.total;
    ratios.push(ratio);
    boundRatios.push(mine.total / exact.bound);
    worst.push({ seed, ratio });
    missesKairo += mine.missed.length;
    missesExact += theirs.missed.length;
    if (mine.missed.length > theirs.missed.length) moreMisses++;
    if (mine.missed.some((id) => !theirs.missed.includes(id))) missedMetByOptimum++;
    // PLANNER_VERBOSE=1 prints each week, to find the outliers behind the figures.
    if (process.env.PLANNER_VERBOSE === "1")
      console.info(
        `week ${seed}: ${input.tasks.length} tasks, Kairo ${mine.total.toFixed(2)} missing [${mine.missed.join(" ")}], solver ${theirs.total.toFixed(2)} missing [${theirs.missed.join(" ")}]${exact.proven ? " (proven)" : ""}, ratio ${ratio.toFixed(4)}`,
      );
  }
  worst.sort((a, b) => b.ratio - a.ratio);
  record(
    `planner objective / best plan the exact solver found, ${weeks} weeks from week ${firstWeek}: mean (goal <= 1.05)`,
    mean(ratios).toFixed(4),
  );
  record(
    "planner objective / the solver's proven lower bound: mean / median / max (the true ratio lies between)",
    `${mean(boundRatios).toFixed(4)} / ${quantile(boundRatios, 0.5).toFixed(4)} / ${Math.max(...boundRatios).toFixed(4)}`,
  );
  record(
    "planner objective / best plan found: median / p90 / max",
    `${quantile(ratios, 0.5).toFixed(4)} / ${quantile(ratios, 0.9).toFixed(4)} / ${Math.max(...ratios).toFixed(4)} (week ${worst[0]!.seed})`,
  );
  record("weeks where Kairo misses more deadlines than the best plan found (goal 0)", String(moreMisses));
  record("weeks where Kairo misses a deadline the best plan found meets", String(missedMetByOptimum));
  record("missed deadlines in all weeks: Kairo / best plan found", `${missesKairo} / ${missesExact}`);
  record("plans breaking a rule: Kairo / exact solver", `${broken} / ${exactBroken}`);
  record("exact solver: weeks proven optimal within the time limit", `${weeks - unproven} of ${weeks}`);
  record(
    "exact solver time per week: median / max (s)",
    `${quantile(solverSeconds, 0.5).toFixed(2)} / ${Math.max(...solverSeconds).toFixed(2)}`,
  );

  // Speed: 200 tasks over two weeks, and 1,000 tasks over two weeks.
  const time = (input: PlannerInput) => {
    const t0 = performance.now();
    plan(input);
    return performance.now() - t0;
  };
  for (let i = 0; i < 5; i++) time(generateWeek(9000 + i, { taskCount: 200, days: 14 }).input);
  const t200 = Array.from({ length: 100 }, (_, i) =>
    time(generateWeek(10_000 + i, { taskCount: 200, days: 14 }).input),
  );
  record(
    "planner time, 200 tasks over two weeks, 100 plans: p50 / p99 (ms, goal p99 < 100)",
    `${quantile(t200, 0.5).toFixed(1)} / ${quantile(t200, 0.99).toFixed(1)}`,
  );
  const t1000 = Array.from({ length: 10 }, (_, i) =>
    time(generateWeek(20_000 + i, { taskCount: 1000, days: 14 }).input),
  );
  record(
    "planner time, 1,000 tasks over two weeks, 10 plans: p50 / max (ms, goal < 1000)",
    `${quantile(t1000, 0.5).toFixed(0)} / ${Math.max(...t1000).toFixed(0)}`,
  );

  // Stability: accept the plan, move one meeting, re-plan with the accepted plan as the previous one.
  const changed: number[] = [];
  const changedFresh: number[] = [];
  for (const seed of seeds) {
    const week = generateWeek(seed);
    const first = plan(week.input);
    const accepted: FixedBlock[] = first.blocks.map((b, i) => ({
      id: `b${i}`,
      taskId: b.taskId,
      start: b.start,
      end: b.end,
    }));
    const moved = moveOneMeeting(week, 1);
    const again = plan({ ...moved, previous: accepted });
    changed.push(changedBlockCount(diffPlans(accepted, again.blocks)));
    const fresh = plan(moved);
    changedFresh.push(changedBlockCount(diffPlans(accepted, fresh.blocks)));
  }
  record(
    "blocks changed when one meeting moves, re-plan: median / p90 / max (goal median <= 3)",
    `${quantile(changed, 0.5)} / ${quantile(changed, 0.9)} / ${Math.max(...changed)}`,
  );
  record(
    "the same, planning from scratch instead: median / p90 / max",
    `${quantile(changedFresh, 0.5)} / ${quantile(changedFresh, 0.9)} / ${Math.max(...changedFresh)}`,
  );
}

if (import.meta.main) {
  console.info(`node bench/planner.ts, ${new Date().toISOString()}`);
  await plannerFigures((name, value) => console.info(`${name.padEnd(90)} ${value}`));
}
