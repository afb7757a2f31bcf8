// Quick capture (Ctrl+K): one line of natural language becomes a task draft. Recognised phrases are
// taken out of the title; everything else is left exactly as typed, so a title only loses words that
// the preview chips show back to the user. Dates are local wall-clock times (the browser's zone).
//
// Recognised, each only as whole words (so "Monday.com" or "#tag" stay in the title):
//   category  #General #Development #Design #Meeting #Research #Admin (any case)
//   priority  !low !medium !med !high !urgent, or !1 (urgent) to !4 (low)
//   estimate  45m 45min 2h 1.5h 1h30m "1h 30m" "90 mins" "2 hours", snapped to 5-minute steps in 5..480
//   date      today, tomorrow/tmr/tmrw, weekday names (the next such day after today), next week
//             (Monday), next friday, in 3 days, in 2 weeks, dec 5, 5th dec, december 5, 2026-12-05
//   time      3pm, 3:30 pm, 15:00, at 9, noon, midnight
// Optional lead words are taken with the phrase: "due", "on", "by" before a date; "at", "@", "by"
// before a time. The first phrase of each kind wins; a second one stays in the title.

import { clampEstimate, TASK_CATEGORIES, type TaskCategory, type TaskPriority } from "./tasks.ts";

export type QuickCaptureKind = "deadline" | "estimate" | "category" | "priority";

export type QuickCaptureResult = {
  title: string;
  deadline: Date | null;
  estimatedMinutes: number | null;
  category: TaskCategory | null;
  priority: TaskPriority | null;
  /** Each phrase taken out of the line, as typed, in the order it appeared. */
  recognized: Array<{ kind: QuickCaptureKind; text: string }>;
};

/** Wall-clock time a deadline gets when only a date was given: the end of the working day. */
export const QUICK_CAPTURE_DEFAULT_HOUR = 17;

type Token = { raw: string; word: string };
type CalendarDay = { year: number; month: number; day: number };
type ClockTime = { hour: number; minute: number };
type Found =
  | { kind: "category"; value: TaskCategory }
  | { kind: "priority"; value: TaskPriority }
  | { kind: "estimate"; value: number }
  | { kind: "date"; value: CalendarDay }
  | { kind: "time"; value: ClockTime };
type Match = Found & { length: number };

const PRIORITY_TAGS: Readonly<Record<string, TaskPriority>> = {
  low: "low",
  medium: "medium",
  med: "medium",
  high: "high",
  urgent: "urgent",
  "1": "urgent",
  "2": "high",
  "3": "medium",
  "4": "low",
};

// Sunday = 0, as Date.getDay() counts.
const WEEKDAYS: Readonly<Record<string, number>> = {
  sunday: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  wednesday: 3,
  wed: 3,
  weds: 3,
  thursday: 4,
  thu: 4,
  thur: 4,
  thurs: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
};
// "sat" and "sun" are everyday English words ("sat down", "the sun"), so they mean a day only after a
// lead word ("on sat", "by sun", "next sun").
const LED_WEEKDAYS: Readonly<Record<string, number>> = { sun: 0, sat: 6 };

const MONTHS: Readonly<Record<string, number>> = {
  jan: 0,
  january: 0,
  feb: 1,
  february: 1,
  mar: 2,
  march: 2,
  apr: 3,
  april: 3,
  may: 4,
  jun: 5,
  june: 5,
  jul: 6,
  july: 6,
  aug: 7,
  august: 7,
  sep: 8,
  sept: 8,
  september: 8,
  oct: 9,
  october: 9,
  nov: 10,
  november: 10,
  dec: 11,
  december: 11,
};

const MINUTE_UNITS = new Set(["min", "mins", "minute", "minutes"]);
const HOUR_UNITS = new Set(["hr", "hrs", "hour", "hours"]);
const DATE_LEADS = new Set(["on", "by"]);
const TIME_LEADS = new Set(["at", "@", "by"]);

function tokenize(text: string): Token[] {
  return text
    .split(/\s+/)
    .filter((raw) => raw !== "")
    .map((raw) => ({
      raw,
      // Sentence punctuation around a word does not stop it being recognised ("tomorrow," "(3pm)").
      word: raw
        .toLowerCase()
        .replace(/^[("'[]+/, "")
        .replace(/[.,;:!?)\]"']+$/, ""),
    }));
}

const wordAt = (tokens: Token[], i: number) => tokens[i]?.word ?? "";

function addDays(from: CalendarDay, days: number): CalendarDay {
  const d = new Date(from.year, from.month, from.day + days);
  return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate() };
}

function isRealDay(year: number, month: number, day: number): boolean {
  const d = new Date(year, month, day);
  return d.getFullYear() === year && d.getMonth() === month && d.getDate() === day;
}

const dayOrder = (d: CalendarDay) => d.year * 10_000 + d.month * 100 + d.day;

function nextWeekday(today: CalendarDay, weekday: number): CalendarDay {
  const current = new Date(today.year, today.month, today.day).getDay();
  return addDays(today, (weekday - current + 7) % 7 || 7);
}

function parseDayNumber(word: string): number | null {
  const m = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(word);
  return m ? Number(m[1]) : null;
}

// The next date with this month and day, today included; February 29 waits for a leap year.
function monthDay(today: CalendarDay, month: number, day: number): CalendarDay | null {
  for (let year = today.year; year <= today.year + 4; year++) {
    const candidate = { year, month, day };
    if (isRealDay(year, month, day) && dayOrder(candidate) >= dayOrder(today)) return candidate;
  }
  return null;
}

function parseCount(word: string): number | null {
  if (word === "a" || word === "an" || word === "one") return 1;
  return /^\d{1,3}$/.test(word) ? Number(word) : null;
}

function matchDate(tokens: Token[], i: number, today: CalendarDay, led: boolean): Match | null {
  const w = wordAt(tokens, i);
  const next = wordAt(tokens, i + 1);
  const date = (value: CalendarDay, length: number): Match => ({ kind: "date", value, length });

  if (w === "today") return date(today, 1);
  if (w === "tomorrow" || w === "tmr" || w === "tmrw") return date(addDays(today, 1), 1);

  const weekday = WEEKDAYS[w] ?? (led ? LED_WEEKDAYS[w] : undefined);
  if (weekday !== undefined) return date(nextWeekday(today, weekday), 1);

  if (w === "next") {
    if (next === "week") return date(nextWeekday(today, 1), 2);
    const named = WEEKDAYS[next] ?? LED_WEEKDAYS[next];
    if (named !== undefined) return date(nextWeekday(today, named), 2);
    return null;
  }

  if (w === "in") {
    const count = parseCount(next);
    const unit = wordAt(tokens, i + 2);
    if (count === null) return null;
    if (unit === "day" || unit === "days") return date(addDays(today, count), 3);
    if (unit === "week" || unit === "weeks") return date(addDays(today, count * 7), 3);
    return null;
  }

  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(w);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
    return isRealDay(year, month, day) ? date({ year, month, day }, 1) : null;
  }

  // "dec 5", "december 5th", then "5 dec", "5th of december".
  const month = MONTHS[w];
  const dayAfter = parseDayNumber(next);
  if (month !== undefined && dayAfter !== null) {
    const found = monthDay(today, month, dayAfter);
    return found ? date(found, 2) : null;
  }
  const dayFirst = parseDayNumber(w);
  if (dayFirst !== null) {
    const hasOf = next === "of";
    const monthAfter = MONTHS[hasOf ? wordAt(tokens, i + 2) : next];
    if (monthAfter === undefined) return null;
    const found = monthDay(today, monthAfter, dayFirst);
    return found ? date(found, hasOf ? 3 : 2) : null;
  }
  return null;
}

function twelveHour(hour: number, minute: number, meridiem: string): ClockTime | null {
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = meridiem.startsWith("p");
  return { hour: (hour % 12) + (pm ? 12 : 0), minute };
}

// A clock time without am/pm written with a single digit 1 to 7 ("at 3", "3:30") means the afternoon:
// tasks are rarely due at 3 in the morning, and "03:30" still reads literally.
function bareClock(hourText: string, minute: number): ClockTime | null {
  const hour = Number(hourText);
  if (hour > 23 || minute > 59) return null;
  const afternoon = hourText.length === 1 && hour >= 1 && hour <= 7;
  return { hour: afternoon ? hour + 12 : hour, minute };
}

const MERIDIEM = /^(a\.?m|p\.?m)$/;

function matchTime(tokens: Token[], i: number, afterAt: boolean): Match | null {
  const w = wordAt(tokens, i);
  const time = (value: ClockTime | null, length: number): Match | null =>
    value ? { kind: "time", value, length } : null;

  if (w === "noon") return time({ hour: 12, minute: 0 }, 1);
  // Midnight as the last minute of the day, so "friday midnight" stays on Friday.
  if (w === "midnight") return time({ hour: 23, minute: 59 }, 1);

  const joined = /^(\d{1,2})(?::(\d{2}))?(a\.?m|p\.?m)$/.exec(w);
  if (joined) return time(twelveHour(Number(joined[1]), Number(joined[2] ?? 0), joined[3]!), 1);

  const clock = /^(\d{1,2})(?::(\d{2}))?$/.exec(w);
  if (!clock) return null;
  const hourText = clock[1]!;
  const minute = Number(clock[2] ?? 0);
  const meridiem = MERIDIEM.exec(wordAt(tokens, i + 1));
  if (meridiem) return time(twelveHour(Number(hourText), minute, meridiem[1]!), 2);
  // A lone number is a time only after "at" ("at 9"); elsewhere it is part of the title ("Buy 3 apples").
  if (clock[2] !== undefined || afterAt) return time(bareClock(hourText, minute), 1);
  return null;
}

function matchEstimate(tokens: Token[], i: number): Match | null {
  const w = wordAt(tokens, i);
  const next = wordAt(tokens, i + 1);
  const estimate = (minutes: number, length: number): Match => ({
    kind: "estimate",
    value: clampEstimate(minutes),
    length,
  });

  const minutes = /^(\d+(?:\.\d+)?)(m|min|mins|minute|minutes)$/.exec(w);
  if (minutes) return estimate(Number(minutes[1]), 1);

  const hours = /^(\d+(?:\.\d+)?)(h|hr|hrs|hour|hours)$/.exec(w);
  if (hours) {
    const extra = /^(\d{1,2})(m|min|mins)$/.exec(next);
    // "1h 30m" is one estimate, not two.
    if (extra && Number.isInteger(Number(hours[1])))
      return estimate(Number(hours[1]) * 60 + Number(extra[1]), 2);
    return estimate(Number(hours[1]) * 60, 1);
  }

  const compact = /^(\d+)h(\d{1,2})(m|min|mins)?$/.exec(w);
  if (compact) return estimate(Number(compact[1]) * 60 + Number(compact[2]), 1);

  if (/^\d+(?:\.\d+)?$/.test(w)) {
    if (MINUTE_UNITS.has(next)) return estimate(Number(w), 2);
    if (HOUR_UNITS.has(next)) return estimate(Number(w) * 60, 2);
  }
  return null;
}

function matchTag(word: string): Match | null {
  if (word.startsWith("#")) {
    const name = word.slice(1);
    const category = TASK_CATEGORIES.find((c) => c.toLowerCase() === name);
    return category ? { kind: "category", value: category, length: 1 } : null;
  }
  if (word.startsWith("!")) {
    const priority = PRIORITY_TAGS[word.slice(1)];
    return priority ? { kind: "priority", value: priority, length: 1 } : null;
  }
  return null;
}

// Tries a phrase at i, or after lead words at i ("due by friday", "at 3pm"), counting them in its length.
function withLeads(
  tokens: Token[],
  i: number,
  leads: ReadonlySet<string>,
  match: (at: number, lead: string | null) => Match | null,
): Match | null {
  let at = i;
  let lead: string | null = null;
  const direct = match(at, lead);
  if (direct) return direct;
  if (wordAt(tokens, at) === "due") {
    lead = "due";
    at++;
    const afterDue = match(at, lead);
    if (afterDue) return { ...afterDue, length: afterDue.length + 1 };
  }
  if (leads.has(wordAt(tokens, at))) {
    lead = wordAt(tokens, at);
    at++;
    const afterLead = match(at, lead);
    if (afterLead) return { ...afterLead, length: afterLead.length + (at - i) };
  }
  return null;
}

function matchAt(
  tokens: Token[],
  i: number,
  today: CalendarDay,
  taken: ReadonlySet<Found["kind"]>,
): Match | null {
  const tag = matchTag(wordAt(tokens, i));
  if (tag) return taken.has(tag.kind) ? null : tag;
  if (!taken.has("date")) {
    const date = withLeads(tokens, i, DATE_LEADS, (at, lead) => matchDate(tokens, at, today, lead !== null));
    if (date) return date;
  }
  if (!taken.has("time")) {
    const time = withLeads(tokens, i, TIME_LEADS, (at, lead) =>
      matchTime(tokens, at, lead === "at" || lead === "@"),
    );
    if (time) return time;
  }
  if (!taken.has("estimate")) return matchEstimate(tokens, i);
  return null;
}

function buildDeadline(date: CalendarDay | null, time: ClockTime | null, now: Date): Date | null {
  if (date) {
    const { hour, minute } = time ?? { hour: QUICK_CAPTURE_DEFAULT_HOUR, minute: 0 };
    return new Date(date.year, date.month, date.day, hour, minute);
  }
  if (!time) return null;
  // A time alone means its next occurrence: today if still ahead, else tomorrow.
  const todayAt = new Date(now.getFullYear(), now.getMonth(), now.getDate(), time.hour, time.minute);
  if (todayAt.getTime() > now.getTime()) return todayAt;
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, time.hour, time.minute);
}

const RECOGNIZED_KIND: Readonly<Record<Found["kind"], QuickCaptureKind>> = {
  category: "category",
  priority: "priority",
  estimate: "estimate",
  date: "deadline",
  time: "deadline",
};

export function parseQuickCapture(text: string, now: Date): QuickCaptureResult {
  const tokens = tokenize(text);
  const today = { year: now.getFullYear(), month: now.getMonth(), day: now.getDate() };
  const taken = new Set<Found["kind"]>();
  const titleWords: string[] = [];
  const result: QuickCaptureResult = {
    title: "",
    deadline: null,
    estimatedMinutes: null,
    category: null,
    priority: null,
    recognized: [],
  };
  let date: CalendarDay | null = null;
  let time: ClockTime | null = null;

  let i = 0;
  while (i < tokens.length) {
    const match = matchAt(tokens, i, today, taken);
    if (!match) {
      titleWords.push(tokens[i]!.raw);
      i++;
      continue;
    }
    taken.add(match.kind);
    const phrase = tokens.slice(i, i + match.length).map((t) => t.raw);
    result.recognized.push({ kind: RECOGNIZED_KIND[match.kind], text: phrase.join(" ") });
    if (match.kind === "category") result.category = match.value;
    else if (match.kind === "priority") result.priority = match.value;
    else if (match.kind === "estimate") result.estimatedMinutes = match.value;
    else if (match.kind === "date") date = match.value;
    else time = match.value;
    i += match.length;
  }

  result.title = titleWords.join(" ");
  result.deadline = buildDeadline(date, time, now);
  return result;
}
