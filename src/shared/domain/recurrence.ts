// The dates of a repeating task, computed by rrule-temporal (decision 170) in the person's IANA zone.
// Pure and deterministic; heavy (the library carries a Temporal polyfill, ~50 KB gzip), so the web
// imports it on demand (`import("#shared/domain/recurrence.ts")`) while recurrence-rule.ts, -words.ts
// and -presets.ts stay light.
//
// How a rule becomes dates:
// - the library expands the rule in wall-clock time (DTSTART floating, evaluated as UTC, where it has
//   no daylight-saving changes), so a task at 08:30 stays at 08:30 through every DST change;
// - each wall-clock time becomes an instant in the person's zone as RFC 5545 3.3.5 reads a DATE-TIME:
//   a time that happens twice is the first one; a time the clocks skip (02:30 on the spring-forward
//   night) moves on by the gap (03:30). RFC 5545 3.3.10 would drop such an occurrence; a task or a
//   reminder that silently vanishes once a year is worse than one an hour later, and it is what the
//   big calendar apps do (decision 170);
// - the occurrences are the rule's dates on or after the start (an unsynchronised start is not an
//   occurrence of its own), COUNT counts them, UNTIL is compared as an instant, and EXDATE removes
//   skipped ones;
// - invalid dates (30 February, 31 April) are skipped, as the RFC says: BYMONTHDAY=31 repeats only in
//   months with a 31st; BYMONTHDAY=-1 is every month's last day.
import { RRuleTemporal } from "rrule-temporal";
import {
  checkRecurrenceShape,
  formatRule,
  parseStart,
  type Recurrence,
  type RecurrenceIssue,
  type RuleParts,
  startAt,
  untilInstant,
} from "./recurrence-rule.ts";
import { formatOccurrence } from "./recurrence-words.ts";
import { type WallTime, wallClock, zonedInstant } from "./zoned-time.ts";

/** A recurrence that cannot be expanded; `issue` says which part and why. */
export class RecurrenceError extends Error {
  readonly issue: RecurrenceIssue;
  constructor(issue: RecurrenceIssue) {
    super(issue.message);
    this.issue = issue;
    this.name = "RecurrenceError";
  }
}

type Expansion = {
  rule: RRuleTemporal;
  parts: RuleParts;
  timeZone: string;
  start: WallTime;
  startInstant: Date;
  until: Date | null;
  exdates: Set<number>;
};

const DAY = 86_400_000;
const two = (n: number) => String(n).padStart(2, "0");
const floatingText = (w: WallTime) =>
  `${String(w.year).padStart(4, "0")}${two(w.month)}${two(w.day)}T${two(w.hour)}${two(w.minute)}${two(w.second)}`;
/** A wall-clock time as the Date the library works in (its UTC fields are the wall clock's). */
const floatingDate = (w: WallTime) =>
  new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
const wallOfFloating = (epochMs: number): WallTime => {
  const d = new Date(epochMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
};

const LIBRARY_PARTS =
  /\b(FREQ|INTERVAL|COUNT|UNTIL|BYDAY|BYMONTHDAY|BYMONTH|BYYEARDAY|BYWEEKNO|BYSETPOS|WKST)\b/i;

// Expansions by recurrence: a calendar reads the same series on every request, and building one
// (reading the rule, the library's plan) costs more than expanding a month of it. Immutable once
// built, so sharing them is safe; bounded, so a flood of distinct rules cannot grow it.
const expansions = new Map<string, Expansion>();
const EXPANSION_CACHE_SIZE = 5000;

function expand(r: Recurrence): Expansion {
  const key = `${r.timeZone}\n${r.start}\n${r.rrule}\n${(r.exdates ?? []).join(",")}`;
  const cached = expansions.get(key);
  if (cached) return cached;
  const built = build(r);
  if (expansions.size >= EXPANSION_CACHE_SIZE) expansions.clear();
  expansions.set(key, built);
  return built;
}

function build(r: Recurrence): Expansion {
  const shape = checkRecurrenceShape(r);
  if ("issue" in shape) throw new RecurrenceError(shape.issue);
  const start = parseStart(r.start)!;
  let rule: RRuleTemporal;
  try {
    // UNTIL is left out and compared as an instant below: the library would compare it with the
    // wall clock read as UTC, which is the person's offset away from the truth.
    rule = new RRuleTemporal({
      rruleString: `DTSTART:${floatingText(start)}\nRRULE:${formatRule({ ...shape.parts, until: null })}`,
      tzid: "UTC",
      strict: true,
    });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const part = LIBRARY_PARTS.exec(message)?.[1]?.toUpperCase() ?? null;
    throw new RecurrenceError({
      code: "syntax",
      part,
      message: `The repeat rule does not parse: ${message}.`,
    });
  }
  return {
    rule,
    parts: shape.parts,
    timeZone: r.timeZone,
    start,
    startInstant: zonedInstant(start, start, r.timeZone),
    until: shape.parts.until === null ? null : untilInstant(shape.parts.until, r.timeZone),
    exdates: new Set((r.exdates ?? []).map((x) => new Date(x).getTime())),
  };
}

/** Calls the library, reporting a rule it gives up on (no date in 10,000 periods) as one that never repeats. */
function guarded<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error && /Maximum iterations/.test(e.message))
      throw new RecurrenceError({
        code: "never",
        part: null,
        message: "The repeat rule never produces a date.",
      });
    throw e;
  }
}

/** The library's occurrence (a wall-clock time) as the instant it is in the person's zone. */
const instantOf = (x: Expansion, floatingMs: number) => {
  const w = wallOfFloating(floatingMs);
  return zonedInstant(w, w, x.timeZone);
};
const floatingOfInstant = (x: Expansion, instant: Date) =>
  floatingDate(wallClock(instant.getTime(), x.timeZone));

/** Walks the rule's occurrences from a wall-clock time on, as instants, until `visit` says stop. */
function walk(x: Expansion, fromFloating: Date, visit: (instant: Date, floatingMs: number) => boolean) {
  let cursor: Date | null = fromFloating;
  let inclusive = true;
  while (cursor) {
    const next = guarded(() => x.rule.next(cursor!, inclusive));
    if (!next) return;
    const floatingMs = next.epochMilliseconds;
    const instant = instantOf(x, floatingMs);
    if (x.until && instant > x.until) return;
    if (!x.exdates.has(instant.getTime()) && !visit(instant, floatingMs)) return;
    cursor = new Date(floatingMs);
    inclusive = false;
  }
}

/** Throws a RecurrenceError unless the recurrence is valid and produces at least one date. */
export function assertRecurrence(r: Recurrence): void {
  const issue = validateRecurrence(r);
  if (issue) throw new RecurrenceError(issue);
}

/**
 * What is wrong with a recurrence, or null: everything recurrence-rule.ts checks (the part named),
 * the library's own strict reading of RFC 5545, and whether it produces any date at all (COUNT=0,
 * BYMONTHDAY=30 in February, an UNTIL before the first match, every date skipped).
 */
export function validateRecurrence(r: Recurrence): RecurrenceIssue | null {
  try {
    const x = expand(r);
    let any = false;
    walk(x, floatingDate(x.start), () => {
      any = true;
      return false;
    });
    if (!any) return { code: "never", part: null, message: "The repeat rule never produces a date." };
    return null;
  } catch (e) {
    if (e instanceof RecurrenceError) return e.issue;
    throw e;
  }
}

/** The first occurrence: the rule's first date on or after the start (null when none is left). */
export function firstOccurrence(r: Recurrence): Date | null {
  const x = expand(r);
  let first: Date | null = null;
  walk(x, floatingDate(x.start), (instant) => {
    first = instant;
    return false;
  });
  return first;
}

/** Up to `limit` occurrences strictly after `after` (the next five dates of the form: limit 5). */
export function occurrencesAfter(r: Recurrence, after: Date, limit: number): Date[] {
  const x = expand(r);
  const out: Date[] = [];
  if (limit <= 0) return out;
  // A day early in wall-clock time, so a repeated hour cannot hide an occurrence; filtered on instants.
  const from = new Date(
    Math.max(floatingOfInstant(x, after).getTime() - DAY, floatingDate(x.start).getTime()),
  );
  walk(x, from, (instant) => {
    if (instant > after) out.push(instant);
    return out.length < limit;
  });
  return out;
}

/** The next occurrence strictly after an instant, or null when the rule has ended. */
export function nextOccurrence(r: Recurrence, after: Date): Date | null {
  return occurrencesAfter(r, after, 1)[0] ?? null;
}

/**
 * The occurrences in [from, to), for calendars and feeds: expanded on read, never stored ahead.
 * `limit` bounds a window over a daily rule (a year is 366).
 */
export function occurrencesBetween(r: Recurrence, from: Date, to: Date, limit = 1000): Date[] {
  const x = expand(r);
  const out: Date[] = [];
  if (to <= from) return out;
  // One call for the window (the library's fast paths), a day wider on each side in wall-clock
  // time; then filtered on the instants.
  const start = new Date(
    Math.max(floatingOfInstant(x, from).getTime() - DAY, floatingDate(x.start).getTime()),
  );
  const end = new Date(floatingOfInstant(x, to).getTime() + DAY);
  for (const occurrence of guarded(() => x.rule.between(start, end, true))) {
    const instant = instantOf(x, occurrence.epochMilliseconds);
    if (x.until && instant > x.until) break;
    if (instant < from || instant >= to || x.exdates.has(instant.getTime())) continue;
    out.push(instant);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * "Repeat after completion": the next date counted from when the last one was done. The rule is
 * started again one interval (INTERVAL × FREQ) after the completion's day, at the start's time of day,
 * and its first date from there is the next one: "every 3 days" done on Tuesday evening is due on
 * Friday at the usual time; "monthly on the 15th" done on 20 March is due on the first 15th from
 * 20 April, 15 May. A month after 31 January is 28 (or 29) February.
 * COUNT counts completions (`completedCount`, this one included); UNTIL still ends the series.
 * Returns the next due instant and the start the series carries from now on (its new DTSTART), or
 * null when the series is over.
 */
export function nextAfterCompletion(
  r: Recurrence,
  completedAt: Date,
  completedCount = 0,
): { due: Date; start: string } | null {
  const x = expand(r);
  if (x.parts.count !== null && completedCount >= x.parts.count) return null;
  const done = wallClock(completedAt.getTime(), r.timeZone);
  const n = x.parts.interval;
  let { year, month, day } = done;
  if (x.parts.freq === "DAILY") day += n;
  if (x.parts.freq === "WEEKLY") day += 7 * n;
  if (x.parts.freq === "MONTHLY") month += n;
  if (x.parts.freq === "YEARLY") year += n;
  if (x.parts.freq === "MONTHLY" || x.parts.freq === "YEARLY") {
    // The same day of the month, or the month's last day where it has no such day.
    const last = new Date(Date.UTC(year, month - 1 + 1, 0)).getUTCDate();
    day = Math.min(day, last);
  }
  const anchor = new Date(Date.UTC(year, month - 1, day));
  const anchorStart = `${String(anchor.getUTCFullYear()).padStart(4, "0")}-${two(anchor.getUTCMonth() + 1)}-${two(anchor.getUTCDate())}T${two(x.start.hour)}:${two(x.start.minute)}`;
  // COUNT is Kairo's count of completions here, so the restarted rule runs without it.
  const restarted: Recurrence = {
    ...r,
    rrule: formatRule({ ...x.parts, count: null }),
    start: anchorStart,
    exdates: [],
  };
  // The restarted rule may begin past UNTIL: the series is then over, not broken.
  if (x.until && zonedInstant(parseStart(anchorStart)!, parseStart(anchorStart)!, r.timeZone) > x.until)
    return null;
  const due = firstOccurrence(restarted);
  if (!due) return null;
  return { due, start: startAt(due, r.timeZone) };
}

/**
 * A series' next date once its open occurrence (the rule's date `due`) is completed or skipped at
 * `at` (decision 235): on schedule, the rule's next date after `due` (a late completion does not
 * move the schedule); after completion, counted from `at` (`nextAfterCompletion`, whose new start
 * the series keeps). `doneCount`: occurrences finished so far, this one included (COUNT of an
 * after-completion series). Null: the rule has ended and the series is over.
 */
export function nextOfSeries(
  r: Recurrence,
  due: Date,
  at: Date,
  doneCount: number,
): { due: Date; start: string } | null {
  if (r.afterCompletion) return nextAfterCompletion(r, at, doneCount);
  const next = nextOccurrence(r, due);
  return next ? { due: next, start: r.start } : null;
}

/** The next `n` dates in words ("Fri 6 Mar 2026, 08:30"), for the form's preview. */
export function nextDatesInWords(r: Recurrence, after: Date, n = 5): string[] {
  return occurrencesAfter(r, after, n).map((d) => formatOccurrence(d, r.timeZone));
}

/**
 * The iCalendar lines of a series, for the feed: DTSTART in the person's zone on the first
 * occurrence (so every reader, whether or not it counts an unsynchronised DTSTART, sees the same
 * set), the RRULE with UNTIL in UTC (RFC 5545 requires it beside a zoned DTSTART), and the skipped
 * occurrences as UTC EXDATEs. Null when no occurrence is left.
 */
export function toICalendarLines(
  r: Recurrence,
): { dtstart: string; rrule: string; exdate: string | null } | null {
  const x = expand(r);
  let firstFloating: number | null = null;
  // The first date of the rule itself, skipped or not: EXDATE removes it for every reader alike.
  const open = { ...x, exdates: new Set<number>() };
  walk(open, floatingDate(x.start), (_instant, floatingMs) => {
    firstFloating = floatingMs;
    return false;
  });
  if (firstFloating === null) return null;
  const until = x.until ? `${x.until.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z` : null;
  const rrule = formatRule({ ...x.parts, until });
  const exdates = [...x.exdates]
    .sort((a, b) => a - b)
    .map((t) => `${new Date(t).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`);
  return {
    dtstart: `DTSTART;TZID=${r.timeZone}:${floatingText(wallOfFloating(firstFloating))}`,
    rrule: `RRULE:${rrule}`,
    exdate: exdates.length > 0 ? `EXDATE:${exdates.join(",")}` : null,
  };
}

/** A series as an iCalendar feed writes it from a window's start on (`iCalendarSeries`). */
export type ICalendarSeries = {
  /** DTSTART: the wall clock ("20261019T083000") of the rule's first date at or after the window's start, in the series' zone. */
  start: string;
  /** That first date as an instant. */
  startInstant: Date;
  /** The RRULE value: COUNT lowered by the dates before DTSTART, UNTIL in UTC (RFC 5545 3.3.10). */
  rrule: string;
  /** Each of the asked-for rule dates (instants) at or after DTSTART, as its wall clock in the zone (EXDATE, RECURRENCE-ID). */
  walls: Map<number, string>;
};

/**
 * The series from `from` on, as an iCalendar feed writes it (DTSTART;TZID, RRULE and the wall clock
 * of the dates an EXDATE or a RECURRENCE-ID names), so a calendar app that expands it by RFC 5545
 * gets the same dates as `occurrencesBetween`. DTSTART moves to the rule's first date at or after
 * `from` (the feed reaches back a bounded time, not to the series' start): a date of the rule as
 * DTSTART keeps the phase of INTERVAL and the defaults DTSTART gives the BY parts, and COUNT becomes
 * what is left of it. `dates`: rule dates (skipped or overridden occurrences) whose wall clock is
 * wanted; one that is not a date of this rule on or after DTSTART (left from an earlier rule) is
 * not in `walls`. Null when the rule has no date at or after `from`. `r.exdates` is not read.
 */
export function iCalendarSeries(
  r: Recurrence,
  from: Date,
  dates: readonly Date[] = [],
): ICalendarSeries | null {
  const x = expand({ ...r, exdates: [] });
  const startFloating = floatingDate(x.start).getTime();
  const fromFloating = floatingOfInstant(x, from).getTime();
  // The rule's dates before `from` that COUNT has used up (COUNT is at most 10,000): one call of the
  // library over the span, as occurrencesBetween does.
  let before = 0;
  if (x.parts.count !== null && fromFloating + DAY > startFloating)
    for (const o of guarded(() =>
      x.rule.between(new Date(startFloating), new Date(fromFloating + DAY), true),
    ))
      if (instantOf(x, o.epochMilliseconds) < from) before += 1;
  let first: { instant: Date; floatingMs: number } | null = null;
  walk(x, new Date(Math.max(fromFloating - DAY, startFloating)), (instant, floatingMs) => {
    if (instant < from) return true;
    first = { instant, floatingMs };
    return false;
  });
  if (first === null) return null;
  const { instant: startInstant, floatingMs: firstFloating } = first as { instant: Date; floatingMs: number };
  const until = x.until ? `${x.until.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z` : null;
  const count = x.parts.count === null ? null : x.parts.count - before;
  const walls = new Map<number, string>();
  const wanted = new Set(dates.map((d) => d.getTime()).filter((t) => t >= startInstant.getTime()));
  if (wanted.size > 0) {
    const last = floatingOfInstant(x, new Date(Math.max(...wanted))).getTime() + DAY;
    for (const o of guarded(() => x.rule.between(new Date(firstFloating), new Date(last), true))) {
      const instant = instantOf(x, o.epochMilliseconds).getTime();
      if (wanted.has(instant)) walls.set(instant, floatingText(wallOfFloating(o.epochMilliseconds)));
    }
  }
  return {
    start: floatingText(wallOfFloating(firstFloating)),
    startInstant,
    rrule: formatRule({ ...x.parts, count, until }),
    walls,
  };
}
