// Checks a planner input before anything is planned; the first problem found is the refusal.

import { DateTime } from "luxon";
import { PLANNER_LIMITS } from "./defaults.ts";
import { formatWhen, refuse } from "./refusals.ts";
import type {
  BusyInterval,
  DayWindow,
  FixedBlock,
  PlannerInput,
  Refusal,
  WorkingPreferences,
} from "./types.ts";
import { isValidZone, localDay, MINUTE_MS, type PlanDay, parseClock } from "./working-time.ts";

function checkWindows(
  which: string,
  windows: readonly DayWindow[],
  weekday: number | undefined,
): Refusal | null {
  const parsed: { s: number; e: number; w: DayWindow }[] = [];
  for (const w of windows) {
    const s = parseClock(w?.start ?? "");
    const e = parseClock(w?.end ?? "");
    if (s === null || e === null || s >= e)
      return refuse("invalidWindow", {
        which,
        window: `${w?.start}-${w?.end}`,
        ...(weekday === undefined ? {} : { weekday }),
      });
    parsed.push({ s, e, w });
  }
  parsed.sort((a, b) => a.s - b.s);
  for (let i = 1; i < parsed.length; i++) {
    const a = parsed[i - 1]!;
    const b = parsed[i]!;
    if (b.s < a.e)
      return refuse("overlappingWindows", {
        which,
        weekday: weekday ?? 1,
        first: `${a.w.start}-${a.w.end}`,
        second: `${b.w.start}-${b.w.end}`,
      });
  }
  return null;
}

export function validatePreferences(prefs: WorkingPreferences): Refusal | null {
  if (!isValidZone(prefs.timeZone)) return refuse("invalidTimeZone", { zone: prefs.timeZone });
  let anyWorking = false;
  for (let d = 0; d < 7; d++) {
    const windows = prefs.workingHours[d as 0] ?? [];
    const bad = checkWindows("working hours", windows, d);
    if (bad) return bad;
    if (windows.length) anyWorking = true;
  }
  if (!anyWorking) return refuse("noWorkingHours", { inHorizon: 0 });
  const focus = checkWindows("focus hours", prefs.focusHours, undefined);
  if (focus) return focus;
  if (prefs.lunch) {
    const lunch = checkWindows("lunch", [prefs.lunch], undefined);
    if (lunch) return lunch;
  }
  const L = PLANNER_LIMITS;
  const int = (n: number) => Number.isInteger(n);
  if (!int(prefs.minBlockMinutes) || prefs.minBlockMinutes < L.minBlockMinutes)
    return refuse("invalidBlockLengths", {
      detail: `The shortest block must be at least ${L.minBlockMinutes} minutes.`,
    });
  if (!int(prefs.maxBlockMinutes) || prefs.maxBlockMinutes > L.maxBlockMinutes)
    return refuse("invalidBlockLengths", {
      detail: `The longest block can be at most ${L.maxBlockMinutes / 60} hours.`,
    });
  if (prefs.minBlockMinutes > prefs.maxBlockMinutes)
    return refuse("invalidBlockLengths", {
      detail: "The shortest block is longer than the longest block.",
    });
  if (!int(prefs.bufferMinutes) || prefs.bufferMinutes < 0 || prefs.bufferMinutes > L.maxBufferMinutes)
    return refuse("invalidBlockLengths", {
      detail: `The buffer between blocks must be 0 to ${L.maxBufferMinutes} minutes.`,
    });
  if (
    !int(prefs.dailyCapMinutes) ||
    prefs.dailyCapMinutes <= 0 ||
    prefs.dailyCapMinutes > L.maxDailyCapMinutes
  )
    return refuse("invalidBlockLengths", {
      detail: `The daily cap must be more than 0 and at most ${L.maxDailyCapMinutes / 60} hours.`,
    });
  return null;
}

export function validateHorizon(input: PlannerInput): Refusal | null {
  const { startDate, days } = input.horizon;
  if (!Number.isInteger(days) || days < 1) return refuse("invalidHorizon");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !DateTime.fromISO(startDate).isValid)
    return refuse("invalidHorizon");
  if (days > PLANNER_LIMITS.maxHorizonDays)
    return refuse("horizonTooLong", { days, max: PLANNER_LIMITS.maxHorizonDays });
  return null;
}

export function validateTasks(input: PlannerInput): Refusal | null {
  const seen = new Set<string>();
  for (const t of input.tasks) {
    if (seen.has(t.id)) return refuse("invalidTask", { taskId: t.id, detail: "it appears twice" });
    seen.add(t.id);
    if (t.estimateMinutes !== null && !(Number.isFinite(t.estimateMinutes) && t.estimateMinutes > 0))
      return refuse("invalidTask", {
        taskId: t.id,
        detail: "its estimate is not a positive number of minutes",
      });
  }
  return null;
}

export type FixedBlockContext = {
  days: readonly PlanDay[];
  busy: readonly BusyInterval[];
  zone: string;
  title: (taskId: string) => string;
};

/**
 * A fixed block (pinned, or dragged by the person) must sit inside one working window, off lunch and
 * off busy time. Buffers are the planner's own margin and do not bind the person.
 */
export function checkFixedBlock(ctx: FixedBlockContext, b: FixedBlock): Refusal | null {
  const title = ctx.title(b.taskId);
  const when = formatWhen(b.start, ctx.zone);
  const s = b.start / MINUTE_MS;
  const e = b.end / MINUTE_MS;
  if (!(e > s)) return refuse("pinOutsideWorkingHours", { title, when });
  const day = ctx.days.find((d) => s >= d.start && s < d.end);
  if (!day) return refuse("pinOutsideWorkingHours", { title, when });
  if (!day.working.some((w) => s >= w.start && e <= w.end))
    return refuse("pinOutsideWorkingHours", { title, when });
  if (day.lunch && s < day.lunch.end && e > day.lunch.start)
    return refuse("pinOutsideWorkingHours", { title, when, lunch: 1 });
  const over = ctx.busy.find((x) => x.start < b.end && x.end > b.start);
  if (over) return refuse("pinOverBusy", { title, when, label: over.label ?? "" });
  return null;
}

/** Pins with each other: no overlap, within each day's cap, within each task's estimate. */
export function checkPinSet(
  pins: readonly FixedBlock[],
  zone: string,
  title: (taskId: string) => string,
  capFor: (date: string) => number,
  estimateFor: (taskId: string) => number,
): Refusal | null {
  const sorted = [...pins].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (b.start < a.end)
      return refuse("conflictingPins", { first: title(a.taskId), second: title(b.taskId) });
  }
  const perDay = new Map<string, number>();
  const perTask = new Map<string, number>();
  for (const p of sorted) {
    const minutes = Math.round((p.end - p.start) / MINUTE_MS);
    const { date } = localDay(p.start, zone);
    perDay.set(date, (perDay.get(date) ?? 0) + minutes);
    perTask.set(p.taskId, (perTask.get(p.taskId) ?? 0) + minutes);
  }
  for (const [date, minutes] of perDay) {
    const cap = capFor(date);
    if (minutes > cap) return refuse("pinsOverCap", { date, minutes, cap });
  }
  for (const [taskId, minutes] of perTask) {
    const estimate = estimateFor(taskId);
    if (minutes > estimate) return refuse("pinsOverEstimate", { title: title(taskId), minutes, estimate });
  }
  return null;
}
