// A block the person drags in the preview (it becomes pinned): refused over busy time, outside
// working hours or over lunch, over another fixed block, or past the day's cap.

import type { BurnoutLevel } from "../burnout.ts";
import { CAP_FACTOR_BY_STRAIN, PLANNER_LIMITS } from "./defaults.ts";
import type { BusyInterval, FixedBlock, Refusal, WorkingPreferences } from "./types.ts";
import { checkFixedBlock, checkPinSet, validatePreferences } from "./validate-input.ts";
import { localDay, planDays } from "./working-time.ts";

export type DraggedBlockInput = {
  preferences: WorkingPreferences;
  busy: readonly BusyInterval[];
  /** The other blocks that stay fixed (pinned and accepted); a block with the dragged one's id is ignored. */
  others: readonly FixedBlock[];
  block: FixedBlock;
  title: (taskId: string) => string;
  /** The task's planned minutes; a block longer than it is refused. */
  estimateMinutes: number;
  strain?: { level: BurnoutLevel } | null;
};

export function validateDraggedBlock(input: DraggedBlockInput): Refusal | { ok: true } {
  const bad = validatePreferences(input.preferences);
  if (bad) return bad;
  const zone = input.preferences.timeZone;
  const { date } = localDay(input.block.start, zone);
  const days = planDays(input.preferences, { startDate: date, days: 1 });
  const problem = checkFixedBlock({ days, busy: input.busy, zone, title: input.title }, input.block);
  if (problem) return problem;
  const factor = input.strain ? CAP_FACTOR_BY_STRAIN[input.strain.level] : 1;
  const grid = PLANNER_LIMITS.gridMinutes;
  const cap = Math.floor((input.preferences.dailyCapMinutes * factor) / grid) * grid;
  const others = input.others.filter((o) => !(input.block.id && o.id === input.block.id));
  const sameTask = others.filter((o) => o.taskId === input.block.taskId);
  const taskMinutes =
    sameTask.reduce((s, o) => s + o.end - o.start, 0) / 60_000 +
    (input.block.end - input.block.start) / 60_000;
  const pinSet = checkPinSet(
    [...others.filter((o) => localDay(o.start, zone).date === date), input.block],
    zone,
    input.title,
    () => cap,
    (id) =>
      id === input.block.taskId ? Math.max(input.estimateMinutes, taskMinutes) : Number.POSITIVE_INFINITY,
  );
  if (pinSet) return pinSet;
  if ((input.block.end - input.block.start) / 60_000 > input.estimateMinutes)
    return checkPinSet(
      [input.block],
      zone,
      input.title,
      () => Number.POSITIVE_INFINITY,
      () => input.estimateMinutes,
    )!;
  return { ok: true };
}
