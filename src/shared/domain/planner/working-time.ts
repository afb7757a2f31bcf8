// The person's week turned into instants: for each local day of the horizon, its working windows,
// lunch and focus windows as epoch-minute intervals. Luxon reads wall-clock times in the IANA zone,
// so a day with a daylight-saving change has its real length (a 9:00-17:00 day stays 8 hours, a
// 00:00-04:00 window on the spring-forward night is 3).

import { DateTime } from "luxon";
import type { DayWindow, PlanHorizon, Weekday, WorkingPreferences } from "./types.ts";

/** Half-open [start, end) in epoch minutes. */
export type Span = { start: number; end: number };

export type PlanDay = {
  /** Local "YYYY-MM-DD". */
  date: string;
  weekday: Weekday;
  /** Local midnight to the next local midnight, epoch minutes. */
  start: number;
  end: number;
  working: Span[];
  lunch: Span | null;
  focus: Span[];
};

export const MINUTE_MS = 60_000;

/** "09:30" → 570; "24:00" → 1440; anything else → null. */
export function parseClock(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

export function isValidZone(zone: string): boolean {
  return DateTime.local().setZone(zone).isValid;
}

function clockToMinute(day: DateTime, minuteOfDay: number): number {
  // Built from the local wall clock, so the zone's offset on that day (DST or not) applies.
  const at =
    minuteOfDay >= 1440
      ? day.plus({ days: 1 })
      : day.set({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 });
  return Math.round(at.toMillis() / MINUTE_MS);
}

function windowSpan(day: DateTime, w: DayWindow): Span {
  return { start: clockToMinute(day, parseClock(w.start)!), end: clockToMinute(day, parseClock(w.end)!) };
}

/** The local days of the horizon with their windows; assumes validated preferences. */
export function planDays(prefs: WorkingPreferences, horizon: PlanHorizon): PlanDay[] {
  const first = DateTime.fromISO(horizon.startDate, { zone: prefs.timeZone }).startOf("day");
  const days: PlanDay[] = [];
  for (let i = 0; i < horizon.days; i++) {
    const day = first.plus({ days: i });
    const weekday = (day.weekday % 7) as Weekday;
    const working = (prefs.workingHours[weekday] ?? [])
      .map((w) => windowSpan(day, w))
      .filter((s) => s.end > s.start)
      .sort((a, b) => a.start - b.start);
    days.push({
      date: day.toISODate()!,
      weekday,
      start: Math.round(day.toMillis() / MINUTE_MS),
      end: Math.round(day.plus({ days: 1 }).toMillis() / MINUTE_MS),
      working,
      lunch: working.length && prefs.lunch ? windowSpan(day, prefs.lunch) : null,
      focus: working.length ? prefs.focusHours.map((w) => windowSpan(day, w)) : [],
    });
  }
  return days;
}

/** The local date and weekday of an instant in a zone. */
export function localDay(ms: number, zone: string): { date: string; weekday: Weekday } {
  const dt = DateTime.fromMillis(ms, { zone });
  return { date: dt.toISODate()!, weekday: (dt.weekday % 7) as Weekday };
}

/** `spans` minus `cut`, both sorted and disjoint. */
export function subtractSpans(spans: readonly Span[], cut: readonly Span[]): Span[] {
  const out: Span[] = [];
  let j = 0;
  for (const s of spans) {
    let start = s.start;
    while (j < cut.length && cut[j]!.end <= start) j++;
    let k = j;
    while (k < cut.length && cut[k]!.start < s.end) {
      const c = cut[k]!;
      if (c.start > start) out.push({ start, end: c.start });
      start = Math.max(start, c.end);
      k++;
    }
    if (start < s.end) out.push({ start, end: s.end });
  }
  return out;
}

/** Sorts and merges overlapping or touching spans. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

export const overlapMinutes = (a: Span, b: Span) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
