// Wall-clock times in a person's IANA zone, from the runtime's own time zone data (Intl), so the
// browser and the server agree without shipping zone tables. Shared by quick capture (decision 087)
// and recurrence (decision 170).

/** A calendar day; month 1..12. */
export type Day = { year: number; month: number; day: number };
/** A time of day on the 24-hour clock. */
export type Clock = { hour: number; minute: number };
/** What a clock on the wall shows: a calendar day and a time of day (seconds included). */
export type WallTime = Day & Clock & { second: number };

const formats = new Map<string, Intl.DateTimeFormat>();
const numeric = {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
} as const;

/** The calendar day and clock an instant shows in a zone. */
export function wallClock(instant: number, timeZone: string): WallTime {
  const d = new Date(Math.floor(instant / 1000) * 1000 + offsetAt(instant, timeZone) * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** The runtime's own reading of the wall clock (Intl), which the offsets are taken from. */
function readWallClock(instant: number, timeZone: string): WallTime {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", ...numeric });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return parts as WallTime;
}

function computeOffset(instant: number, timeZone: string): number {
  const w = readWallClock(instant, timeZone);
  return (
    (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000) /
    60_000
  );
}

// Offsets by zone and quarter hour of UTC. Zones change their offset on a quarter hour of UTC
// (modern rules do, and a bucket is kept only when both its ends agree), so a calendar's thousands
// of occurrences cost a map lookup each instead of an Intl call (decision 170).
const QUARTER = 900_000;
const offsetCache = new Map<string, Map<number, number>>();

/** Minutes the zone is ahead of UTC at an instant. */
export function offsetAt(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / QUARTER);
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const cached = zone.get(bucket);
  if (cached !== undefined) return cached;
  const offset = computeOffset(instant, timeZone);
  if (
    computeOffset(bucket * QUARTER, timeZone) === offset &&
    computeOffset((bucket + 1) * QUARTER - 1000, timeZone) === offset
  ) {
    if (zone.size >= 100_000) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

/**
 * The instant a wall-clock time names in a zone, resolved as Date and Temporal's "compatible" do
 * (and as RFC 5545 3.3.5 reads a DATE-TIME): a time that happens twice (clocks going back) is the
 * earlier one; a skipped one (clocks going forward) moves on by the gap.
 */
export function zonedInstant(d: Day, c: Clock & { second?: number }, timeZone: string): Date {
  const wall = Date.UTC(d.year, d.month - 1, d.day, c.hour, c.minute, c.second ?? 0);
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const fits = [before, after]
    .map((o) => wall - o * 60_000)
    .filter((t) => offsetAt(t, timeZone) * 60_000 === wall - t);
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before * 60_000);
}

/** Whether the runtime knows the IANA zone (what Intl accepts is what every computation here can use). */
export function isTimeZone(timeZone: string): boolean {
  if (formats.has(timeZone)) return true;
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    // Kept, as wallClock keeps it: a formatter costs tens of microseconds, a calendar asks per series.
    formats.set(timeZone, new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", ...numeric }));
    return true;
  } catch {
    return false;
  }
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * An instant in words people read, on the wall clock of `timeZone`: "Saturday 28 November, 11:46";
 * the year is added when it is not the year of `now` there ("Monday 3 January 2028, 09:00").
 * Fixed English words (no locale data), as the rest of Kairo's server-written texts.
 */
export function instantInWords(instant: Date, timeZone: string, now: Date): string {
  const w = wallClock(instant.getTime(), timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()];
  const year = w.year === wallClock(now.getTime(), timeZone).year ? "" : ` ${w.year}`;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${weekday} ${w.day} ${MONTHS[w.month - 1]}${year}, ${pad(w.hour)}:${pad(w.minute)}`;
}
