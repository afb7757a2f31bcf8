// Why each block is where it is, and why a task is not (fully) planned, as structured reasons.

import type { PlanContext, TaskState } from "./plan-context.ts";
import type { Timeline, TimelineBlock } from "./timeline.ts";
import type { Reason } from "./types.ts";
import { MINUTE_MS, overlapMinutes } from "./working-time.ts";

/** What took the focus hours of the block's day: a busy item's label or another task's title. */
function focusTakenBy(ctx: PlanContext, tl: Timeline, block: TimelineBlock): string | null {
  const day = tl.dayOf(block.start);
  if (!day?.focus.length) return null;
  for (const f of day.focus) {
    const busy = ctx.busyLabelled.find((b) => overlapMinutes(b, f) > 0);
    if (busy) return busy.label || "a busy time";
    const other = day.blocks.find((b) => b.task !== block.task && overlapMinutes(b, f) > 0);
    if (other) return ctx.tasks[other.task]!.task.title;
  }
  return null;
}

export function blockReasons(
  ctx: PlanContext,
  tl: Timeline,
  block: TimelineBlock,
  own: readonly TimelineBlock[],
): Reason[] {
  const t = ctx.tasks[block.task]!;
  const reasons: Reason[] = [];
  if (block.kind === "pinned") reasons.push({ code: "pinned" });
  if (block.kind === "kept") reasons.push({ code: "kept" });
  if (t.deadline !== null) reasons.push({ code: "deadline", params: { deadline: t.deadline * MINUTE_MS } });
  reasons.push({ code: "priority", params: { priority: t.task.priority } });
  const o = t.task.occurrence;
  if (o) reasons.push({ code: "occurrence", params: { repeats: o.repeats, due: o.due } });
  if (block.kind === "pinned") return reasons;
  if (t.demanding) {
    const focus = ctx.focus.reduce((s, f) => s + overlapMinutes(f, block), 0);
    if (focus * 2 >= block.end - block.start) reasons.push({ code: "focusHours" });
    else {
      const by = focusTakenBy(ctx, tl, block);
      const day = tl.dayOf(block.start);
      if (by && day) reasons.push({ code: "focusTaken", params: { by, weekday: day.weekday } });
    }
  }
  if (block.kind === "placed" && !t.demanding) reasons.push({ code: "firstFreeTime" });
  if (block.kind === "reserved")
    reasons.push({ code: "reservedBeforeDeadline", params: { deadline: (t.deadline ?? 0) * MINUTE_MS } });
  if (t.notBefore === block.start && own[0] === block)
    reasons.push({ code: "notBefore", params: { notBefore: t.notBefore * MINUTE_MS } });
  if (own.length > 1)
    reasons.push({ code: "split", params: { part: own.indexOf(block) + 1, parts: own.length } });
  return reasons;
}

export function unplacedReason(ctx: PlanContext, t: TaskState): Reason {
  if (t.notBefore >= ctx.horizonEnd)
    return { code: "notBeforeAfterHorizon", params: { notBefore: t.notBefore * MINUTE_MS } };
  if (t.deadline !== null && t.deadline <= ctx.origin)
    return { code: "deadlinePassed", params: { deadline: t.deadline * MINUTE_MS } };
  if (t.deadline !== null && t.deadline <= ctx.horizonEnd)
    return { code: "noRoomBeforeDeadline", params: { deadline: t.deadline * MINUTE_MS } };
  return { code: "noRoomInHorizon", params: { days: ctx.days.length } };
}
