// Repeat phrases in quick capture and voice ("every monday", "every 2 weeks on friday", "every last
// friday", "every weekday", "every 3 days after completion", "daily", "every month on the 15th"),
// read from the line's words into RRULE parts. quick-capture.ts takes the words out of the title,
// reads the time and an "until" date with chrono, and places the first date.
//
// "every" and "each" always lead a phrase (then the words after them must make one: "Check every box"
// stays a title). The adverbs "daily", "weekly", "monthly", "yearly", "annually" and "fortnightly"
// count only at the end of the line or before what belongs to the task ("at 9", "until", "after",
// "#tag", "!high", an estimate), so "Write weekly report" and "Daily standup" stay titles.
import type { Frequency, RuleParts, Weekday } from "./recurrence-rule.ts";
import { ruleParts, WEEKDAYS } from "./recurrence-rule.ts";
import type { Day } from "./zoned-time.ts";

export type RepeatPhrase = {
  /** Index of the phrase's first word and one past its last. */
  start: number;
  end: number;
  parts: RuleParts;
  afterCompletion: boolean;
  /** Index of an "until" word that follows the phrase (the date after it is read by the caller). */
  untilAt: number | null;
};

const DAY_WORDS: Readonly<Record<string, Weekday>> = {
  monday: "MO",
  mondays: "MO",
  mon: "MO",
  tuesday: "TU",
  tuesdays: "TU",
  tue: "TU",
  tues: "TU",
  wednesday: "WE",
  wednesdays: "WE",
  wed: "WE",
  thursday: "TH",
  thursdays: "TH",
  thu: "TH",
  thur: "TH",
  thurs: "TH",
  friday: "FR",
  fridays: "FR",
  fri: "FR",
  saturday: "SA",
  saturdays: "SA",
  sat: "SA",
  sunday: "SU",
  sundays: "SU",
  sun: "SU",
};
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  other: 2,
};
const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
  last: -1,
};
const UNITS: Readonly<Record<string, Frequency>> = {
  day: "DAILY",
  days: "DAILY",
  week: "WEEKLY",
  weeks: "WEEKLY",
  month: "MONTHLY",
  months: "MONTHLY",
  year: "YEARLY",
  years: "YEARLY",
};
const ADVERBS: Readonly<Record<string, { freq: Frequency; interval: number }>> = {
  daily: { freq: "DAILY", interval: 1 },
  weekly: { freq: "WEEKLY", interval: 1 },
  fortnightly: { freq: "WEEKLY", interval: 2 },
  monthly: { freq: "MONTHLY", interval: 1 },
  yearly: { freq: "YEARLY", interval: 1 },
  annually: { freq: "YEARLY", interval: 1 },
};
const WORKDAYS = new Set(["weekday", "weekdays", "workday", "workdays", "work-day", "business-day"]);
/** What may follow an adverb that is a repeat phrase rather than part of the title. */
const ADVERB_FOLLOWERS = new Set([
  "until",
  "till",
  "at",
  "@",
  "on",
  "after",
  "from",
  "by",
  "starting",
  "in",
  "for",
]);
const COMPLETION_WORDS = new Set(["completion", "completing", "done", "finishing", "finished", "complete"]);

const number = (w: string | undefined) =>
  w === undefined ? null : /^\d{1,4}$/.test(w) ? Number(w) : (NUMBER_WORDS[w] ?? null);
const monthDay = (w: string | undefined) => {
  const m = w ? /^(\d{1,2})(?:st|nd|rd|th)$/.exec(w) : null;
  const n = m ? Number(m[1]) : null;
  return n !== null && n >= 1 && n <= 31 ? n : null;
};

type Cursor = { words: readonly string[]; i: number };
const peek = (c: Cursor, k = 0) => c.words[c.i + k];
const accept = (c: Cursor, ...options: string[]) => {
  if (options.includes(peek(c) ?? "")) {
    c.i++;
    return true;
  }
  return false;
};

/** "monday", "mon and thu", "monday, wednesday & friday": the weekdays, or null. */
function dayList(c: Cursor): Weekday[] | null {
  const first = DAY_WORDS[peek(c) ?? ""];
  if (!first) return null;
  const days = [first];
  c.i++;
  for (;;) {
    const save = c.i;
    accept(c, "and", "&", "or", "+");
    const next = DAY_WORDS[peek(c) ?? ""];
    if (!next) {
      c.i = save;
      break;
    }
    days.push(next);
    c.i++;
  }
  return WEEKDAYS.filter((d) => days.includes(d));
}

/** "of the month", "of every month", "of each month": words that change nothing, taken with the phrase. */
function ofTheMonth(c: Cursor) {
  const save = c.i;
  if (accept(c, "of")) {
    accept(c, "the", "every", "each");
    if (accept(c, "month")) return;
  }
  c.i = save;
}

/** "on the 15th", "on day 15", "on the last day": a day of the month, or null. */
function onMonthDay(c: Cursor): number | null {
  const save = c.i;
  accept(c, "on");
  accept(c, "the");
  const n = monthDay(peek(c));
  if (n !== null) {
    c.i++;
    accept(c, "day");
    ofTheMonth(c);
    return n;
  }
  if (accept(c, "day")) {
    const d = number(peek(c));
    if (d !== null && d >= 1 && d <= 31) {
      c.i++;
      return d;
    }
  }
  if (accept(c, "last") && accept(c, "day")) {
    ofTheMonth(c);
    return -1;
  }
  c.i = save;
  return null;
}

function weekly(c: Cursor, interval: number): RuleParts {
  const save = c.i;
  accept(c, "on");
  const days = dayList(c);
  if (!days) c.i = save;
  return ruleParts("WEEKLY", { interval, byDay: (days ?? []).map((weekday) => ({ weekday, nth: null })) });
}

function monthly(c: Cursor, interval: number): RuleParts {
  const day = onMonthDay(c);
  if (day !== null) return ruleParts("MONTHLY", { interval, byMonthDay: [day] });
  const save = c.i;
  accept(c, "on");
  accept(c, "the");
  const nth = ORDINALS[peek(c) ?? ""];
  const weekday = DAY_WORDS[peek(c, 1) ?? ""];
  if (nth !== undefined && weekday) {
    c.i += 2;
    return ruleParts("MONTHLY", { interval, byDay: [{ weekday, nth }] });
  }
  c.i = save;
  return ruleParts("MONTHLY", { interval });
}

/** After "every"/"each": what repeats, or null when the words make no repeat phrase. */
function body(c: Cursor): RuleParts | null {
  const w = peek(c) ?? "";
  if (WORKDAYS.has(w)) {
    c.i++;
    return ruleParts("WEEKLY", {
      byDay: ["MO", "TU", "WE", "TH", "FR"].map((d) => ({ weekday: d as Weekday, nth: null })),
    });
  }
  const days = dayList(c);
  if (days) return ruleParts("WEEKLY", { byDay: days.map((weekday) => ({ weekday, nth: null })) });
  const nth = ORDINALS[w];
  if (nth !== undefined && DAY_WORDS[peek(c, 1) ?? ""]) {
    const weekday = DAY_WORDS[peek(c, 1)!]!;
    c.i += 2;
    ofTheMonth(c);
    return ruleParts("MONTHLY", { byDay: [{ weekday, nth }] });
  }
  if (w === "last" && peek(c, 1) === "day") {
    c.i += 2;
    ofTheMonth(c);
    return ruleParts("MONTHLY", { byMonthDay: [-1] });
  }
  const day = monthDay(w);
  if (day !== null) {
    c.i++;
    ofTheMonth(c);
    return ruleParts("MONTHLY", { byMonthDay: [day] });
  }
  const n = number(w);
  const unit = UNITS[n !== null ? (peek(c, 1) ?? "") : w];
  if (!unit) return null;
  // "every day", "every 3 days", "every other week": singular after no number, any after one.
  if (n === null && !["day", "week", "month", "year"].includes(w)) return null;
  c.i += n !== null ? 2 : 1;
  const interval = n ?? 1;
  if (interval < 1) return null;
  if (unit === "WEEKLY") return weekly(c, interval);
  if (unit === "MONTHLY") return monthly(c, interval);
  return ruleParts(unit, { interval });
}

/** "after completion", "after it's done", "after done", "from completion". */
function afterCompletion(c: Cursor): boolean {
  const save = c.i;
  if (accept(c, "after", "from")) {
    accept(c, "its", "it's", "it", "i", "the");
    accept(c, "is", "was", "been", "finish", "complete");
    accept(c, "it");
    if (COMPLETION_WORDS.has(peek(c) ?? "")) {
      c.i++;
      return true;
    }
  }
  c.i = save;
  return false;
}

/** "5 times", "for 5 times": a count, or null. */
function times(c: Cursor): number | null {
  const save = c.i;
  accept(c, "for");
  const n = number(peek(c));
  if (n !== null && n >= 1 && peek(c, 1) === "times") {
    c.i += 2;
    return n;
  }
  c.i = save;
  return null;
}

/**
 * The first repeat phrase in the line's words (lower case, punctuation around them set aside),
 * skipping words already taken. `isTaskWord(i)` says whether word i is Kairo's notation or an
 * estimate, which may follow a bare adverb.
 */
export function findRepeatPhrase(
  words: readonly string[],
  taken: ReadonlySet<number>,
  isTaskWord: (i: number) => boolean,
): RepeatPhrase | null {
  for (let i = 0; i < words.length; i++) {
    if (taken.has(i)) continue;
    const w = words[i]!;
    const c: Cursor = { words, i: i + 1 };
    let parts: RuleParts | null = null;
    if (w === "every" || w === "each") parts = body(c);
    else if (ADVERBS[w]) {
      const next = words[i + 1];
      if (next !== undefined && !ADVERB_FOLLOWERS.has(next) && !isTaskWord(i + 1)) continue;
      const { freq, interval } = ADVERBS[w];
      parts =
        freq === "WEEKLY"
          ? weekly(c, interval)
          : freq === "MONTHLY"
            ? monthly(c, interval)
            : ruleParts(freq, { interval });
    }
    if (!parts) continue;
    let start = i;
    // "on the 1st of every month": the day written before the phrase.
    const before = monthDay(words[i - 2]);
    if (
      parts.freq === "MONTHLY" &&
      parts.byMonthDay.length + parts.byDay.length === 0 &&
      words[i - 1] === "of" &&
      before !== null &&
      !taken.has(i - 2)
    ) {
      parts = { ...parts, byMonthDay: [before] };
      start = i - 2;
      if (words[start - 1] === "the" && !taken.has(start - 1)) start--;
      if (words[start - 1] === "on" && !taken.has(start - 1)) start--;
    }
    // The phrase must not run into words another reading already took.
    for (let k = i; k < c.i; k++) if (taken.has(k)) c.i = k;
    const after = afterCompletion(c);
    const count = times(c);
    if (count !== null) parts = { ...parts, count };
    // "until" anywhere after the phrase: "each weekday at 9:15 until 31 dec".
    let untilAt: number | null = null;
    for (let k = c.i; k < words.length && untilAt === null; k++)
      if (!taken.has(k) && (words[k] === "until" || words[k] === "till")) untilAt = k;
    return { start, end: c.i, parts, afterCompletion: after, untilAt };
  }
  return null;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether a day is one of the rule's dates, for the rules quick capture writes. */
function matches(p: RuleParts, d: Day): boolean {
  const weekday = WEEKDAYS[(new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7]!;
  const length = daysInMonth(d.year, d.month);
  if (p.freq === "WEEKLY" || p.freq === "DAILY")
    return p.byDay.length === 0 || p.byDay.some((b) => b.weekday === weekday);
  if (p.freq === "MONTHLY") {
    if (p.byMonthDay.length)
      return p.byMonthDay.some((n) => (n > 0 ? d.day === n : d.day === length + n + 1));
    if (p.byDay.length)
      return p.byDay.some(
        (b) =>
          b.weekday === weekday &&
          (b.nth === null ||
            (b.nth > 0 ? Math.ceil(d.day / 7) === b.nth : Math.ceil((length - d.day + 1) / 7) === -b.nth)),
      );
  }
  return true;
}

/**
 * The first day on or after `from` that the rule falls on, so quick capture's deadline is the series'
 * first date ("every last friday" typed on a Monday is due that month's last Friday).
 */
export function firstRepeatDay(p: RuleParts, from: Day): Day {
  for (let k = 0; k < 1500; k++) {
    const t = new Date(Date.UTC(from.year, from.month - 1, from.day + k));
    const d = { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
    if (matches(p, d)) return d;
  }
  return from;
}
