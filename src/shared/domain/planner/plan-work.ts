// Kairo's planner: a pure, deterministic function from tasks, busy time, working preferences and the
// clock to blocks with reasons (docs/decisions/180-planner-objective.md, 181-planner-stability.md).
//
// One run has three passes over a Timeline of free time:
//   1. fixed blocks: pins, then (on a re-plan) the previous plan's blocks that are still valid;
//   2. reservations: deadline work is reserved as late as it can go (a backward sweep that, at each
//      point, takes the task whose "not before" is latest), which proves the deadlines that can be met
//      and keeps that proof while the rest is planned; where buffers and block lengths leave the sweep
//      no room, a bounded search over forward orders of the blocks looks for a packing (decision 321);
//   3. dispatch: walking forward through free time, each gap goes to the most valuable task (priority
//      weight, demanding work in focus hours); work done early releases its own reservations.
// When a plan misses or lets go a deadline, a few other ways of choosing the deadlines to protect are
// run and the cheapest plan kept; each run gets a local improvement pass that trades blocks between
// tasks, grows blocks and fills free time while the objective falls (decisions 316, 317).
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
  packing: "no" | "same start" | "fill" = "no",
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
      const len = blockLength(
        rem[a.index]!,
        Math.min(end - start, capLeft),
        ctx.minBlock,
        ctx.maxBlock,
        ctx.grid,
      );
      if (!len) continue;
      if (best && end === best.end) {
        // The task that can start latest first, then the least weight. Packing (decision 317): the
        // task that uses more of this free time goes before the least weight ("same start") or
        // before all ("fill").
        const more =
          packing === "fill" || (packing === "same start" && a.notBefore === best.a.notBefore)
            ? len - best.len
            : 0;
        if (more < 0) continue;
        if (
          more === 0 &&
          !(
            a.notBefore > best.a.notBefore ||
            (a.notBefore === best.a.notBefore &&
              (a.weight < best.a.weight || (a.weight === best.a.weight && a.index > best.a.index)))
          )
        )
          continue;
      }
      best = { a, end, len };
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

/**
 * Bounds of the reservation search (decision 321): choices that differ from the greedy order, nodes
 * of one search, and nodes of all the searches of one run, so a plan's time stays bounded.
 */
export const SEARCH_LIMITS = { discrepancies: 3, nodes: 2000, perRun: 4000 } as const;

/**
 * Reserves deadline work of `chosen` walking forward through free time, by a search over block
 * orders (decision 321): the greedy order lays, at each point, the block of the task due first, as
 * long as it can be; limited discrepancy search then tries orders that differ from it in at most
 * SEARCH_LIMITS.discrepancies choices (another task, a shorter block, or waiting), fewest first,
 * pruned where the work due by a deadline exceeds the free time left before it. Tried when the
 * backward sweep and its packing retries cannot place every chosen task. Returns whether it placed
 * them all; on failure the timeline is as it was.
 */
function searchReservations(
  ctx: PlanContext,
  tl: Timeline,
  chosen: readonly TaskState[],
  done: number[],
  reserved: number[],
  budget: { nodes: number },
): boolean {
  const limit = Math.min(SEARCH_LIMITS.nodes, budget.nodes);
  if (limit <= 0) return false;
  const rem = ctx.tasks.map(() => 0);
  for (const c of chosen) rem[c.index] = Math.max(0, c.minutes - done[c.index]!);
  const open = chosen
    .filter((t) => rem[t.index]! > 0)
    .map((t) => ({ t, due: Math.floor(dueBy(ctx, t) / ctx.grid) * ctx.grid }))
    .sort((x, y) => x.due - y.due || y.t.weight - x.t.weight || x.t.index - y.t.index);
  if (!open.length) return true;
  let left = open.reduce((sum, o) => sum + rem[o.t.index]!, 0);
  const dues = [...new Set(open.map((o) => o.due))];
  const days = tl.days;
  const placed: { day: TimelineDay; block: TimelineBlock }[] = [];
  let nodes = 0;

  // Free time before each deadline on each day, within the day's cap, and summed over the days
  // after it: the search only adds blocks to the day it is on, so later days keep these figures.
  const roomOn = (day: TimelineDay, from: number, until: number) => {
    let free = 0;
    for (const f of tl.free(day)) {
      if (f.start >= until) break;
      free += Math.max(0, Math.min(f.end, until) - Math.max(f.start, from));
    }
    return Math.min(free, day.cap - day.used);
  };
  const roomAfter = days.map(() => dues.map(() => 0));
  for (let i = days.length - 2; i >= 0; i--)
    for (let k = 0; k < dues.length; k++)
      roomAfter[i]![k] = roomAfter[i + 1]![k]! + roomOn(days[i + 1]!, Number.NEGATIVE_INFINITY, dues[k]!);
  const need = dues.map(() => 0);
  const dueIndex = new Map(open.map((o) => [o.t.index, dues.indexOf(o.due)]));
  /** Whether, for every deadline, the work due by it fits the free time before it (cap included). */
  const bound = (dayIdx: number, from: number) => {
    need.fill(0);
    for (const o of open) {
      const r = rem[o.t.index]!;
      if (!r) continue;
      if (o.due <= from) return false;
      need[dueIndex.get(o.t.index)!]! += r;
    }
    let sum = 0;
    for (let k = 0; k < dues.length; k++) {
      sum += need[k]!;
      if (sum && roomOn(days[dayIdx]!, from, dues[k]!) + roomAfter[dayIdx]![k]! < sum) return false;
    }
    return true;
  };

  const dfs = (dayIdx: number, cursor: number, disc: number): boolean => {
    if (!left) return true;
    if (++nodes > limit) return false;
    let span: Span | undefined;
    for (; dayIdx < days.length; dayIdx++) {
      const day = days[dayIdx]!;
      if (day.cap - day.used >= ctx.grid)
        span = tl.free(day).find((f) => f.end - Math.max(f.start, cursor) >= ctx.grid);
      if (span) break;
      cursor = Number.NEGATIVE_INFINITY;
    }
    if (!span) return false;
    const day = days[dayIdx]!;
    const from = Math.max(span.start, cursor);
    if (!bound(dayIdx, from)) return false;
    const capLeft = day.cap - day.used;
    // Children in the greedy order: tasks by deadline, each block longest first; then waiting.
    let first = true;
    let wait = span.end;
    for (const o of open) {
      const r = rem[o.t.index]!;
      if (!r) continue;
      if (o.t.notBefore > from) {
        if (o.t.notBefore < wait) wait = o.t.notBefore;
        continue;
      }
      const room = Math.min(Math.min(span.end, o.due) - from, capLeft);
      for (let len = blockLength(r, room, ctx.minBlock, ctx.maxBlock, ctx.grid); len > 0; len -= ctx.grid) {
        if (len !== r && (len < ctx.minBlock || r - len < ctx.minBlock)) continue;
        const cost = first ? 0 : 1;
        first = false;
        if (disc < cost) return false;
        const block: TimelineBlock = { task: o.t.index, start: from, end: from + len, kind: "reserved" };
        tl.add(day, block);
        rem[o.t.index] = r - len;
        left -= len;
        if (dfs(dayIdx, from + len, disc - cost)) {
          placed.push({ day, block });
          return true;
        }
        tl.remove(day, block);
        rem[o.t.index] = r;
        left += len;
        if (nodes > limit) return false;
      }
    }
    // Waiting: to the next release inside this free span, or past it.
    const cost = first ? 0 : 1;
    if (disc < cost) return false;
    return dfs(dayIdx, wait > from ? wait : span.end, disc - cost);
  };

  for (let d = 0; d <= SEARCH_LIMITS.discrepancies && nodes <= limit; d++) {
    if (dfs(0, Number.NEGATIVE_INFINITY, d)) {
      budget.nodes -= nodes;
      for (const { block } of placed) reserved[block.task]! += block.end - block.start;
      return true;
    }
  }
  budget.nodes -= nodes;
  return false;
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
  /**
   * When reservations fail, whom to let go of: the least worth among the tasks that failed only,
   * among those and the tasks reserved before their deadline, or (decision 317) also the tasks
   * reserved before those tasks' deadlines, and so on.
   */
  rivals: "failed" | "before" | "chain";
  protect: ReadonlySet<number>;
  /**
   * Deadlines that cannot be met even alone: left out of the reservations, their work done first
   * once it may start ("skip"), or reserved with the rest, as before decision 321 ("keep"): failing,
   * they let go of work whose time they can then take.
   */
  hopeless?: "keep";
};

const DEFAULT_CHOICE: ReserveChoice = { measure: "worth", rivals: "chain", protect: new Set() };
/** The other ways of choosing tried when the first plan let a deadline go, in this order. */
const OTHER_CHOICES: readonly ReserveChoice[] = [
  { measure: "worth", rivals: "chain", protect: new Set(), hopeless: "keep" },
  { measure: "worth", rivals: "failed", protect: new Set() },
  { measure: "density", rivals: "failed", protect: new Set() },
  { measure: "density", rivals: "chain", protect: new Set() },
];
/** Tried last, when runs are left: decision 316's rivals, those reserved before the failed deadline only. */
const BEFORE_CHOICE: ReserveChoice = { measure: "worth", rivals: "before", protect: new Set() };

function reserve(
  ctx: PlanContext,
  tl: Timeline,
  done: number[],
  reserved: number[],
  choice: ReserveChoice = DEFAULT_CHOICE,
  search = true,
  hopeless: Set<number> = new Set(),
): { letGo: boolean; searched: boolean } {
  const candidates = ctx.tasks
    .filter(
      (t) => t.deadline !== null && t.deadline > ctx.origin && t.deadline <= ctx.horizonEnd + AFTER_HORIZON,
    )
    .filter((t) => t.minutes - done[t.index]! > 0);
  const capacityBetween = (from: number, until: number) => {
    let sum = 0;
    for (const day of tl.days) {
      if (day.start >= until) break;
      if (day.end <= from) continue;
      let free = 0;
      for (const s of tl.free(day)) free += Math.max(0, Math.min(s.end, until) - Math.max(s.start, from));
      sum += Math.min(free, day.cap - day.used);
    }
    return sum;
  };
  const capacityBefore = (until: number) => capacityBetween(Number.NEGATIVE_INFINITY, until);
  // A deadline its work cannot meet even alone (not enough free time between its "not before" and
  // it) is not chosen: reserving for it would only fail, and each failure costs a round.
  const due: TaskState[] = [];
  for (const t of candidates)
    if (
      choice.hopeless === "keep" ||
      capacityBetween(t.notBefore, dueBy(ctx, t)) >= t.minutes - done[t.index]!
    )
      due.push(t);
    else hopeless.add(t.index);
  due.sort((a, b) => dueBy(ctx, a) - dueBy(ctx, b) || a.index - b.index);
  let searched = false;
  if (!due.length) return { letGo: candidates.length > 0, searched };
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
  const budget = { nodes: SEARCH_LIMITS.perRun };
  for (let round = 0; round < 50; round++) {
    let failed = reserveSet(ctx, tl, chosen, done, reserved);
    // The same tasks again, a free span to the task that fills more of it (decision 317).
    for (const packing of ["same start", "fill"] as const) {
      if (!failed.length) break;
      clearReservations(tl, reserved);
      failed = reserveSet(ctx, tl, chosen, done, reserved, packing);
    }
    // A search over forward orders of the same blocks (decision 321); the last sweep is laid again
    // when it finds none, for its failures to choose whom to let go.
    if (failed.length && search) {
      clearReservations(tl, reserved);
      if (searchReservations(ctx, tl, chosen, done, reserved, budget)) {
        failed = [];
        searched = true;
      } else failed = reserveSet(ctx, tl, chosen, done, reserved, "fill");
    }
    if (!failed.length) return { letGo: chosen.length < candidates.length, searched };
    // What could not be reserved gave its time to the tasks reserved before its deadline: the least
    // worth among them and it goes (a deadline after the horizon before one inside it), not
    // necessarily the one left without room. A task reserved there could have gone later, up to its
    // own deadline, had that time been free, so the tasks reserved before its deadline are rivals
    // too, and so on (decision 317): one pass over the reservations by start.
    let until = Math.max(...failed.map((f) => dueBy(ctx, f)));
    const before = new Set<number>();
    const held = tl
      .allBlocks()
      .filter((b) => b.kind === "reserved")
      .sort((a, b) => a.start - b.start);
    for (const b of held) {
      if (b.start >= until) break;
      before.add(b.task);
      if (choice.rivals === "chain") until = Math.max(until, dueBy(ctx, ctx.tasks[b.task]!));
    }
    const rivals =
      choice.rivals === "failed"
        ? failed
        : [...failed, ...chosen.filter((c) => before.has(c.index) && !failed.includes(c))];
    clearReservations(tl, reserved);
    const worst = rivals[leastWorth(rivals)]!;
    chosen.splice(chosen.indexOf(worst), 1);
  }
  clearReservations(tl, reserved);
  return { letGo: true, searched };
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

function dispatch(
  ctx: PlanContext,
  tl: Timeline,
  done: number[],
  reserved: number[],
  hopeless: ReadonlySet<number>,
) {
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
          // A deadline that cannot be met counts as past (decision 321): its lateness grows from there.
          let score =
            t.deadline !== null && (t.deadline <= start || hopeless.has(t.index)) ? t.weight * 101 : t.weight;
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
 * Then (decision 317) blocks grow into the free time beside them, with unplanned minutes or those
 * of the task's last block, and free time with cap to spare takes new blocks: each inside the
 * free time the timeline gives (busy time, buffers, working hours), under the day's cap and the
 * longest block, never leaving a block under the shortest.
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
  /** A task's share of the objective with two of its blocks reshaped (null: removed). */
  const costWith = (
    task: number,
    minutes: number,
    a: TimelineBlock,
    aShape: { start: number; end: number },
    z: TimelineBlock,
    zShape: { start: number; end: number } | null,
  ) => {
    const rest = own[task]!.filter((b) => b !== z);
    return cost(task, zShape ? [...rest, { ...z, ...zShape }] : rest, minutes, a, aShape);
  };
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
  const down = (m: number) => Math.floor(m / ctx.grid) * ctx.grid;
  /** The free time around a block on its day: the free span it lies in once it is taken out. */
  const roomOf = (b: TimelineBlock) => {
    const day = tl.dayOf(b.start)!;
    tl.remove(day, b);
    const span = tl.free(day).find((f) => f.start <= b.start && f.end >= b.end);
    tl.add(day, b);
    return { day, span };
  };
  /** Replaces a block's span, keeping the day's use and free time right. */
  const reshape = (day: TimelineDay, b: TimelineBlock, start: number, end: number) => {
    tl.remove(day, b);
    planned[b.task]! += end - start - (b.end - b.start);
    b.start = start;
    b.end = end;
    tl.add(day, b);
  };
  /**
   * A block moves to the start of its free time when that costs less (decision 317), so the free
   * minutes before it join those after it. Then it grows into the free time beside it, with minutes the task has unplanned
   * or taken from the end of its last block (which goes when it is used up, or keeps the shortest
   * block): the task's work packs into fewer, earlier blocks and its later time is freed.
   */
  const grow = (blocks: readonly TimelineBlock[]) => {
    let changed = false;
    const gone = new Set<TimelineBlock>();
    for (const a of blocks) {
      if (evaluations >= IMPROVE_LIMITS.evaluations) break;
      if (gone.has(a)) continue;
      const t = ctx.tasks[a.task]!;
      let { day, span } = roomOf(a);
      if (!span) continue;
      // First to the start of its free time: free minutes before it join those after it.
      const earliest = Math.max(span.start, t.notBefore);
      if (earliest < a.start) {
        const shifted = { start: earliest, end: earliest + a.end - a.start };
        const c = cost(a.task, own[a.task]!, planned[a.task]!, a, shifted);
        if (c < current[a.task]! - 1e-9) {
          reshape(day, a, shifted.start, shifted.end);
          current[a.task] = c;
          changed = true;
          ({ day, span } = roomOf(a));
          if (!span) continue;
        }
      }
      if (a.end - a.start >= ctx.maxBlock) continue;
      const want = t.minutes - planned[a.task]!;
      let z: TimelineBlock | null = null;
      for (const b of own[a.task]!) if (b.start > a.start && movable(b) && (!z || b.start > z.start)) z = b;
      const zLen = z ? z.end - z.start : 0;
      if (want < ctx.grid && zLen < ctx.grid) continue;
      const zDay = z ? tl.dayOf(z.start)! : null;
      const capLeft = day.cap - day.used;
      const limit = Math.min(ctx.maxBlock - (a.end - a.start), want + zLen);
      const before = down(Math.min(limit, a.start - Math.max(span.start, t.notBefore)));
      const after = down(Math.min(limit, span.end - a.end));
      let best: { start: number; end: number; c: number; taken: number } | null = null;
      for (const [b0, a0] of [
        [before, down(Math.min(after, limit - before))],
        [down(Math.min(before, limit - after)), after],
      ] as const) {
        let extra = b0 + a0;
        if (extra <= 0) continue;
        const fresh = Math.min(want, extra);
        // From the last block: all of it, or what leaves it the shortest block.
        let taken = extra - fresh;
        if (taken < zLen && zLen - taken < ctx.minBlock) taken = Math.max(0, zLen - ctx.minBlock);
        // The day's cap binds for minutes that do not come from a block of the same day.
        const cut = fresh + (zDay === day ? 0 : taken) - capLeft;
        if (cut > 0) {
          if (zDay === day || cut > taken) continue;
          taken -= cut;
          if (taken < zLen && zLen - taken < ctx.minBlock) continue;
        }
        extra = fresh + taken;
        if (extra <= 0 || extra % ctx.grid) continue;
        const start = a.start - Math.min(b0, extra);
        const end = start + (a.end - a.start) + extra;
        if (end > span.end) continue;
        const shape = { start, end };
        let c: number;
        if (taken > 0 && z) {
          const rest = zLen - taken;
          const zShape = rest > 0 ? { start: z.start, end: z.start + rest } : null;
          c = costWith(a.task, planned[a.task]! + fresh, a, shape, z, zShape);
        } else c = cost(a.task, own[a.task]!, planned[a.task]! + fresh, a, shape);
        if (c < current[a.task]! - 1e-9 && (!best || c < best.c)) best = { start, end, c, taken };
      }
      if (!best) continue;
      if (best.taken > 0 && z && zDay) {
        const rest = zLen - best.taken;
        if (rest > 0) reshape(zDay, z, z.start, z.start + rest);
        else {
          tl.remove(zDay, z);
          gone.add(z);
          own[a.task] = without(own[a.task]!, z);
          planned[a.task]! -= zLen;
        }
      }
      reshape(day, a, best.start, best.end);
      current[a.task] = best.c;
      changed = true;
    }
    return changed;
  };
  // Free time left with the day's cap to spare takes a new block of a task with minutes unplanned.
  const fill = () => {
    let changed = false;
    for (const day of tl.days) {
      for (let k = 0; k < tl.free(day).length; k++) {
        const span = tl.free(day)[k]!;
        const capLeft = day.cap - day.used;
        if (capLeft < ctx.grid) break;
        let best: { task: number; start: number; end: number; c: number; gain: number } | null = null;
        for (const t of ctx.tasks) {
          if (evaluations >= IMPROVE_LIMITS.evaluations) return changed;
          const want = t.minutes - planned[t.index]!;
          if (want <= 0) continue;
          const start = Math.max(span.start, t.notBefore);
          const len = blockLength(
            want,
            Math.min(span.end - start, capLeft),
            ctx.minBlock,
            ctx.maxBlock,
            ctx.grid,
          );
          if (!len || (len < ctx.minBlock && len !== t.minutes)) continue;
          const extra = { start, end: start + len };
          const c = cost(t.index, own[t.index]!, planned[t.index]! + len, null, extra);
          const gain = current[t.index]! - c;
          if (gain > 1e-9 && (!best || gain > best.gain)) best = { task: t.index, ...extra, c, gain };
        }
        if (!best) continue;
        const b: TimelineBlock = { task: best.task, start: best.start, end: best.end, kind: "placed" };
        tl.add(day, b);
        own[best.task]!.push(b);
        planned[best.task]! += best.end - best.start;
        current[best.task] = best.c;
        changed = true;
        k = -1;
      }
    }
    return changed;
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
      // A block to a task with unplanned minutes; cut to its start when the task needs less
      // (decision 317: work past its deadline takes the time of work that can wait).
      let best: { task: number; gain: number; ca: number; cb: number; len: number } | null = null;
      const ca = cost(a.task, own[a.task]!, planned[a.task]! - lenA, a);
      for (const k of waiting) {
        if (k === a.task) continue;
        const len = Math.min(lenA, ctx.tasks[k]!.minutes - planned[k]!);
        if (len <= 0 || !allowed(k, a, len, planned[k]! + len)) continue;
        const cb = cost(k, own[k]!, planned[k]! + len, null, { start: a.start, end: a.start + len });
        const gain = current[a.task]! + current[k]! - ca - cb;
        if (gain > 1e-9 && (!best || gain > best.gain)) best = { task: k, gain, ca, cb, len };
      }
      if (best) {
        const from = a.task;
        moveTo(a, best.task);
        if (best.len < lenA) reshape(tl.dayOf(a.start)!, a, a.start, a.start + best.len);
        current[from] = best.ca;
        current[best.task] = best.cb;
        changed = true;
        continue;
      }
      // Two blocks trade tasks; a block longer than its new task can use is cut to its start
      // (decision 317).
      for (let j = i + 1; j < blocks.length; j++) {
        const b = blocks[j]!;
        if (b.task === a.task) continue;
        const ta = a.task;
        const tb = b.task;
        const lenB = b.end - b.start;
        const forA = Math.min(lenB, lenA + ctx.tasks[ta]!.minutes - planned[ta]!);
        const forB = Math.min(lenA, lenB + ctx.tasks[tb]!.minutes - planned[tb]!);
        const totalA = planned[ta]! - lenA + forA;
        const totalB = planned[tb]! - lenB + forB;
        if (!allowed(tb, a, forB, totalB) || !allowed(ta, b, forA, totalA)) continue;
        const ca = cost(ta, own[ta]!, totalA, a, { start: b.start, end: b.start + forA });
        const cb = cost(tb, own[tb]!, totalB, b, { start: a.start, end: a.start + forB });
        if (current[ta]! + current[tb]! - ca - cb <= 1e-9) continue;
        moveTo(a, tb);
        moveTo(b, ta);
        if (forB < lenA) reshape(tl.dayOf(a.start)!, a, a.start, a.start + forB);
        if (forA < lenB) reshape(tl.dayOf(b.start)!, b, b.start, b.start + forA);
        current[ta] = ca;
        current[tb] = cb;
        changed = true;
        break;
      }
    }
    if (grow(blocks)) changed = true;
    if (fill()) changed = true;
    if (!changed) break;
  }
}

function run(
  ctx: PlanContext,
  previous: readonly FixedBlock[] | null,
  choice: ReserveChoice = DEFAULT_CHOICE,
  search = true,
): RunState {
  const tl = newTimeline(ctx);
  const done = ctx.tasks.map(() => 0);
  const reserved = ctx.tasks.map(() => 0);
  placeFixed(ctx, tl, done, previous);
  const hopeless = new Set<number>();
  const { letGo, searched } = reserve(ctx, tl, done, reserved, choice, search, hopeless);
  dispatch(ctx, tl, done, reserved, hopeless);
  const blocks = tl
    .allBlocks()
    .map((b) => ({ taskId: ctx.tasks[b.task]!.task.id, start: b.start, end: b.end }));
  return {
    tl,
    done,
    reserved,
    letGo,
    searched,
    value: objectiveOf(ctx.objective.ctx, ctx.objective.tasks, blocks),
  };
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
 * tasks (REPAIR_RUNS). Decision 317: the runs are tried also when no deadline is missed but one was
 * let go, each run is compared after its improvement pass, and a run with the rivals of decision 316
 * comes last.
 */
function bestRun(ctx: PlanContext): RunState & { choice: ReserveChoice } {
  const budget = Math.min(REPAIR_RUNS.max, Math.floor(REPAIR_RUNS.taskBudget / (ctx.tasks.length + 1)));
  // Each run is improved before it is compared; the deadlines it missed before the improvement
  // pass are candidates to protect too (decision 317).
  const attempt = (c: ReserveChoice) => improvedRun(ctx, null, c);
  let choice: ReserveChoice = DEFAULT_CHOICE;
  let best = attempt(choice);
  let runs = 0;
  const tryChoice = (c: ReserveChoice) => {
    const state = attempt(c);
    runs++;
    if (cheaper(state, best)) {
      best = state;
      choice = c;
    }
  };
  for (const other of OTHER_CHOICES) {
    if (runs >= budget || !(best.value.missed.length || best.letGo)) break;
    tryChoice(other);
  }
  // Each protects one deadline alone, with the best run's measure and rivals (decision 317): kept
  // with the deadlines protected before, a run could not give up one of those for it.
  const tried = new Set<string>();
  while (runs < budget && best.value.missed.length) {
    const next = [...best.value.missed, ...best.missedBefore]
      .filter((id) => !tried.has(id))
      .map((id) => ctx.tasks[ctx.taskIndex.get(id)!]!)
      .filter((t) => t.notBefore < t.deadline!)
      .sort((a, b) => b.weight - a.weight || a.index - b.index)[0];
    if (!next) break;
    tried.add(next.task.id);
    tryChoice({ ...choice, protect: new Set([next.index]) });
  }
  if (runs < budget && (best.value.missed.length || best.letGo))
    tryChoice({ ...BEFORE_CHOICE, protect: choice.protect });
  return { ...best, choice };
}

/**
 * A run after its improvement pass, with the deadlines it missed before that pass. When the
 * reservation search placed its deadline work, the same run without the search too, and the
 * cheaper kept (decision 321): the search's early reservations keep deadlines the sweep lets go,
 * but where the sweep's late ones meet them anyway they leave the rest of the plan more room.
 */
function improvedRun(
  ctx: PlanContext,
  previous: readonly FixedBlock[] | null,
  choice: ReserveChoice,
): RunState & { missedBefore: string[] } {
  const raw = run(ctx, previous, choice);
  const searched = { ...polish(ctx, raw), missedBefore: raw.value.missed };
  if (!raw.searched) return searched;
  const swept = run(ctx, previous, choice, false);
  const other = { ...polish(ctx, swept), missedBefore: swept.value.missed };
  return cheaper(other, searched) ? other : searched;
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

type RunState = {
  tl: Timeline;
  done: number[];
  reserved: number[];
  /** Whether the reservations let a deadline go (the other ways of choosing may do better). */
  letGo: boolean;
  /** Whether the reservation search placed the deadline work (decision 321). */
  searched: boolean;
  value: ObjectiveValue;
};

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
  const repaired = improvedRun(ctx, previous, fresh.choice);
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
