// The smallest change that would let an unplanned task fit, and the deadlines at risk. Each
// suggestion is checked against the finished plan: with that one change, the missing minutes fit in
// time the plan leaves free, without moving any planned block.

import { PLANNER_DEFAULTS } from "./defaults.ts";
import type { ObjectiveValue } from "./objective.ts";
import type { PlanContext, TaskState } from "./plan-context.ts";
import { blockLength, type Timeline, type TimelineBlock, type TimelineDay } from "./timeline.ts";
import type { AtRisk, Suggestion } from "./types.ts";
import { MINUTE_MS } from "./working-time.ts";

const up = (m: number, grid: number) => Math.ceil(m / grid) * grid;

/** Minutes a day's working end must move for `missing` minutes to fit at its end; null if it cannot. */
function extensionFor(
  ctx: PlanContext,
  tl: Timeline,
  day: TimelineDay,
  t: TaskState,
  missing: number,
): number | null {
  if (!day.working.length || day.cap - day.used < missing) return null;
  const workEnd = day.working[day.working.length - 1]!.end;
  if (workEnd <= ctx.origin) return null;
  const occupied = [
    ...day.blocks.map((b) => ({ start: b.start - ctx.buffer, end: b.end + ctx.buffer })),
    ...ctx.busy.map((b) => ({ start: b.start - ctx.buffer, end: b.end + ctx.buffer })),
    ...(day.lunch ? [day.lunch] : []),
  ];
  const tail = tl.free(day).find((s) => s.end === Math.floor(workEnd / ctx.grid) * ctx.grid);
  let start = Math.max(tail ? tail.start : workEnd, t.notBefore, ctx.origin);
  for (let moved = true; moved; ) {
    moved = false;
    for (const o of occupied)
      if (start >= o.start && start < o.end) {
        start = o.end;
        moved = true;
      }
  }
  start = up(start, ctx.grid);
  const parts = Math.ceil(missing / ctx.maxBlock);
  const end = start + missing + (parts - 1) * ctx.buffer;
  const minutes = up(end - workEnd, ctx.grid);
  if (minutes <= 0 || minutes > PLANNER_DEFAULTS.maxExtensionMinutes || workEnd + minutes > day.end)
    return null;
  if (t.deadline !== null && end > t.deadline) return null;
  if (occupied.some((o) => o.start < end && o.end > start)) return null;
  return minutes;
}

/** Where the missing minutes would end if planned into the plan's free time with no deadline. */
function finishWithoutDeadline(ctx: PlanContext, tl: Timeline, t: TaskState, missing: number): number | null {
  let rem = missing;
  const pos = Math.max(ctx.origin, t.notBefore);
  for (const day of tl.days) {
    if (day.end <= pos) continue;
    let capLeft = day.cap - day.used;
    for (const s of tl.free(day)) {
      let at = Math.max(s.start, pos);
      while (at < s.end && capLeft > 0) {
        const len = blockLength(rem, Math.min(s.end - at, capLeft), ctx.minBlock, ctx.maxBlock, ctx.grid);
        if (!len) break;
        rem -= len;
        capLeft -= len;
        if (rem === 0) return at + len;
        at += len + ctx.buffer;
      }
    }
  }
  return null;
}

export function suggestionFor(
  ctx: PlanContext,
  tl: Timeline,
  t: TaskState,
  missing: number,
  planned: number,
  /** For a task planned whole but past its deadline: where its last block ends. */
  lateEnd: number | null = null,
): Suggestion | null {
  if (t.notBefore >= ctx.horizonEnd) return { kind: "leaveForLater", horizonDays: ctx.days.length };
  let extension: { day: TimelineDay; minutes: number } | null = null;
  for (const day of tl.days) {
    if (day.end <= Math.max(ctx.origin, t.notBefore)) continue;
    if (t.deadline !== null && day.start >= t.deadline) break;
    const minutes = extensionFor(ctx, tl, day, t, missing);
    if (minutes !== null && (!extension || minutes < extension.minutes)) extension = { day, minutes };
  }
  const extend: Suggestion | null = extension
    ? {
        kind: "extendDay",
        date: extension.day.date,
        minutes: extension.minutes,
        weekday: extension.day.weekday,
      }
    : null;
  if (extend && extension!.minutes <= 60) return extend;
  const dueInside = t.deadline !== null && t.deadline <= ctx.horizonEnd;
  if (!dueInside) return { kind: "leaveForLater", horizonDays: ctx.days.length };
  const finish = lateEnd ?? finishWithoutDeadline(ctx, tl, t, missing);
  if (finish !== null && t.deadline! > ctx.origin) {
    const day = tl.dayOf(finish - 1);
    if (day?.working.length) {
      const to = Math.max(finish, day.working[day.working.length - 1]!.end);
      return { kind: "moveDeadline", taskId: t.task.id, to: to * MINUTE_MS, date: day.date };
    }
  }
  if (extend) return extend;
  if (planned > 0) return { kind: "shortenEstimate", taskId: t.task.id, toMinutes: planned };
  return null;
}

/** Free minutes (within each day's cap) the plan leaves between its start and `until`. */
function slackBefore(ctx: PlanContext, tl: Timeline, until: number): number {
  let slack = 0;
  for (const day of tl.days) {
    if (day.start >= until) break;
    let free = 0;
    for (const s of tl.free(day)) free += Math.max(0, Math.min(s.end, until) - Math.max(s.start, ctx.origin));
    slack += Math.min(free, day.cap - day.used);
  }
  return slack;
}

export function atRiskOf(
  ctx: PlanContext,
  tl: Timeline,
  byTask: Map<number, TimelineBlock[]>,
  value: ObjectiveValue,
): AtRisk[] {
  const missed = new Set(value.missed);
  const high = ctx.input.estimateInterval?.high ?? 1;
  const out: AtRisk[] = [];
  for (const t of ctx.tasks) {
    if (t.deadline === null) continue;
    const deadline = t.deadline * MINUTE_MS;
    if (t.deadline <= Math.ceil(ctx.input.now / MINUTE_MS)) {
      out.push({ taskId: t.task.id, deadline, reason: { code: "overdue", params: { deadline } } });
      continue;
    }
    const blocks = byTask.get(t.index) ?? [];
    const planned = blocks.reduce((s, b) => s + b.end - b.start, 0);
    const late = blocks.some((b) => b.end > t.deadline!);
    if (missed.has(t.task.id) || (t.deadline <= ctx.horizonEnd && (planned < t.minutes || late))) {
      const before = blocks.reduce((s, b) => s + Math.max(0, Math.min(b.end, t.deadline!) - b.start), 0);
      const lastEnd = Math.max(...blocks.map((b) => b.end));
      out.push({
        taskId: t.task.id,
        deadline,
        reason: { code: "willMiss", params: { deadline, missingMinutes: t.minutes - before } },
        suggestion: suggestionFor(
          ctx,
          tl,
          t,
          t.minutes - before,
          before,
          planned === t.minutes ? lastEnd : null,
        ),
      });
      continue;
    }
    if (t.deadline > ctx.horizonEnd) continue;
    const raised = t.notes.some((n) => n.code === "estimateRaised");
    const extra = !raised && high > 1 ? up(t.minutes * high, ctx.grid) - t.minutes : 0;
    const need = Math.max(PLANNER_DEFAULTS.minSlackMinutes, extra);
    const slack = slackBefore(ctx, tl, t.deadline);
    if (slack < need)
      out.push({
        taskId: t.task.id,
        deadline,
        reason: { code: "littleSlack", params: { deadline, slackMinutes: slack } },
      });
  }
  return out;
}
