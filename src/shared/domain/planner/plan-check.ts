// The rules every plan keeps, checked from the input alone: the property tests hold the planner to
// them, the bench holds the exact solver's plans to them, and a server may check a plan before it is
// accepted. Returns what is broken, in words; empty when the plan is sound.

import { buildContext } from "./plan-context.ts";
import type { PlannerInput } from "./types.ts";
import { MINUTE_MS, overlapMinutes } from "./working-time.ts";

export type CheckedBlock = { taskId: string; start: number; end: number; pinned?: boolean };

export function planViolations(input: PlannerInput, blocks: readonly CheckedBlock[]): string[] {
  const ctx = buildContext(input);
  if ("ok" in ctx) return [`input refused: ${ctx.code}`];
  const out: string[] = [];
  const sorted = [...blocks].sort((a, b) => a.start - b.start);
  const perDay = new Map<string, number>();
  const perTask = new Map<string, number>();
  for (let i = 0; i < sorted.length; i++) {
    const b = sorted[i]!;
    const s = b.start / MINUTE_MS;
    const e = b.end / MINUTE_MS;
    const name = `${b.taskId} ${new Date(b.start).toISOString()}-${new Date(b.end).toISOString()}`;
    if (!(e > s)) out.push(`${name}: empty`);
    const t = ctx.tasks[ctx.taskIndex.get(b.taskId) ?? -1];
    if (!t) {
      out.push(`${name}: not an open task`);
      continue;
    }
    const day = ctx.days.find((d) => s >= d.start && s < d.end);
    if (!day?.working.some((w) => s >= w.start && e <= w.end)) out.push(`${name}: outside working hours`);
    if (day?.lunch && overlapMinutes(day.lunch, { start: s, end: e }) > 0) out.push(`${name}: over lunch`);
    if (ctx.busy.some((x) => overlapMinutes(x, { start: s, end: e }) > 0))
      out.push(`${name}: over busy time`);
    if (!b.pinned) {
      if (s < ctx.origin) out.push(`${name}: in the past`);
      if (s < t.notBefore) out.push(`${name}: before its "not before"`);
      if (
        ctx.busy.some(
          (x) =>
            overlapMinutes({ start: x.start - ctx.buffer, end: x.end + ctx.buffer }, { start: s, end: e }) >
            0,
        )
      )
        out.push(`${name}: inside the buffer around busy time`);
      if (e - s > ctx.maxBlock) out.push(`${name}: longer than the longest block`);
      if (e - s < ctx.minBlock && e - s !== t.minutes) out.push(`${name}: shorter than the shortest block`);
    }
    const next = sorted[i + 1];
    if (next && next.start < b.end) out.push(`${name}: overlaps another block`);
    else if (next && next.start / MINUTE_MS < e + ctx.buffer && !b.pinned && !next.pinned)
      out.push(`${name}: closer than the buffer to the next block`);
    if (day) perDay.set(day.date, (perDay.get(day.date) ?? 0) + (e - s));
    perTask.set(b.taskId, (perTask.get(b.taskId) ?? 0) + (e - s));
  }
  for (const [date, minutes] of perDay) {
    const day = ctx.days.find((d) => d.date === date)!;
    if (minutes > ctx.capFor(day)) out.push(`${date}: ${minutes} minutes planned, over the cap`);
  }
  for (const [taskId, minutes] of perTask) {
    const t = ctx.tasks[ctx.taskIndex.get(taskId)!]!;
    if (minutes > t.minutes)
      out.push(`${taskId}: ${minutes} minutes planned, over its ${t.minutes}-minute estimate`);
  }
  return out;
}
