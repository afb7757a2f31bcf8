// Kairo's planner: a pure, deterministic function from tasks, busy time, working preferences and the
// clock to blocks with reasons (docs/decisions/180-planner-objective.md, 181-planner-stability.md).
//
// One run has three passes over a Timeline of free time:
//   1. fixed blocks: pins, then (on a re-plan) the previous plan's blocks that are still valid;
//   2. reservations: deadline work is reserved as late as it can go (a backward sweep that, at each
//      point, takes the task whose "not before" is latest), which proves the deadlines that can be met
//      and keeps that proof while the rest is planned;
//   3. dispatch: walking forward through free time, each gap goes to the most valuable task (priority
//      weight, demanding work in focus hours); work done early releases its own reservations.
// When a plan misses a deadline, a few other ways of choosing the deadlines to protect are run and the
// cheapest plan kept; a local improvement pass then trades blocks between tasks while the objective
// falls (decision 316).
// A re-plan runs twice, repairing the previous plan and planning anew, and keeps the repair unless it
// misses a deadline the new plan meets or costs clearly more.

import {
  blockCost,
  deadlineCounts,
  OBJECTIVE_WEIGHTS,
  type ObjectiveValue,
  objectiveOf,
  unplannedMinuteCost,
} from "./objective.ts";
import { buildContext, type PlanContext, type TaskState } from "./plan-context.ts";
import { blockReasons, unplacedReason } from "./plan-reasons.ts";
import { atRiskOf, suggestionFor } from "./plan-suggestions.ts";
import { blockLength, Timeline, type TimelineBlock, type TimelineDay } from "./timeline.ts";
import type { FixedBlock, Plan, PlannedBlock, PlannerInput, Reason, Refusal, UnplacedTask } from "./types.ts";
import {
  checkFixedBlock,
  checkPinSet,
  validateHorizon,
  validatePreferences,
  validateTasks,
} from "./validate-input.ts";
import { MINUTE_MS, type Span } from "./working-time.ts";

const toMinute = (ms: number) => Math.round(ms / MINUTE_MS);

function checkPins(ctx: PlanContext): Refusal | null {
  const title = (id: string) => ctx.tasks[ctx.taskIndex.get(id)!]?.task.title ?? id;
  const inHorizon = ctx.pins.filter(
    (p) => p.end / MINUTE_MS > ctx.days[0]!.start && p.start / MINUTE_MS < ctx.horizonEnd,
  );
  for (const p of inHorizon) {
    const bad = checkFixedBlock({ days: ctx.days, busy: ctx.input.busy, zone: ctx.zone, title }, p);
    if (bad) return bad;
  }
  return checkPinSet(
    inHorizon,
    ctx.zone,
    title,
    () => ctx.capFor(ctx.days[0]!),
    (id) => ctx.tasks[ctx.taskIndex.get(id)!]!.minutes,
  );
}

function newTimeline(ctx: PlanContext): Timeline {
  return new Timeline(ctx.days, ctx.busy, ctx.origin, ctx.buffer, ctx.grid, ctx.capFor);
}

function placeFixed(ctx: PlanContext, tl: Timeline, done: number[], previous: readonly FixedBlock[] | null) {
  for (const p of ctx.pins) {
    const s = toMinute(p.start);
    const e = toMinute(p.end);
    const day = tl.dayOf(s);
    if (!day) continue;
    const task = ctx.taskIndex.get(p.taskId)!;
    tl.add(day, { task, start: s, end: e, kind: "pinned", ...(p.id ? { previousId: p.id } : {}) });
    done[task] = (done[task] ?? 0) + (e - s);
  }
  if (!previous) return;
  const pinIds = new Set(ctx.pins.map((p) => p.id).filter(Boolean));
  const sorted = [...previous].sort((a, b) => a.start - b.start || a.taskId.localeCompare(b.taskId));
  for (const p of sorted) {
    const task = ctx.taskIndex.get(p.taskId);
    if (task === undefined || (p.id && pinIds.has(p.id))) continue;
    const t = ctx.tasks[task]!;
    const s = toMinute(p.start);
    let e = toMinute(p.end);
    const rem = t.minutes - (done[task] ?? 0);
    if (rem <= 0 || s < t.notBefore || s % ctx.grid !== 0) continue;
    if (e - s > rem) {
      // The task needs less than before (done early, estimate cut): keep the start, shorten the block.
      if (rem < Math.min(ctx.minBlock, t.minutes) && rem !== t.minutes) continue;
      e = s + rem;
    }
    if (e - s !== rem && e - s < ctx.minBlock) continue;
    if (rem - (e - s) > 0 && rem - (e - s) < ctx.minBlock) continue;
    const day = tl.dayOf(s);
    if (!day || !tl.fits(day, s, e)) continue;
    tl.add(day, { task, start: s, end: e, kind: "kept", ...(p.id ? { previousId: p.id } : {}) });
    done[task] = (done[task] ?? 0) + (e - s);
  }
}

/** The latest free span of the timeline starting before `t`, cut at `t`, on a day with cap left. */
function latestFreeBefore(tl: Timeline, t: number, fromDay: number): { day: TimelineDay; span: Span } | null {
  for (let i = fromDay; i >= 0; i--) {
    const day = tl.days[i]!;
    if (day.start >= t || day.cap - day.used <= 0) continue;
    const free = tl.free(day);
    for (let k = free.length - 1; k >= 0; k--) {
      const s = free[k]!;
      if (s.start < t) return { day, span: { start: s.start, end: Math.min(s.end, t) } };
    }
  }
  return null;
}

/** Minutes after the horizon at which the objective counts unplanned work as done (decision 180). */
const AFTER_HORIZON = OBJECTIVE_WEIGHTS.unplannedAfterHorizonHours * 60;

/**
 * When a task's work must be done to be on time as far as this plan can tell: its deadline, or the
 * horizon's end for a deadline in the day after it (work left out of the plan counts as done then).
 */
const dueBy = (ctx: PlanContext, t: TaskState) => Math.min(t.deadline!, ctx.horizonEnd);

/** Reserves deadline work of `chosen` as late as it can go; returns the tasks it could not reserve whole. */
function reserveSet(
  ctx: PlanContext,
  tl: Timeline,
  chosen: readonly TaskState[],
  done: number[],
  reserved: number[],
) {
  const rem = ctx.tasks.map(() => 0);
  for (const c of chosen) rem[c.index] = Math.max(0, c.minutes - done[c.index]!);
  const active = chosen.filter((t) => rem[t.index]! > 0);
  if (!active.length) return [];
  // Each task's due minute on the grid, computed once; `open` loses a task once it is reserved whole
  // (the choice below is a total order, so the list's order does not matter).
  const due = new Map(active.map((a) => [a.index, Math.floor(dueBy(ctx, a) / ctx.grid) * ctx.grid]));
  let t = Math.max(...active.map((a) => dueBy(ctx, a)));
  let dayIdx = tl.days.length - 1;
  const open = [...active];
  while (open.length) {
    while (dayIdx > 0 && tl.days[dayIdx]!.start >= t) dayIdx--;
    const found = latestFreeBefore(tl, t, dayIdx);
    if (!found) break;
    const { day, span } = found;
    const capLeft = day.cap - day.used;
    let best: { a: TaskState; end: number; len: number } | null = null;
    for (const a of open) {
      const end = Math.min(span.end, due.get(a.index)!);
      if (best && end < best.end) continue;
      const start = Math.max(span.start, a.notBefore);
      if (end <= start) continue;
      if (
        best &&
        end === best.end &&
        !(
          a.notBefore > best.a.notBefore ||
          (a.notBefore === best.a.notBefore &&
            (a.weight < best.a.weight || (a.weight === best.a.weight && a.index > best.a.index)))
        )
      )
        continue;
      const len = blockLength(
        rem[a.index]!,
        Math.min(end - start, capLeft),
        ctx.minBlock,
        ctx.maxBlock,
        ctx.grid,
      );
      if (len) best = { a, end, len };
    }
    if (!best) {
      t = span.start;
      continue;
    }
    // A task that cannot start as early becomes due inside this block: stop the block at its
    // deadline so the sweep can give it that time (earliest-deadline-first, run backwards).
    let cut = Number.NEGATIVE_INFINITY;
    for (const o of open) {
      const d = due.get(o.index)!;
      if (o !== best.a && o.notBefore > best.a.notBefore && d < best.end && d > best.end - best.len)
        cut = Math.max(cut, d);
    }
    if (cut > Number.NEGATIVE_INFINITY) {
      const len = blockLength(rem[best.a.index]!, best.end - cut, ctx.minBlock, ctx.maxBlock, ctx.grid);
      if (len) best.len = len;
    }
    tl.add(day, { task: best.a.index, start: best.end - best.len, end: best.end, kind: "reserved" });
    rem[best.a.index]! -= best.len;
    reserved[best.a.index]! += best.len;
    t = best.end - best.len;
    if (rem[best.a.index]! <= 0) open.splice(open.indexOf(best.a), 1);
  }
  return active.filter((a) => rem[a.index]! > 0);
}

function clearReservations(tl: Timeline, reserved: number[]) {
  for (const day of tl.days) for (const b of [...day.blocks]) if (b.kind === "reserved") tl.remove(day, b);
  reserved.fill(0);
}

/**
 * Chooses the deadlines to protect, then reserves their work. Deadlines that cannot all be met give
 * way like Moore and Hodgson's rule, weighted: going by deadline, when the work due so far exceeds
 * the free time before it, the task with the least weight per minute is let go. The sweep then
 * checks the choice with the real block rules and lets go of what it still cannot place.
 */
/**
 * How the deadlines to protect are chosen: which measure lets a deadline go first ("worth": what
 * keeping it saves in the objective, per minute; "density": weight per minute), and tasks whose
 * deadline is kept whatever the measure says (the repair pass of planWork).
 */
export type ReserveChoice = {
  measure: "worth" | "density";
  /** When reservations fail, let go among every task reserved before the deadline, not only the failed. */
  rivals: boolean;
  protect: ReadonlySet<number>;
};

const DEFAULT_CHOICE: ReserveChoice = { measure: "worth", rivals: true, protect: new Set() };
/** The other ways of choosing tried when the first plan misses a deadline, in this order. */
const OTHER_CHOICES: readonly ReserveChoice[] = [
  { measure: "worth", rivals: false, protect: new Set() },
  { measure: "density", rivals: false, protect: new Set() },
  { measure: "density", rivals: true, protect: new Set() },
];

function reserve(
  ctx: PlanContext,
  tl: Timeline,
  done: number[],
  reserved: number[],
  choice: ReserveChoice = DEFAULT_CHOICE,
) {
  const due = ctx.tasks
    .filter(
      (t) => t.deadline !== null && t.deadline > ctx.origin && t.deadline <= ctx.horizonEnd + AFTER_HORIZON,
    )
    .filter((t) => t.minutes - done[t.index]! > 0)
    .sort((a, b) => dueBy(ctx, a) - dueBy(ctx, b) || a.index - b.index);
  if (!due.length) return;
  const capacityBefore = (until: number) => {
    let sum = 0;
    for (const day of tl.days) {
      if (day.start >= until) break;
      let free = 0;
      for (const s of tl.free(day)) free += Math.max(0, Math.min(s.end, until) - s.start);
      sum += Math.min(free, day.cap - day.used);
    }
    return sum;
  };
  // What keeping a deadline is worth per minute of its work: a deadline inside the horizon costs
  // MISSED·w when missed; one in the day after it only the lateness of its work (decision 180).
  const counts = (t: TaskState) => t.deadline! > ctx.origin && t.deadline! <= ctx.horizonEnd;
  const worth = (t: TaskState) => {
    const left = t.minutes - done[t.index]!;
    const value = counts(t)
      ? OBJECTIVE_WEIGHTS.missed * t.weight
      : (t.weight *
          OBJECTIVE_WEIGHTS.late *
          left *
          Math.max(0, ctx.horizonEnd + AFTER_HORIZON - t.deadline!)) /
        3600;
    return choice.measure === "worth" ? value / left : t.weight / t.minutes;
  };
  /** The chosen task to let go first: the least worth, protected ones only when nothing else is left. */
  const leastWorth = (list: readonly TaskState[]) => {
    let worst = -1;
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      if (worst < 0) {
        worst = i;
        continue;
      }
      const w = list[worst]!;
      const pa = choice.protect.has(a.index);
      const pw = choice.protect.has(w.index);
      if (pa !== pw ? pw : worth(a) < worth(w)) worst = i;
    }
    return worst;
  };
  const chosen: TaskState[] = [];
  let load = 0;
  for (const t of due) {
    chosen.push(t);
    load += t.minutes - done[t.index]!;
    const capacity = capacityBefore(dueBy(ctx, t));
    while (load > capacity && chosen.length) {
      const [gone] = chosen.splice(leastWorth(chosen), 1);
      load -= gone!.minutes - done[gone!.index]!;
    }
  }
  for (let round = 0; round < 50; round++) {
    const failed = reserveSet(ctx, tl, chosen, done, reserved);
    if (!failed.length) return;
    // What could not be reserved gave its time to the tasks reserved before its deadline: the least
    // worth among them and it goes (a deadline after the horizon before one inside it), not
    // necessarily the one left without room.
    const until = Math.max(...failed.map((f) => dueBy(ctx, f)));
    const before = new Set<number>();
    for (const b of tl.allBlocks()) if (b.kind === "reserved" && b.start < until) before.add(b.task);
    const rivals = choice.rivals
      ? [...failed, ...chosen.filter((c) => before.has(c.index) && !failed.includes(c))]
      : failed;
    clearReservations(tl, reserved);
    const worst = rivals[leastWorth(rivals)]!;
    chosen.splice(chosen.indexOf(worst), 1);
  }
  clearReservations(tl, reserved);
}

function inFocusMostly(ctx: PlanContext, start: number, end: number): boolean {
  let sum = 0;
  for (const f of ctx.focus) {
    if (f.start >= end) break;
    if (f.end > start) sum += Math.min(end, f.end) - Math.max(start, f.start);
  }
  return sum * 2 >= end - start;
}

/** Gives back `need` minutes of a task's future reservations, latest first. */
function releaseReservations(tl: Timeline, task: number, after: number, need: number, reserved: number[]) {
  for (const r of futureReservations(tl, task, after)) {
    if (need <= 0) break;
    const day = tl.dayOf(r.start)!;
    const len = r.end - r.start;
    if (len <= need) {
      tl.remove(day, r);
      reserved[task]! -= len;
      need -= len;
    } else {
      // Keep the reservation's earlier part; a part shorter than the shortest block is given up whole.
      const keep = len - need;
      tl.remove(day, r);
      reserved[task]! -= len;
      if (keep > 0) {
        const kept: TimelineBlock = { ...r, end: r.start + keep };
        tl.add(day, kept);
        reserved[task]! += keep;
      }
      need = 0;
    }
  }
}

/** Reservations the forward walk has passed are final: their minutes count as done. */
function settlePassed(day: TimelineDay, before: number, done: number[], reserved: number[]) {
  for (const b of day.blocks) {
    if (b.kind !== "reserved" || b.settled || b.start >= before) continue;
    b.settled = true;
    done[b.task]! += b.end - b.start;
    reserved[b.task]! -= b.end - b.start;
  }
}

type Pick = { t: TaskState; start: number; len: number; score: number };

/** Lower is better: start at once before idling, then value, then the earlier deadline, then input order. */
function better(a: Pick, b: Pick, gapStart: number): boolean {
  const idleA = a.start > gapStart;
  const idleB = b.start > gapStart;
  if (idleA !== idleB) return !idleA;
  if (idleA && a.start !== b.start) return a.start < b.start;
  if (a.score !== b.score) return a.score > b.score;
  const da = a.t.deadline ?? Number.POSITIVE_INFINITY;
  const db = b.t.deadline ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da < db;
  return a.t.index < b.t.index;
}

function futureReservations(tl: Timeline, task: number, after: number): TimelineBlock[] {
  return tl
    .allBlocks()
    .filter((b) => b.task === task && b.kind === "reserved" && !b.settled && b.start >= after)
    .sort((a, b) => b.start - a.start);
}

/** Whether exactly `need` minutes can be given back, latest first, leaving no part under `minBlock`. */
function canRelease(future: readonly TimelineBlock[], need: number, minBlock: number): boolean {
  let left = need;
  for (const r of future) {
    if (left === 0) return true;
    const len = r.end - r.start;
    if (len <= left) left -= len;
    else return len - left >= minBlock;
  }
  return left === 0;
}

const FOCUS_WAIT_MINUTES = (OBJECTIVE_WEIGHTS.offFocus / OBJECTIVE_WEIGHTS.delay) * 60;

/** The start of the next free focus time after `after` long enough for a block, on a day with cap left. */
function nextFocusRoom(ctx: PlanContext, tl: Timeline, after: number): number | null {
  for (const day of tl.days) {
    if (day.end <= after || !day.focus.length || day.cap - day.used < ctx.minBlock) continue;
    if (day.start - after > FOCUS_WAIT_MINUTES) return null;
    for (const s of tl.free(day))
      for (const f of day.focus) {
        const start = Math.max(s.start, f.start, after);
        if (Math.min(s.end, f.end) - start >= ctx.minBlock) return start;
      }
  }
  return null;
}

function dispatch(ctx: PlanContext, tl: Timeline, done: number[], reserved: number[]) {
  let cursor = ctx.origin;
  for (const day of tl.days) {
    if (day.end <= cursor) continue;
    for (;;) {
      const capLeft = day.cap - day.used;
      if (capLeft < ctx.grid) break;
      const span = tl.free(day).find((s) => s.end > cursor);
      if (!span) break;
      const a = Math.max(span.start, cursor);
      const b = span.end;
      settlePassed(day, a, done, reserved);
      const focusNext = inFocusMostly(ctx, a, Math.min(b, a + ctx.minBlock)) ? a : nextFocusRoom(ctx, tl, a);
      const excluded = new Set<number>();
      let placed = false;
      for (;;) {
        let best: Pick | null = null;
        for (const t of ctx.tasks) {
          if (excluded.has(t.index)) continue;
          const left = t.minutes - done[t.index]!;
          if (left <= 0) continue;
          const start = Math.max(a, t.notBefore);
          if (start >= b) continue;
          const len = blockLength(left, Math.min(b - start, capLeft), ctx.minBlock, ctx.maxBlock, ctx.grid);
          if (!len) continue;
          // Past its deadline, an hour's wait costs 101 times what it costs otherwise (decision 180).
          let score = t.deadline !== null && t.deadline <= start ? t.weight * 101 : t.weight;
          if (t.demanding) {
            const inFocus = inFocusMostly(ctx, start, start + len);
            // Demanding work waits for focus time that is free soon enough to be worth the wait
            // (the objective's trade: an hour outside focus costs as much as waiting FOCUS_WAIT).
            if (
              !inFocus &&
              focusNext !== null &&
              focusNext - start < FOCUS_WAIT_MINUTES &&
              (t.deadline === null || focusNext + left <= t.deadline)
            )
              continue;
            score *= inFocus ? 1.5 : 0.7;
          }
          const pick = { t, start, len, score };
          if (!best || better(pick, best, a)) best = pick;
        }
        if (!best) break;
        const { t, start } = best;
        const left = t.minutes - done[t.index]!;
        const unreserved = left - reserved[t.index]!;
        const future = futureReservations(tl, t.index, start);
        // Work done now gives back reservations of the same task; the block is as long as what can
        // be given back exactly, so no reservation is left shorter than the shortest block.
        let len = best.len;
        for (; len > 0; len -= ctx.grid) {
          const shape = len === left || (len >= ctx.minBlock && left - len >= ctx.minBlock);
          if (shape && (len <= unreserved || canRelease(future, len - unreserved, ctx.minBlock))) break;
        }
        if (len <= 0) {
          excluded.add(t.index);
          continue;
        }
        if (len > unreserved) releaseReservations(tl, t.index, start, len - unreserved, reserved);
        tl.add(day, { task: t.index, start, end: start + len, kind: "placed" });
        done[t.index]! += len;
        cursor = start + len;
        placed = true;
        break;
      }
      if (!placed) cursor = b;
    }
    settlePassed(day, Number.POSITIVE_INFINITY, done, reserved);
  }
}

/**
 * Bounds of the improvement pass (decision 316): rounds over all blocks, and moves weighed in all,
 * so its time stays bounded whatever the number of tasks and blocks.
 */
export const IMPROVE_LIMITS = { rounds: 3, evaluations: 8000 } as const;

/**
 * A deterministic local improvement of a finished run (decision 316): blocks the planner placed
 * (not pinned or kept) trade tasks while the objective falls. Two blocks of the same length swap
 * their tasks, or a block goes to a task with as many minutes still unplanned. Lengths, places,
 * buffers and the day's use stay as they are, so every rule of the plan still holds; a task's
 * "not before", its estimate and the shortest block of a task are checked for the move.
 */
function improve(ctx: PlanContext, tl: Timeline) {
  const o = ctx.objective;
  const movable = (b: TimelineBlock) => b.kind === "placed" || b.kind === "reserved";
  const own: TimelineBlock[][] = ctx.tasks.map(() => []);
  for (const b of tl.allBlocks()) own[b.task]!.push(b);
  const planned = own.map((list) => list.reduce((sum, b) => sum + b.end - b.start, 0));
  let evaluations = 0;
  /** A task's share of the objective with its blocks `blocks` (less `skip`, plus `extra`). */
  const cost = (
    task: number,
    blocks: readonly TimelineBlock[],
    minutes: number,
    skip: TimelineBlock | null = null,
    extra: { start: number; end: number } | null = null,
  ) => {
    evaluations++;
    const t = o.tasks[task]!;
    let c = 0;
    let lastEnd = Number.NEGATIVE_INFINITY;
    for (const b of blocks) {
      if (b === skip) continue;
      c += blockCost(o.ctx, t, b.start, b.end);
      if (b.end > lastEnd) lastEnd = b.end;
    }
    if (extra) {
      c += blockCost(o.ctx, t, extra.start, extra.end);
      if (extra.end > lastEnd) lastEnd = extra.end;
    }
    const left = Math.max(0, t.minutes - minutes);
    c += left * unplannedMinuteCost(o.ctx, t);
    if (deadlineCounts(o.ctx, t) && (left > 0 || lastEnd > t.deadline!))
      c += OBJECTIVE_WEIGHTS.missed * t.weight;
    return c;
  };
  const current = own.map((list, i) => cost(i, list, planned[i]!));
  const allowed = (task: number, b: TimelineBlock, len: number, total: number) => {
    const t = ctx.tasks[task]!;
    if (b.start < t.notBefore || total > t.minutes) return false;
    return len >= ctx.minBlock || len === t.minutes;
  };
  const without = (list: readonly TimelineBlock[], b: TimelineBlock) => list.filter((x) => x !== b);
  const moveTo = (b: TimelineBlock, task: number) => {
    own[b.task] = without(own[b.task]!, b);
    planned[b.task]! -= b.end - b.start;
    b.task = task;
    b.kind = "placed";
    own[task]!.push(b);
    planned[task]! += b.end - b.start;
  };
  for (let round = 0; round < IMPROVE_LIMITS.rounds; round++) {
    let changed = false;
    const blocks = tl
      .allBlocks()
      .filter(movable)
      .sort((a, b) => a.start - b.start);
    // Tasks with minutes still unplanned: the only ones a block can go to.
    const waiting = ctx.tasks.filter((t) => planned[t.index]! < t.minutes).map((t) => t.index);
    for (let i = 0; i < blocks.length && evaluations < IMPROVE_LIMITS.evaluations; i++) {
      const a = blocks[i]!;
      const lenA = a.end - a.start;
      // A block to a task with unplanned minutes.
      let best: { task: number; gain: number; ca: number; cb: number } | null = null;
      const ca = cost(a.task, own[a.task]!, planned[a.task]! - lenA, a);
      for (const k of waiting) {
        if (k === a.task || !allowed(k, a, lenA, planned[k]! + lenA)) continue;
        const cb = cost(k, own[k]!, planned[k]! + lenA, null, a);
        const gain = current[a.task]! + current[k]! - ca - cb;
        if (gain > 1e-9 && (!best || gain > best.gain)) best = { task: k, gain, ca, cb };
      }
      if (best) {
        const from = a.task;
        moveTo(a, best.task);
        current[from] = best.ca;
        current[best.task] = best.cb;
        changed = true;
        continue;
      }
      // Two blocks of the same length trade tasks.
      for (let j = i + 1; j < blocks.length; j++) {
        const b = blocks[j]!;
        if (b.task === a.task || b.end - b.start !== lenA) continue;
        const ta = a.task;
        const tb = b.task;
        if (!allowed(tb, a, lenA, planned[tb]!) || !allowed(ta, b, lenA, planned[ta]!)) continue;
        const ca = cost(ta, own[ta]!, planned[ta]!, a, b);
        const cb = cost(tb, own[tb]!, planned[tb]!, b, a);
        if (current[ta]! + current[tb]! - ca - cb <= 1e-9) continue;
        moveTo(a, tb);
        moveTo(b, ta);
        current[ta] = ca;
        current[tb] = cb;
        changed = true;
        break;
      }
    }
    if (!changed) break;
  }
}

function run(
  ctx: PlanContext,
  previous: readonly FixedBlock[] | null,
  choice: ReserveChoice = DEFAULT_CHOICE,
): RunState {
  const tl = newTimeline(ctx);
  const done = ctx.tasks.map(() => 0);
  const reserved = ctx.tasks.map(() => 0);
  placeFixed(ctx, tl, done, previous);
  reserve(ctx, tl, done, reserved, choice);
  dispatch(ctx, tl, done, reserved);
  const blocks = tl
    .allBlocks()
    .map((b) => ({ taskId: ctx.tasks[b.task]!.task.id, start: b.start, end: b.end }));
  return { tl, done, reserved, value: objectiveOf(ctx.objective.ctx, ctx.objective.tasks, blocks) };
}

/**
 * Runs of the planner a repair pass may add (decision 316): at most `max`, and taskBudget / (n + 1)
 * for n tasks, so a week of 40 tasks gets 4, 200 tasks or more none.
 */
export const REPAIR_RUNS = { max: 8, taskBudget: 200 } as const;

const cheaper = (a: RunState, b: RunState) =>
  a.value.total < b.value.total - 1e-9 ||
  (Math.abs(a.value.total - b.value.total) <= 1e-9 && a.value.missed.length < b.value.missed.length);

/**
 * The best of a few deterministic runs (decision 316): both measures for letting a deadline go, then,
 * for each deadline the best plan still misses (highest weight first), a run that keeps it whatever
 * the measure says, kept when the objective falls. The number of extra runs falls with the number of
 * tasks (REPAIR_RUNS).
 */
function bestRun(ctx: PlanContext): RunState & { choice: ReserveChoice } {
  const budget = Math.min(REPAIR_RUNS.max, Math.floor(REPAIR_RUNS.taskBudget / (ctx.tasks.length + 1)));
  let choice: ReserveChoice = DEFAULT_CHOICE;
  let best = run(ctx, null, choice);
  let runs = 0;
  for (const other of OTHER_CHOICES) {
    if (runs >= budget || !best.value.missed.length) break;
    const alt = run(ctx, null, other);
    runs++;
    if (cheaper(alt, best)) {
      best = alt;
      choice = other;
    }
  }
  const tried = new Set<string>();
  while (runs < budget && best.value.missed.length) {
    const next = best.value.missed
      .filter((id) => !tried.has(id))
      .map((id) => ctx.tasks[ctx.taskIndex.get(id)!]!)
      .sort((a, b) => b.weight - a.weight || a.index - b.index)[0];
    if (!next) break;
    tried.add(next.task.id);
    const attempt: ReserveChoice = { ...choice, protect: new Set([...choice.protect, next.index]) };
    const state = run(ctx, null, attempt);
    runs++;
    if (cheaper(state, best)) {
      best = state;
      choice = attempt;
    }
  }
  return { ...polish(ctx, best), choice };
}

/** The run after the improvement pass, with its objective read again. */
function polish(ctx: PlanContext, state: RunState): RunState {
  improve(ctx, state.tl);
  const blocks = state.tl
    .allBlocks()
    .map((b) => ({ taskId: ctx.tasks[b.task]!.task.id, start: b.start, end: b.end }));
  return { ...state, value: objectiveOf(ctx.objective.ctx, ctx.objective.tasks, blocks) };
}

/** How much more a repaired plan may cost than a new one before the new one wins (decision 181). */
export const REPAIR_TOLERANCE = { ratio: 1.1, absolute: 1 } as const;

type RunState = { tl: Timeline; done: number[]; reserved: number[]; value: ObjectiveValue };

function finalise(ctx: PlanContext, state: RunState, stability: Plan["stability"], notes: Reason[]): Plan {
  const { tl } = state;
  const all = tl.allBlocks().sort((a, b) => a.start - b.start);
  const byTask = new Map<number, TimelineBlock[]>();
  for (const b of all) {
    const list = byTask.get(b.task);
    if (list) list.push(b);
    else byTask.set(b.task, [b]);
  }
  // Blocks that continue an earlier event carry its id, so write-back moves the event.
  const prevByTask = new Map<string, string[]>();
  const usedIds = new Set(all.map((b) => b.previousId).filter(Boolean));
  for (const p of [...(ctx.input.previous ?? [])].sort((a, b) => a.start - b.start)) {
    if (!p.id || usedIds.has(p.id)) continue;
    const list = prevByTask.get(p.taskId);
    if (list) list.push(p.id);
    else prevByTask.set(p.taskId, [p.id]);
  }
  const blocks: PlannedBlock[] = [];
  for (const b of all) {
    const t = ctx.tasks[b.task]!;
    const own = byTask.get(b.task)!;
    let previousId = b.previousId;
    if (!previousId) previousId = prevByTask.get(t.task.id)?.shift();
    blocks.push({
      taskId: t.task.id,
      start: b.start * MINUTE_MS,
      end: b.end * MINUTE_MS,
      part: own.indexOf(b) + 1,
      parts: own.length,
      ...(previousId ? { previousId } : {}),
      pinned: b.kind === "pinned",
      reasons: blockReasons(ctx, tl, b, own),
    });
  }
  const unplaced: UnplacedTask[] = [];
  for (const t of ctx.tasks) {
    const planned = (byTask.get(t.index) ?? []).reduce((s, b) => s + b.end - b.start, 0);
    const missing = t.minutes - planned;
    if (missing <= 0) continue;
    unplaced.push({
      taskId: t.task.id,
      minutes: missing,
      reason: unplacedReason(ctx, t),
      suggestion: suggestionFor(ctx, tl, t, missing, planned),
    });
  }
  const taskNotes: Record<string, Reason[]> = {};
  const plannedEstimate: Record<string, number> = {};
  for (const t of ctx.tasks) {
    if (t.notes.length) taskNotes[t.task.id] = t.notes;
    plannedEstimate[t.task.id] = t.minutes;
  }
  const dailyCap: Record<string, number> = {};
  for (const d of tl.days) dailyCap[d.date] = d.cap;
  const released = (ctx.input.pinned ?? []).filter((p) => !ctx.taskIndex.has(p.taskId));
  const planNotes: Reason[] = [...notes];
  if (ctx.capNote) planNotes.unshift(ctx.capNote);
  for (const p of released)
    planNotes.push({ code: "pinReleased", params: { taskId: p.taskId, ...(p.id ? { blockId: p.id } : {}) } });
  return {
    ok: true,
    blocks,
    unplaced,
    atRisk: atRiskOf(ctx, tl, byTask, state.value),
    notes: planNotes,
    taskNotes,
    plannedEstimate,
    dailyCap,
    stability,
  };
}

/**
 * Plans the open tasks into the person's free time over the horizon. A refusal (bad preferences,
 * horizon, tasks or pins) plans nothing.
 */
export function planWork(input: PlannerInput): Plan | Refusal {
  const bad = validatePreferences(input.preferences) ?? validateHorizon(input) ?? validateTasks(input);
  if (bad) return bad;
  const ctx = buildContext(input);
  if ("ok" in ctx) return ctx;
  const pinProblem = checkPins(ctx);
  if (pinProblem) return pinProblem;

  const fresh = bestRun(ctx);
  const previous = (input.previous ?? []).filter((p) => ctx.taskIndex.has(p.taskId));
  if (!previous.length) return finalise(ctx, fresh, "fresh", []);
  const repaired = polish(ctx, run(ctx, previous, fresh.choice));
  const worse =
    repaired.value.missed.length > fresh.value.missed.length ||
    repaired.value.total > fresh.value.total * REPAIR_TOLERANCE.ratio + REPAIR_TOLERANCE.absolute;
  if (!worse) return finalise(ctx, repaired, "repaired", []);
  return finalise(ctx, fresh, "replanned", [
    {
      code: "replanned",
      params: { missedAvoided: repaired.value.missed.length - fresh.value.missed.length },
    },
  ]);
}
