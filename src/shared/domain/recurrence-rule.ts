// A repeat rule as RFC 5545 writes it (the RRULE value, "FREQ=MONTHLY;BYDAY=-1FR"), read part by
// part so a mistake is reported with the part that holds it, before any date is computed. Light and
// without a library: the form checks as the person types, and quick capture builds rules with it.
// Dates are computed by recurrence.ts (rrule-temporal, decision 170), which the server runs on every
// rule this file accepts.
//
// Kairo's own limits on top of the RFC: at most one occurrence a day (no FREQ finer than DAILY, no
// BYHOUR/BYMINUTE/BYSECOND: the time of day is the start's), an INTERVAL of at most 1,000, a COUNT
// of at least 1, and no RSCALE/SKIP (RFC 7529) or X- parts.
import { isTimeZone, wallClock, zonedInstant } from "./zoned-time.ts";

export const FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545's weekday codes, Monday first (ISO order). */
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A BYDAY entry: a weekday, and for monthly and yearly rules which one of them (1st, -1 = last). */
export type ByDay = { weekday: Weekday; nth: number | null };

export type RuleParts = {
  freq: Frequency;
  interval: number;
  count: number | null;
  /** As written: a UTC date-time "20261231T225959Z" or a date "20261231" (the end of that day). */
  until: string | null;
  byDay: ByDay[];
  byMonthDay: number[];
  byMonth: number[];
  byYearDay: number[];
  byWeekNo: number[];
  bySetPos: number[];
  wkst: Weekday | null;
};

export const MAX_INTERVAL = 1000;
export const MAX_COUNT = 10_000;

export type RecurrenceIssueCode =
  | "syntax"
  | "unsupported"
  | "too_frequent"
  | "interval_too_large"
  | "count_zero"
  | "until_before_start"
  | "never"
  | "start"
  | "time_zone";

/** What is wrong with a rule: the part that holds it (FREQ, BYDAY...) where there is one. */
export type RecurrenceIssue = { code: RecurrenceIssueCode; part: string | null; message: string };

export type RuleReading = { ok: true; parts: RuleParts } | { ok: false; issue: RecurrenceIssue };

/**
 * A repeating task's recurrence, as stored beside the task: the RRULE value, the start (DTSTART) as
 * the wall-clock time it shows in the person's zone, and Kairo's own "repeat after completion",
 * which RFC 5545 has no notion of (the next date counts from when the last one was done).
 */
export type Recurrence = {
  rrule: string;
  /** DTSTART as a local date and time in `timeZone`: "2026-03-06T08:30" (seconds optional). */
  start: string;
  timeZone: string;
  afterCompletion: boolean;
  /** Skipped occurrences (EXDATE), as the instants they would have been (ISO 8601). */
  exdates?: readonly string[];
};

const PART_NAMES = [
  "FREQ",
  "INTERVAL",
  "COUNT",
  "UNTIL",
  "BYDAY",
  "BYMONTHDAY",
  "BYMONTH",
  "BYYEARDAY",
  "BYWEEKNO",
  "BYSETPOS",
  "WKST",
] as const;
type PartName = (typeof PART_NAMES)[number];
const TIME_PARTS = new Set(["BYHOUR", "BYMINUTE", "BYSECOND"]);
const FINER = new Set(["HOURLY", "MINUTELY", "SECONDLY"]);

const issue = (code: RecurrenceIssueCode, part: string | null, message: string): RecurrenceIssue => ({
  code,
  part,
  message,
});
const syntax = (part: string, message: string) => issue("syntax", part, message);

class RuleError extends Error {
  readonly issue: RecurrenceIssue;
  constructor(issue: RecurrenceIssue) {
    super(issue.message);
    this.issue = issue;
  }
}

function integers(part: string, raw: string, min: number, max: number, what: string): number[] {
  return raw.split(",").map((v) => {
    if (!/^[+-]?\d{1,4}$/.test(v))
      throw new RuleError(syntax(part, `${part}=${raw}: “${v}” is not a number.`));
    const n = Number(v);
    if (n === 0 || Math.abs(n) < min || Math.abs(n) > max)
      throw new RuleError(syntax(part, `${part}=${raw}: ${v} is not ${what}.`));
    return n;
  });
}

function weekday(part: string, raw: string, v: string): Weekday {
  if (!(WEEKDAYS as readonly string[]).includes(v))
    throw new RuleError(
      syntax(part, `${part}=${raw}: “${v}” is not a weekday (MO, TU, WE, TH, FR, SA or SU).`),
    );
  return v as Weekday;
}

/** A UTC date-time or a date, checked to be a real one. */
function untilValue(raw: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(raw);
  const [, y, mo, d, h, mi, s, z] = m ?? [];
  if (!m || (h !== undefined && !z))
    throw new RuleError(
      syntax("UNTIL", `UNTIL=${raw} is not a date (20261231) or a UTC date and time (20261231T170000Z).`),
    );
  const t = new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)),
  );
  if (
    t.getUTCFullYear() !== Number(y) ||
    t.getUTCMonth() !== Number(mo) - 1 ||
    t.getUTCDate() !== Number(d) ||
    t.getUTCHours() !== Number(h ?? 0) ||
    t.getUTCMinutes() !== Number(mi ?? 0) ||
    Number(s ?? 0) > 59
  )
    throw new RuleError(syntax("UNTIL", `UNTIL=${raw} is not a date that exists.`));
  return raw;
}

/**
 * Reads an RRULE value ("FREQ=WEEKLY;BYDAY=MO", with or without "RRULE:" before it). Each part is
 * checked against RFC 5545 3.3.10 and Kairo's limits; the first problem found is reported.
 */
export function parseRule(text: string): RuleReading {
  try {
    return { ok: true, parts: readParts(text) };
  } catch (e) {
    if (e instanceof RuleError) return { ok: false, issue: e.issue };
    throw e;
  }
}

function readParts(text: string): RuleParts {
  const body = text.trim().replace(/^RRULE:/i, "");
  if (body === "") throw new RuleError(syntax("FREQ", "The repeat rule is empty: it needs at least FREQ."));
  if (body.length > 500)
    throw new RuleError(syntax("FREQ", "The repeat rule is longer than 500 characters."));
  const seen = new Map<PartName, string>();
  for (const piece of body.split(";")) {
    if (piece === "") continue;
    const eq = piece.indexOf("=");
    const name = (eq < 0 ? piece : piece.slice(0, eq)).trim().toUpperCase();
    const value =
      eq < 0
        ? ""
        : piece
            .slice(eq + 1)
            .trim()
            .toUpperCase();
    if (TIME_PARTS.has(name))
      throw new RuleError(
        issue(
          "unsupported",
          name,
          `${name} is not used: a Kairo task repeats at most once a day, at the time of its start.`,
        ),
      );
    if (!(PART_NAMES as readonly string[]).includes(name))
      throw new RuleError(
        name === "RSCALE" || name === "SKIP" || name.startsWith("X-")
          ? issue("unsupported", name, `${name} is not supported in Kairo's repeat rules.`)
          : syntax(name || piece, `“${piece}” does not parse: it is not a part of a repeat rule.`),
      );
    if (value === "") throw new RuleError(syntax(name, `${name} has no value.`));
    if (seen.has(name as PartName)) throw new RuleError(syntax(name, `${name} appears twice in the rule.`));
    seen.set(name as PartName, value);
  }
  const freqText = seen.get("FREQ");
  if (!freqText)
    throw new RuleError(
      syntax(
        "FREQ",
        "FREQ is missing: a rule says how often it repeats (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY).",
      ),
    );
  if (FINER.has(freqText))
    throw new RuleError(
      issue(
        "too_frequent",
        "FREQ",
        `FREQ=${freqText} is finer than daily: a task repeats at most once a day.`,
      ),
    );
  if (!(FREQUENCIES as readonly string[]).includes(freqText))
    throw new RuleError(
      syntax("FREQ", `FREQ=${freqText} does not parse: use DAILY, WEEKLY, MONTHLY or YEARLY.`),
    );
  const freq = freqText as Frequency;

  const parts: RuleParts = {
    freq,
    interval: 1,
    count: null,
    until: null,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    byYearDay: [],
    byWeekNo: [],
    bySetPos: [],
    wkst: null,
  };
  for (const [name, raw] of seen) {
    switch (name) {
      case "FREQ":
        break;
      case "INTERVAL": {
        if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0)
          throw new RuleError(syntax(name, `INTERVAL=${raw} does not parse: it is a whole number from 1.`));
        if (Number(raw) > MAX_INTERVAL)
          throw new RuleError(
            issue(
              "interval_too_large",
              name,
              `INTERVAL=${raw} is over 1,000: repeat at most every 1,000 periods.`,
            ),
          );
        parts.interval = Number(raw);
        break;
      }
      case "COUNT": {
        if (!/^\d{1,9}$/.test(raw))
          throw new RuleError(syntax(name, `COUNT=${raw} does not parse: it is a whole number of times.`));
        if (Number(raw) === 0)
          throw new RuleError(
            issue("count_zero", name, "COUNT=0 would never produce a date: repeat at least once."),
          );
        if (Number(raw) > MAX_COUNT)
          throw new RuleError(syntax(name, `COUNT=${raw} is over ${MAX_COUNT.toLocaleString("en")}.`));
        parts.count = Number(raw);
        break;
      }
      case "UNTIL":
        parts.until = untilValue(raw);
        break;
      case "BYDAY":
        parts.byDay = raw.split(",").map((v) => {
          const m = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(v);
          if (!m)
            throw new RuleError(syntax(name, `BYDAY=${raw}: “${v}” is not a weekday such as MO or -1FR.`));
          const day = weekday(name, raw, m[2]!);
          if (m[1] === undefined) return { weekday: day, nth: null };
          const nth = Number(m[1]);
          if (freq !== "MONTHLY" && freq !== "YEARLY")
            throw new RuleError(
              syntax(name, `BYDAY=${raw}: a numbered weekday (${v}) needs FREQ=MONTHLY or YEARLY.`),
            );
          const most = freq === "MONTHLY" ? 5 : 53;
          if (nth === 0 || Math.abs(nth) > most)
            throw new RuleError(
              syntax(
                name,
                `BYDAY=${raw}: ${v} names no weekday of a ${freq === "MONTHLY" ? "month" : "year"}.`,
              ),
            );
          return { weekday: day, nth };
        });
        break;
      case "BYMONTHDAY":
        if (freq === "WEEKLY")
          throw new RuleError(syntax(name, "BYMONTHDAY cannot be used with FREQ=WEEKLY (RFC 5545)."));
        parts.byMonthDay = integers(
          name,
          raw,
          1,
          31,
          "a day of the month (1 to 31, or -1 to -31 from the end)",
        );
        break;
      case "BYMONTH":
        parts.byMonth = integers(name, raw, 1, 12, "a month (1 to 12)");
        if (parts.byMonth.some((m) => m < 0))
          throw new RuleError(syntax(name, `BYMONTH=${raw}: a month is 1 to 12.`));
        break;
      case "BYYEARDAY":
        if (freq !== "YEARLY")
          throw new RuleError(syntax(name, "BYYEARDAY needs FREQ=YEARLY in a Kairo rule."));
        parts.byYearDay = integers(name, raw, 1, 366, "a day of the year (1 to 366, or -1 to -366)");
        break;
      case "BYWEEKNO":
        if (freq !== "YEARLY") throw new RuleError(syntax(name, "BYWEEKNO needs FREQ=YEARLY (RFC 5545)."));
        parts.byWeekNo = integers(name, raw, 1, 53, "a week of the year (1 to 53, or -1 to -53)");
        break;
      case "BYSETPOS":
        parts.bySetPos = integers(name, raw, 1, 366, "a position (1 to 366, or -1 to -366)");
        break;
      case "WKST":
        parts.wkst = weekday(name, raw, raw);
        break;
    }
  }
  if (parts.count !== null && parts.until !== null)
    throw new RuleError(
      syntax("COUNT", "COUNT and UNTIL cannot both be set: end after a number of times or on a date."),
    );
  const bySomething =
    parts.byDay.length +
    parts.byMonthDay.length +
    parts.byMonth.length +
    parts.byYearDay.length +
    parts.byWeekNo.length;
  if (parts.bySetPos.length > 0 && bySomething === 0)
    throw new RuleError(
      syntax(
        "BYSETPOS",
        "BYSETPOS picks among the dates of another BY part (such as BYDAY), and there is none.",
      ),
    );
  return parts;
}

/** The RRULE value of parts, in RFC 5545's usual order. */
export function formatRule(p: RuleParts): string {
  const out = [`FREQ=${p.freq}`];
  if (p.interval !== 1) out.push(`INTERVAL=${p.interval}`);
  if (p.byMonth.length) out.push(`BYMONTH=${p.byMonth.join(",")}`);
  if (p.byWeekNo.length) out.push(`BYWEEKNO=${p.byWeekNo.join(",")}`);
  if (p.byYearDay.length) out.push(`BYYEARDAY=${p.byYearDay.join(",")}`);
  if (p.byMonthDay.length) out.push(`BYMONTHDAY=${p.byMonthDay.join(",")}`);
  if (p.byDay.length) out.push(`BYDAY=${p.byDay.map((d) => `${d.nth ?? ""}${d.weekday}`).join(",")}`);
  if (p.bySetPos.length) out.push(`BYSETPOS=${p.bySetPos.join(",")}`);
  if (p.wkst) out.push(`WKST=${p.wkst}`);
  if (p.count !== null) out.push(`COUNT=${p.count}`);
  if (p.until !== null) out.push(`UNTIL=${p.until}`);
  return out.join(";");
}

/** Parts with nothing set but the frequency. */
export function ruleParts(freq: Frequency, o: Partial<Omit<RuleParts, "freq">> = {}): RuleParts {
  return {
    freq,
    interval: 1,
    count: null,
    until: null,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    byYearDay: [],
    byWeekNo: [],
    bySetPos: [],
    wkst: null,
    ...o,
  };
}

const START = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A start ("2026-03-06T08:30") as its wall-clock fields, or null when it is not a real date and time. */
export function parseStart(start: string) {
  const m = START.exec(start);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const t = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second));
  if (t.getUTCFullYear() !== year || t.getUTCMonth() !== month! - 1 || t.getUTCDate() !== day) return null;
  if (hour! > 23 || minute! > 59 || second! > 59 || year! < 1900 || year! > 2200) return null;
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
}

/** The local date and time an instant shows in a zone, as a start string ("2026-03-06T08:30"). */
export function startAt(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** The instant UNTIL names: a UTC date-time as is; a date alone is the end of that day in the zone. */
export function untilInstant(until: string, timeZone: string): Date {
  const y = Number(until.slice(0, 4));
  const mo = Number(until.slice(4, 6));
  const d = Number(until.slice(6, 8));
  if (until.length === 8)
    return zonedInstant({ year: y, month: mo, day: d }, { hour: 23, minute: 59, second: 59 }, timeZone);
  return new Date(
    Date.UTC(
      y,
      mo - 1,
      d,
      Number(until.slice(9, 11)),
      Number(until.slice(11, 13)),
      Number(until.slice(13, 15)),
    ),
  );
}

/**
 * Everything about a recurrence that can be judged without computing its dates: the zone, the
 * start, the rule, and an UNTIL that is not before the start. recurrence.ts's `validateRecurrence`
 * adds the one check that needs the dates (a rule that never produces one).
 */
export function checkRecurrenceShape(r: Recurrence): { issue: RecurrenceIssue } | { parts: RuleParts } {
  if (!isTimeZone(r.timeZone))
    return { issue: issue("time_zone", null, `“${r.timeZone}” is not a time zone (such as Europe/Berlin).`) };
  const start = parseStart(r.start);
  if (!start)
    return {
      issue: issue(
        "start",
        "DTSTART",
        `The start “${r.start}” is not a date and time such as 2026-03-06T08:30.`,
      ),
    };
  const reading = parseRule(r.rrule);
  if (!reading.ok) return { issue: reading.issue };
  const { until } = reading.parts;
  if (until !== null) {
    const startInstant = zonedInstant(start, start, r.timeZone);
    if (untilInstant(until, r.timeZone) < startInstant)
      return {
        issue: issue(
          "until_before_start",
          "UNTIL",
          `UNTIL=${until} is before the start (${r.start}): the rule would end before it begins.`,
        ),
      };
  }
  return { parts: reading.parts };
}
