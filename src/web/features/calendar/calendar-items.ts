// Pure rules of the calendars: one item shape for tasks, tracked time blocks and synced events; week
// and month ranges; where an item sits in a day's time window; side-by-side lanes for overlaps; and
// the weekly summary. Kept free of React so they can be tested on their own.
import {
  addDays,
  addMonths,
  addWeeks,
  endOfMonth,
  endOfWeek,
  isSameDay,
  isSameMonth,
  isSameYear,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import type { CalendarItemsResponse } from "#shared/contracts/tasks.ts";
import { FREE_HISTORY_DAYS } from "#shared/domain/entitlements.ts";
import type { TaskCategory } from "#shared/domain/tasks.ts";
import { dayOfMonth, isoDay, monthDay, monthDayYear, time24, weekdayLong } from "./date-labels.ts";

export type CalendarItemKind = "task" | "block" | "event";

export type CalendarItem = {
  /**
   * Unique across kinds: "task:<id>", "repeat:<task id>:<instant>", "done:<occurrence id>",
   * "block:<id>", "event:<id>".
   */
  key: string;
  kind: CalendarItemKind;
  id: string;
  title: string;
  start: Date;
  /** Tasks are instants (their deadline); a running time block ends now. */
  end: Date;
  /** The block is still being tracked. */
  ongoing?: boolean;
  category?: TaskCategory;
  completed?: boolean;
  estimatedMinutes?: number;
  priority?: string;
  location?: string | null;
  provider?: string;
  /** A repeating task's rule in words ("Every weekday at 08:30"). */
  repeats?: string;
  /**
   * An occurrence of a repeating task other than the open one: a future one (decision 265), shown
   * like its deadline, or a completed one (`completed`, decision 290), shown like a completed task.
   * Read-only either way (not dragged; its details open the task). `id` is the task's.
   */
  occurrence?: boolean;
  /** When a completed occurrence was done (it shows on the date it was due). */
  completedAt?: Date;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How tall a task chip is treated when laying out overlaps: half an hour. */
export const TASK_CHIP_MS = 30 * MINUTE;

/**
 * Says why older tracked time is missing when the shown range reaches back before what the plan
 * shows (the free plan's history); null when nothing is hidden.
 */
export function trackedHistoryNote(data: CalendarItemsResponse | undefined, from: Date): string | null {
  if (!data?.trackedSince || from.getTime() >= new Date(data.trackedSince).getTime()) return null;
  return `The free plan shows tracked time from the last ${FREE_HISTORY_DAYS} days. Upgrade to Pro to see all of it.`;
}

export function toCalendarItems(data: CalendarItemsResponse | undefined, now: Date): CalendarItem[] {
  if (!data) return [];
  const items: CalendarItem[] = [];
  for (const t of data.tasks) {
    if (!t.deadline) continue;
    const at = new Date(t.deadline);
    items.push({
      key: `task:${t.id}`,
      kind: "task",
      id: t.id,
      title: t.title,
      start: at,
      end: at,
      category: t.category,
      completed: t.completed,
      estimatedMinutes: t.estimatedMinutes,
      priority: t.priority,
      ...(t.repeats ? { repeats: t.repeats } : {}),
    });
  }
  const series = new Map((data.series ?? []).map((s) => [s.taskId, s]));
  for (const o of data.occurrences ?? []) {
    const s = series.get(o.taskId);
    if (!s) continue;
    const at = new Date(o.at);
    items.push({
      key: `repeat:${o.taskId}:${o.at}`,
      kind: "task",
      id: o.taskId,
      title: s.title,
      start: at,
      end: at,
      category: s.category,
      completed: false,
      estimatedMinutes: s.estimatedMinutes,
      priority: s.priority,
      repeats: s.repeats,
      occurrence: true,
    });
  }
  for (const o of data.completedOccurrences ?? []) {
    const at = new Date(o.at);
    items.push({
      key: `done:${o.id}`,
      kind: "task",
      id: o.taskId,
      title: o.title,
      start: at,
      end: at,
      category: o.category,
      completed: true,
      estimatedMinutes: o.estimatedMinutes,
      occurrence: true,
      completedAt: new Date(o.completedAt),
    });
  }
  for (const b of data.timeBlocks) {
    const start = new Date(b.startTime);
    const end = b.endTime ? new Date(b.endTime) : now;
    items.push({
      key: `block:${b.id}`,
      kind: "block",
      id: b.id,
      title: b.title,
      start,
      end: end < start ? start : end,
      ongoing: !b.endTime,
      category: b.category,
    });
  }
  for (const e of data.events) {
    const start = new Date(e.startTime);
    const end = e.endTime ? new Date(e.endTime) : start;
    items.push({
      key: `event:${e.id}`,
      kind: "event",
      id: e.id,
      title: e.title,
      start,
      end: end < start ? start : end,
      location: e.location,
      provider: e.provider,
    });
  }
  return items.sort((a, b) => a.start.getTime() - b.start.getTime() || a.key.localeCompare(b.key));
}

/** Monday 00:00 of the week holding `date`, in local time. */
export const weekStart = (date: Date) => startOfWeek(date, { weekStartsOn: 1 });

export const shiftWeeks = (date: Date, n: number) => addWeeks(weekStart(date), n);
export const shiftMonths = (date: Date, n: number) => startOfMonth(addMonths(date, n));

/** The days from `start` on, `count` of them, each at local midnight (safe across DST changes). */
export function daysFrom(start: Date, count: number): Date[] {
  return Array.from({ length: count }, (_, i) => startOfDay(addDays(start, i)));
}

/** The Monday-first weeks covering a month: 4 to 6 rows of 7 days. */
export function monthGrid(month: Date): Date[] {
  const first = weekStart(startOfMonth(month));
  const last = endOfWeek(endOfMonth(month), { weekStartsOn: 1 });
  const days: Date[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(startOfDay(d));
  return days;
}

/** "Nov 16 – 20, 2026", "Nov 30 – Dec 4, 2026", "Dec 29, 2025 – Jan 2, 2026" for first..last day. */
export function formatDayRange(first: Date, last: Date): string {
  if (!isSameYear(first, last)) return `${monthDayYear(first)} – ${monthDayYear(last)}`;
  if (!isSameMonth(first, last)) return `${monthDay(first)} – ${monthDayYear(last)}`;
  return `${monthDay(first)} – ${dayOfMonth(last)}, ${last.getFullYear()}`;
}

export const formatTime = time24;

/** Does the item touch the local day starting at `day`? Tasks count on the day of their deadline. */
export function isOnDay(item: CalendarItem, day: Date): boolean {
  const from = startOfDay(day).getTime();
  const to = addDays(startOfDay(day), 1).getTime();
  const s = item.start.getTime();
  const e = item.end.getTime();
  if (item.kind === "task" || e === s) return s >= from && s < to;
  return s < to && e > from;
}

export type Placement = {
  /** Offset from the top of the window, 0 to 1. */
  top: number;
  /** Height as a share of the window, 0 to 1. */
  height: number;
  /** Cut off at the window's start or end. */
  clippedStart: boolean;
  clippedEnd: boolean;
};

/**
 * Where an item sits in the window [fromHour, toHour) of one day. Blocks and events are clipped to
 * the window and left out when they miss it; tasks (instants) outside the window are pinned to its
 * nearer edge, so a deadline at 8:00 or 20:00 still shows.
 */
export function placeInWindow(
  item: CalendarItem,
  day: Date,
  fromHour: number,
  toHour: number,
  minHeightMs = TASK_CHIP_MS,
): Placement | null {
  if (!isOnDay(item, day)) return null;
  const base = startOfDay(day);
  const w0 = new Date(base.getFullYear(), base.getMonth(), base.getDate(), fromHour).getTime();
  const w1 = new Date(base.getFullYear(), base.getMonth(), base.getDate(), toHour).getTime();
  const span = w1 - w0;
  const s = item.start.getTime();
  if (item.kind === "task" || item.end.getTime() === s) {
    const chip = Math.min(minHeightMs, span);
    const at = Math.min(Math.max(s, w0), w1 - chip);
    return { top: (at - w0) / span, height: chip / span, clippedStart: s < w0, clippedEnd: s >= w1 };
  }
  const e = item.end.getTime();
  if (e <= w0 || s >= w1) return null;
  const cs = Math.max(s, w0);
  let ce = Math.min(e, w1);
  // Very short blocks still get a visible sliver.
  if (ce - cs < 15 * MINUTE) ce = Math.min(w1, cs + 15 * MINUTE);
  return { top: (cs - w0) / span, height: (ce - cs) / span, clippedStart: s < w0, clippedEnd: e > w1 };
}

/**
 * Side-by-side lanes for items that overlap in time (given with their placements). Each item gets
 * its lane and the number of lanes in its cluster of overlapping items.
 */
export function assignLanes<T extends { top: number; height: number }>(
  placed: readonly T[],
): Array<T & { lane: number; lanes: number }> {
  const sorted = [...placed].sort((a, b) => a.top - b.top || b.height - a.height);
  const out: Array<T & { lane: number; lanes: number }> = [];
  let cluster: Array<T & { lane: number; lanes: number }> = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const flush = () => {
    for (const c of cluster) c.lanes = laneEnds.length;
    out.push(...cluster);
    cluster = [];
    laneEnds = [];
  };
  for (const p of sorted) {
    if (p.top >= clusterEnd - 1e-9) {
      flush();
      clusterEnd = -1;
    }
    let lane = laneEnds.findIndex((end) => end <= p.top + 1e-9);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(0);
    }
    laneEnds[lane] = p.top + p.height;
    clusterEnd = Math.max(clusterEnd, p.top + p.height);
    cluster.push({ ...p, lane, lanes: 0 });
  }
  flush();
  return out;
}

export type WeekSummary = { events: number; trackedHours: number; tasksDue: number };

/** Events, tracked hours (time blocks clipped to the range) and tasks due within [from, to). */
export function summarize(items: readonly CalendarItem[], from: Date, to: Date): WeekSummary {
  const f = from.getTime();
  const t = to.getTime();
  let events = 0;
  let tasksDue = 0;
  let trackedMs = 0;
  for (const i of items) {
    const s = i.start.getTime();
    const e = i.end.getTime();
    if (i.kind === "task") {
      if (s >= f && s < t) tasksDue += 1;
    } else if (i.kind === "event") {
      if (s < t && (e > f || (e === s && s >= f))) events += 1;
    } else {
      trackedMs += Math.max(0, Math.min(e, t) - Math.max(s, f));
    }
  }
  return { events, tasksDue, trackedHours: Math.round((trackedMs / HOUR) * 10) / 10 };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 events · 4.5 h tracked · 2 tasks due". */
export function formatSummary(s: WeekSummary): string {
  const hours = s.trackedHours.toLocaleString("en-US", { maximumFractionDigits: 1 });
  return `${plural(s.events, "event", "events")} · ${hours} h tracked · ${plural(s.tasksDue, "task due", "tasks due")}`;
}

/** A new deadline on `day` at `hour`:`minute`, or keeping the old time of day when no hour is given. */
export function deadlineOn(day: Date, previous: Date | null, hour?: number, minute = 0): Date {
  const h = hour ?? previous?.getHours() ?? 9;
  const m = hour === undefined ? (previous?.getMinutes() ?? 0) : minute;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m);
}

/** The day key used by droppable ids and lookups: "YYYY-MM-DD" in local time. */
export const dayKey = isoDay;

export function parseDayKey(key: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** Upcoming covers today and the next 7 days. */
export const UPCOMING_DAYS = 8;

/** The days of Upcoming from `now`: today and the next 7, each at local midnight. */
export const upcomingDays = (now: Date) => daysFrom(startOfDay(now), UPCOMING_DAYS);

/** "Today", "Tomorrow", then the weekday's name ("Sunday"): the heading of a day in Upcoming. */
export function upcomingHeading(day: Date, now: Date): string {
  const today = startOfDay(now);
  if (isSameDay(day, today)) return "Today";
  if (isSameDay(day, addDays(today, 1))) return "Tomorrow";
  return weekdayLong(day);
}

export type UpcomingDay = { day: Date; heading: string; items: CalendarItem[] };

/**
 * Upcoming's days that have something: open tasks due (repeating ones' open occurrences included)
 * and future occurrences of repeating tasks, earliest first. Completed tasks, tracked time and
 * events are the calendar's, not Upcoming's.
 */
export function upcomingGroups(items: readonly CalendarItem[], now: Date): UpcomingDay[] {
  const due = items.filter((i) => i.kind === "task" && !i.completed);
  return upcomingDays(now).flatMap((day) => {
    const dayItems = due.filter((i) => isOnDay(i, day));
    return dayItems.length ? [{ day, heading: upcomingHeading(day, now), items: dayItems }] : [];
  });
}
