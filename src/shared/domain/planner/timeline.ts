// The mutable working state of one planning run: per local day, the time that could hold work
// (working windows less lunch, busy time and its buffer, and the past) and the blocks placed so far.
// Free time is recomputed per day from those two, so releasing a block gives its buffer back exactly.

import type { PlanDay, Span } from "./working-time.ts";
import { mergeSpans, subtractSpans } from "./working-time.ts";

export type BlockKind = "pinned" | "kept" | "reserved" | "placed";

export type TimelineBlock = {
  task: number;
  start: number;
  end: number;
  kind: BlockKind;
  previousId?: string;
  /** A reservation the forward walk has passed (its minutes counted as done). */
  settled?: boolean;
};

export type TimelineDay = PlanDay & {
  index: number;
  /** Working time less lunch, busy time with buffers and the past, on the planning grid. */
  base: Span[];
  cap: number;
  used: number;
  blocks: TimelineBlock[];
  freeCache: Span[] | null;
};

const alignUp = (m: number, grid: number) => Math.ceil(m / grid) * grid;
const alignDown = (m: number, grid: number) => Math.floor(m / grid) * grid;

/** The longest block of a task with `rem` minutes left in `room` minutes, keeping parts ≥ minBlock; 0 if none. */
export function blockLength(
  rem: number,
  room: number,
  minBlock: number,
  maxBlock: number,
  grid: number,
): number {
  let len = Math.floor(Math.min(rem, maxBlock, room) / grid) * grid;
  if (len <= 0) return 0;
  if (len === rem) return len;
  if (len < minBlock) return 0;
  if (rem - len < minBlock) {
    len = Math.floor((rem - minBlock) / grid) * grid;
    if (len < minBlock) return 0;
  }
  return len;
}

export class Timeline {
  readonly days: TimelineDay[];
  readonly buffer: number;
  readonly grid: number;
  constructor(
    days: readonly PlanDay[],
    busy: readonly Span[],
    origin: number,
    buffer: number,
    grid: number,
    capFor: (day: PlanDay) => number,
  ) {
    this.buffer = buffer;
    this.grid = grid;
    const blocked = mergeSpans(busy.map((b) => ({ start: b.start - buffer, end: b.end + buffer })));
    this.days = days.map((d, index) => {
      let spans = subtractSpans(d.working, d.lunch ? [d.lunch] : []);
      spans = subtractSpans(spans, blocked);
      spans = subtractSpans(spans, [{ start: Number.NEGATIVE_INFINITY, end: origin }]);
      const base = spans
        .map((s) => ({ start: alignUp(s.start, grid), end: alignDown(s.end, grid) }))
        .filter((s) => s.end > s.start);
      return { ...d, index, base, cap: capFor(d), used: 0, blocks: [], freeCache: null };
    });
  }

  dayOf(minute: number): TimelineDay | undefined {
    for (const d of this.days) if (minute >= d.start && minute < d.end) return d;
    return undefined;
  }

  free(day: TimelineDay): Span[] {
    if (!day.freeCache) {
      const taken = day.blocks.map((b) => ({ start: b.start - this.buffer, end: b.end + this.buffer }));
      day.freeCache = subtractSpans(day.base, mergeSpans(taken));
    }
    return day.freeCache;
  }

  /** Whether [start, end) lies inside one free span of its day and within the day's cap. */
  fits(day: TimelineDay, start: number, end: number): boolean {
    if (day.used + (end - start) > day.cap) return false;
    return this.free(day).some((s) => start >= s.start && end <= s.end);
  }

  add(day: TimelineDay, block: TimelineBlock): void {
    day.blocks.push(block);
    day.blocks.sort((a, b) => a.start - b.start);
    day.used += block.end - block.start;
    day.freeCache = null;
  }

  remove(day: TimelineDay, block: TimelineBlock): void {
    const i = day.blocks.indexOf(block);
    if (i < 0) return;
    day.blocks.splice(i, 1);
    day.used -= block.end - block.start;
    day.freeCache = null;
  }

  /** Moves a block's start later (the block keeps its end). */
  shrinkStart(day: TimelineDay, block: TimelineBlock, newStart: number): void {
    day.used -= newStart - block.start;
    block.start = newStart;
    day.freeCache = null;
  }

  allBlocks(): TimelineBlock[] {
    return this.days.flatMap((d) => d.blocks);
  }
}
