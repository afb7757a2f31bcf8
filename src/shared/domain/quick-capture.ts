// Quick capture (Ctrl+K): one line of natural language becomes a task draft. Recognised phrases are
// taken out of the title; everything else is left exactly as typed, so a title only loses words that
// the preview chips show back to the user.
//
// Kairo's own notation is read here, each only as whole words (so "Monday.com" or "#tag" stay):
//   category  #General #Development #Design #Meeting #Research #Admin (any case)
//   priority  !low !medium !med !high !urgent, or !1 (urgent) to !4 (low)
//   estimate  45m 45min 2h 1.5h 1h30m "1h 30m" "90 mins" "2 hours", snapped to 5-minute steps in 5..480
//   project   +Name: one of the person's projects, any case, its spaces written as nothing, "-" or "_"
//             ("+WebsiteRedesign", "+website-redesign"); an unknown +word stays in the title (decision 176)
// Dates and times are read by chrono-node (decision 087), in the person's time zone, with Kairo's
// rules on top: a date alone is due at 17:00; a time alone is its next occurrence; a weekday, with or
// without "next", is the next such day after today; "next week" is next Monday; a bare hour 1 to 7
// ("at 3", "3:30") is the afternoon; midnight is 23:59 of its day; "sat", "sun" and "weekend" need a
// lead word; a month alone, a slash date ("1/2"), a two-digit year and a bare duration ("2 days")
// are not dates. Lead words ("due", "on", "by", "at", "@") go with the phrase. The first phrase of
// each kind wins; a second one stays in the title.

import { casual, type ParsedResult, type Parser } from "chrono-node/en";
import { findRepeatPhrase, firstRepeatDay, type RepeatPhrase } from "./quick-capture-recurrence.ts";
import { formatRule } from "./recurrence-rule.ts";
import { describeRecurrence } from "./recurrence-words.ts";
import { clampEstimate, TASK_CATEGORIES, type TaskCategory, type TaskPriority } from "./tasks.ts";
import { type Clock, type Day, offsetAt, wallClock, zonedInstant } from "./zoned-time.ts";

export type QuickCaptureKind = "deadline" | "estimate" | "category" | "priority" | "recurrence" | "project";

/** A project quick capture may name with +Name (the person's projects that take new tasks). */
export type QuickCaptureProject = { id: string; name: string };

/**
 * A repeat phrase ("every monday at 9", "every 3 days after completion") as a recurrence the series
 * API takes (recurrence-rule.ts's Recurrence), with its words for the preview. The deadline is then
 * the series' first date, and `start` is that date as the wall-clock time it shows in `timeZone`.
 */
export type QuickCaptureRecurrence = {
  rrule: string;
  start: string;
  timeZone: string;
  afterCompletion: boolean;
  /** "Every Monday at 09:00", "Every 3 days after completion, at 17:00". */
  description: string;
};

export type QuickCaptureResult = {
  title: string;
  deadline: Date | null;
  estimatedMinutes: number | null;
  category: TaskCategory | null;
  priority: TaskPriority | null;
  /** A repeat phrase, when the line has one. */
  recurrence: QuickCaptureRecurrence | null;
  /** The project named with +Name, when it is one of the projects given. */
  project: QuickCaptureProject | null;
  /** Each phrase taken out of the line, as typed, in the order it appeared. */
  recognized: Array<{ kind: QuickCaptureKind; text: string }>;
};

/** Wall-clock time a deadline gets when only a date was given: the end of the working day. */
export const QUICK_CAPTURE_DEFAULT_HOUR = 17;

/** The zone this runtime runs in: the browser's, which is the person's everywhere else in Kairo. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

// A whitespace-separated piece of the line, with where its word starts and ends once sentence
// punctuation around it is set aside ("(tomorrow)", "3pm.").
type Token = { raw: string; word: string; start: number; end: number; wordStart: number; wordEnd: number };

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
const MINUTE_UNITS = new Set(["min", "mins", "minute", "minutes"]);
const HOUR_UNITS = new Set(["hr", "hrs", "hour", "hours"]);
const LEADS = new Set(["due", "on", "by", "at", "@"]);
const ESTIMATE_LEADS = new Set(["for"]);
const NO_LEADS = new Set<string>();
const WEEKDAY_LEADS = new Set([...LEADS, "next", "this"]);

function tokenize(text: string): Token[] {
  return [...text.matchAll(/\S+/g)].map(({ 0: raw, index: start }) => {
    const lead = /^[("'[@]*/.exec(raw)![0].length;
    const trail = /[.,;:!?)\]"']*$/.exec(raw.slice(lead))![0].length;
    const word = raw.slice(raw.startsWith("@") ? 0 : lead, raw.length - trail).toLowerCase();
    return {
      raw,
      word,
      start,
      end: start + raw.length,
      wordStart: start + lead,
      wordEnd: start + raw.length - trail,
    };
  });
}

const wordAt = (tokens: Token[], i: number) => tokens[i]?.word ?? "";

// -- Kairo's own notation

function matchEstimate(tokens: Token[], i: number): { minutes: number; length: number } | null {
  const w = wordAt(tokens, i);
  const next = wordAt(tokens, i + 1);
  const minutes = /^(\d+(?:\.\d+)?)(m|min|mins|minute|minutes)$/.exec(w);
  if (minutes) return { minutes: Number(minutes[1]), length: 1 };
  const hours = /^(\d+(?:\.\d+)?)(h|hr|hrs|hour|hours)$/.exec(w);
  if (hours) {
    const extra = /^(\d{1,2})(m|min|mins)$/.exec(next);
    // "1h 30m" is one estimate, not two.
    if (extra && Number.isInteger(Number(hours[1])))
      return { minutes: Number(hours[1]) * 60 + Number(extra[1]), length: 2 };
    return { minutes: Number(hours[1]) * 60, length: 1 };
  }
  const compact = /^(\d+)h(\d{1,2})(m|min|mins)?$/.exec(w);
  if (compact) return { minutes: Number(compact[1]) * 60 + Number(compact[2]), length: 1 };
  if (/^\d+(?:\.\d+)?$/.test(w)) {
    if (MINUTE_UNITS.has(next)) return { minutes: Number(w), length: 2 };
    if (HOUR_UNITS.has(next)) return { minutes: Number(w) * 60, length: 2 };
  }
  return null;
}

/** A project name as +Name matches it: lower case, without spaces, hyphens and underscores. */
export const projectTagKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");

/** How a project is written in quick capture: "+" and its name without spaces ("+WebsiteRedesign"). */
export const projectTag = (name: string) => `+${name.replace(/\s+/g, "")}`;

function matchTag(word: string, projects: readonly QuickCaptureProject[]) {
  if (word.startsWith("+") && word.length > 1) {
    const key = projectTagKey(word.slice(1));
    const project = key ? projects.find((p) => projectTagKey(p.name) === key) : undefined;
    return project ? ({ kind: "project", value: { id: project.id, name: project.name } } as const) : null;
  }
  if (word.startsWith("#")) {
    const category = TASK_CATEGORIES.find((c) => c.toLowerCase() === word.slice(1));
    return category ? ({ kind: "category", value: category } as const) : null;
  }
  const priority = word.startsWith("!") ? PRIORITY_TAGS[word.slice(1)] : undefined;
  return priority ? ({ kind: "priority", value: priority } as const) : null;
}

// -- dates and times, by chrono

// February 29 in a year without one is the next one there is, as "feb 30" is nothing.
const leapDay: Parser = {
  pattern: () => /(?<!\w)(?:feb(?:ruary)?\.?\s*29(?:th)?|29(?:th)?\s*(?:of\s*)?feb(?:ruary)?\.?)(?!\w)/i,
  extract: (context) => {
    const today = context.reference.getDateWithAdjustedTimezone();
    let year = today.getFullYear() + (today.getMonth() > 1 ? 1 : 0);
    while (new Date(Date.UTC(year, 1, 29)).getUTCDate() !== 29) year++;
    return context.createParsingComponents({ month: 2, day: 29 }).imply("year", year);
  },
};
const chrono = casual.clone();
chrono.parsers.unshift(leapDay);

const hasDate = (r: ParsedResult) =>
  (["day", "weekday", "month", "year"] as const).some((c) => r.start.isCertain(c));
const hasTime = (r: ParsedResult) =>
  r.start.isCertain("hour") ||
  ["parser/ENCasualTimeParser", "casualReference/tonight"].some((t) => r.tags().has(t));

/** Tokens to hide from chrono when a reading breaks one of Kairo's rules, or null when it stands. */
function refusal(r: ParsedResult, span: number[], tokens: Token[]): number[] | null {
  const first = tokens[span[0]!]!;
  const last = tokens[span.at(-1)!]!;
  const text = r.text.toLowerCase();
  const tags = r.tags();
  const where = (test: RegExp) => {
    const hits = span.filter((i) => test.test(tokens[i]!.word));
    return hits.length > 0 ? hits : span;
  };
  // Part of a longer word: "Monday.com", "Today's", "45m-ish".
  if (r.index > first.wordStart) return [span[0]!];
  if (r.index + r.text.length < last.wordEnd) return [span.at(-1)!];
  // "1/2" and "3/4" are fractions as often as dates, and which of day and month comes first is a guess.
  if (tags.has("parser/SlashDateFormatParser")) return where(/\d\/\d/);
  // A year is written in full: "5 dec 27" is no date, not 2027.
  const relative = [...tags].some((t) => t.startsWith("casualReference/") || t.startsWith("result/relative"));
  if (r.start.isCertain("year") && !relative && /\d/.test(text) && !/\b\d{4}\b/.test(text)) return span;
  // A duration is an estimate or part of the title ("Spend 2 days"); "in 2 days" is a date.
  if (
    tags.has("result/relativeDate") &&
    !/^(?:in|within|next|this|last)\b|\b(?:from now|later|ago)$/.test(text)
  )
    return span;
  // A month or a year alone ("Call March team", "Plan next year") is too vague for a deadline, and
  // "now" is past before the task is saved.
  if (hasDate(r) && !r.start.isCertain("day") && !r.start.isCertain("weekday")) return span;
  if (tags.has("casualReference/now")) return span;
  // A range ("from monday to friday", "Mon-Fri"): the first date written wins, as for any second date.
  if (r.end) return [span.at(-1)!];
  // "Sat down", "the sun", "weekend trip": a day only after a lead word ("on sat", "next weekend").
  if (/^(?:sat|sun|weekend|weekday)\b/.test(text) && !WEEKDAY_LEADS.has(wordAt(tokens, span[0]! - 1)))
    return [span[0]!];
  // "Morning pages", "Evening run": a part of the day counts with a day ("tomorrow morning", "tonight").
  if (tags.has("parser/ENCasualTimeParser") && !hasDate(r) && !/\b(?:this|noon|midday|midnight)\b/.test(text))
    return where(/^(?:morning|afternoon|evening|night)$/);
  return null;
}

type Reading = { result: ParsedResult; span: number[] };

/** What chrono reads in the line, once every reading that breaks a rule has had its words hidden. */
function readDates(
  text: string,
  tokens: Token[],
  hidden: Set<number>,
  now: Date,
  timeZone: string,
): Reading[] {
  const reference = { instant: now, timezone: offsetAt(now.getTime(), timeZone) };
  read: for (;;) {
    let line = text;
    for (const i of hidden)
      line = line.slice(0, tokens[i]!.start) + " ".repeat(tokens[i]!.raw.length) + line.slice(tokens[i]!.end);
    const readings = chrono.parse(line, reference, { forwardDate: true }).map((result) => ({
      result,
      span: tokens.flatMap((t, i) =>
        t.start < result.index + result.text.length && t.end > result.index ? [i] : [],
      ),
    }));
    for (const { result, span } of readings) {
      const words = refusal(result, span, tokens)?.filter((i) => !hidden.has(i));
      if (!words) continue;
      // Each round hides at least one more word, so this ends.
      for (const i of words.length > 0 ? words : span) hidden.add(i);
      continue read;
    }
    return readings;
  }
}

const utcDay = (d: Day, plus = 0) => new Date(Date.UTC(d.year, d.month - 1, d.day + plus));
const addDays = (d: Day, days: number): Day => {
  const x = utcDay(d, days);
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
};
const nextWeekday = (today: Day, weekday: number) =>
  addDays(today, (weekday - utcDay(today).getUTCDay() + 7) % 7 || 7);

function dayOf(r: ParsedResult, today: Day): Day {
  const text = r.text.toLowerCase();
  if (/\bnext week\b/.test(text) && !r.start.isCertain("weekday")) return nextWeekday(today, 1);
  if (r.start.isCertain("weekday") && !r.start.isCertain("day") && !/\b(?:this|last|past|week)\b/.test(text))
    return nextWeekday(today, r.start.get("weekday")!);
  return { year: r.start.get("year")!, month: r.start.get("month")!, day: r.start.get("day")! };
}

function clockOf(r: ParsedResult): Clock {
  if (r.tags().has("casualReference/midnight")) return { hour: 23, minute: 59 };
  const hour = r.start.get("hour")!;
  const minute = r.start.get("minute") ?? 0;
  return !r.start.isCertain("meridiem") && hour >= 1 && hour <= 7 && writtenAsOneDigit(r.text, hour)
    ? { hour: hour + 12, minute }
    : { hour, minute };
}

// Whether the hour was written as one digit ("at 3", "3:30"): tasks are rarely due at 3 in the
// morning, while "03:30" still reads literally. The clock-like number ("3:30", "at 3") is the one meant.
function writtenAsOneDigit(text: string, hour: number): boolean {
  const numbers = [...text.matchAll(/(?<![\d:./-])(\d{1,2})(:\d{2})?(?![\d:])/g)].filter(
    (m) => Number(m[1]) === hour,
  );
  const clockLike = numbers.filter((m) => m[2] || /(?:at|@)\s*$/i.test(text.slice(0, m.index)));
  return (clockLike.at(-1) ?? numbers.at(-1))?.[1]?.length === 1;
}

function deadlineOf(date: ParsedResult | null, time: ParsedResult | null, now: Date, timeZone: string) {
  const today = wallClock(now.getTime(), timeZone);
  if (date) {
    const clock = time ? clockOf(time) : { hour: QUICK_CAPTURE_DEFAULT_HOUR, minute: 0 };
    return zonedInstant(dayOf(date, today), clock, timeZone);
  }
  if (!time) return null;
  // A time alone means its next occurrence: today if still ahead, else tomorrow.
  const todayAt = zonedInstant(today, clockOf(time), timeZone);
  return todayAt > now ? todayAt : zonedInstant(addDays(today, 1), clockOf(time), timeZone);
}

/** The date written after a repeat phrase's "until" ("daily until dec 31"), with its words. */
function readUntil(text: string, tokens: Token[], untilAt: number, now: Date, timeZone: string) {
  const offset = tokens[untilAt]!.end;
  const reference = { instant: now, timezone: offsetAt(now.getTime(), timeZone) };
  const [r] = chrono.parse(text.slice(offset), reference, { forwardDate: true });
  if (!r || text.slice(offset, offset + r.index).trim() !== "" || !r.start.isCertain("day")) return null;
  const from = offset + r.index;
  const to = from + r.text.length;
  const span = tokens.flatMap((t, i) => (i > untilAt && t.start < to && t.end > from ? [i] : []));
  return { day: dayOf(r, wallClock(now.getTime(), timeZone)), span };
}

/**
 * A repeating task's first date: the first day on or after the date written (today when none) that
 * the rule falls on, at the time written (17:00 when none), never already past; and its recurrence.
 */
function repeatingDeadline(
  repeat: RepeatPhrase,
  untilDay: Day | null,
  date: ParsedResult | null,
  time: ParsedResult | null,
  now: Date,
  timeZone: string,
): Pick<QuickCaptureResult, "deadline" | "recurrence"> {
  const today = wallClock(now.getTime(), timeZone);
  const clock = time ? clockOf(time) : { hour: QUICK_CAPTURE_DEFAULT_HOUR, minute: 0 };
  let day = firstRepeatDay(repeat.parts, date ? dayOf(date, today) : today);
  if (zonedInstant(day, clock, timeZone) <= now) day = firstRepeatDay(repeat.parts, addDays(today, 1));
  const deadline = zonedInstant(day, clock, timeZone);
  const until = untilDay
    ? `${zonedInstant(untilDay, { hour: 23, minute: 59, second: 59 }, timeZone).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`
    : null;
  const two = (n: number) => String(n).padStart(2, "0");
  const recurrence = {
    rrule: formatRule({ ...repeat.parts, until }),
    start: `${day.year}-${two(day.month)}-${two(day.day)}T${two(clock.hour)}:${two(clock.minute)}`,
    timeZone,
    afterCompletion: repeat.afterCompletion,
  };
  return { deadline, recurrence: { ...recurrence, description: describeRecurrence(recurrence) ?? "" } };
}

export function parseQuickCapture(
  text: string,
  now: Date,
  timeZone = localTimeZone(),
  projects: readonly QuickCaptureProject[] = [],
): QuickCaptureResult {
  const tokens = tokenize(text);
  const result: QuickCaptureResult = {
    title: "",
    deadline: null,
    estimatedMinutes: null,
    category: null,
    priority: null,
    recurrence: null,
    project: null,
    recognized: [],
  };
  const phrases: Array<{ kind: QuickCaptureKind; words: number[] }> = [];
  const taken = new Set<number>();
  // Takes a phrase's words out of the title, with the lead words just before it ("due by", "for").
  const take = (kind: QuickCaptureKind, span: number[], leads: ReadonlySet<string>) => {
    let from = span[0]!;
    while (from > 0 && leads.has(wordAt(tokens, from - 1)) && !taken.has(from - 1)) from--;
    const words = [...Array.from({ length: span[0]! - from }, (_, k) => from + k), ...span].filter(
      (i) => !taken.has(i),
    );
    for (const i of words) taken.add(i);
    phrases.push({ kind, words });
  };

  // Estimates and tags first; every estimate-like word is hidden from the date reader ("30m 2h").
  const hidden = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const estimate = matchEstimate(tokens, i);
    const own = estimate
      ? ({ kind: "estimate", value: clampEstimate(estimate.minutes) } as const)
      : matchTag(tokens[i]!.word, projects);
    if (!own) continue;
    const span = Array.from({ length: estimate?.length ?? 1 }, (_, k) => i + k);
    for (const k of span) hidden.add(k);
    const field = own.kind === "estimate" ? "estimatedMinutes" : own.kind;
    if (result[field] === null) {
      Object.assign(result, { [field]: own.value });
      take(own.kind, span, own.kind === "estimate" ? ESTIMATE_LEADS : NO_LEADS);
    }
    i += span.length - 1;
  }

  // A repeat phrase, with the date after its "until"; its words are hidden from the date reader.
  const repeat = findRepeatPhrase(
    tokens.map((t) => t.word),
    hidden,
    (i) => hidden.has(i),
  );
  let untilDay: Day | null = null;
  if (repeat) {
    const span = Array.from({ length: repeat.end - repeat.start }, (_, k) => repeat.start + k);
    const until = repeat.untilAt === null ? null : readUntil(text, tokens, repeat.untilAt, now, timeZone);
    if (until) {
      span.push(repeat.untilAt!, ...until.span);
      untilDay = until.day;
    }
    for (const i of span) hidden.add(i);
    take("recurrence", span, NO_LEADS);
  }

  // The first date or time read; a later reading completes it only with what it lacks.
  const readings = readDates(text, tokens, hidden, now, timeZone).filter(
    (x) => hasDate(x.result) || hasTime(x.result),
  );
  const first = readings[0];
  const lacks = first && !hasDate(first.result) ? hasDate : first && !hasTime(first.result) ? hasTime : null;
  const other = lacks === hasDate ? hasTime : hasDate;
  const complement = lacks && readings.slice(1).find((x) => lacks(x.result) && !other(x.result));
  const used = [first, complement].filter((x) => x !== undefined && x !== null);
  for (const { span } of used) take("deadline", span, LEADS);
  const date = used.find((x) => hasDate(x.result))?.result ?? null;
  const time = used.find((x) => hasTime(x.result))?.result ?? null;
  if (repeat) {
    Object.assign(result, repeatingDeadline(repeat, untilDay, date, time, now, timeZone));
  } else {
    result.deadline = deadlineOf(date, time, now, timeZone);
  }

  result.recognized = phrases
    .sort((a, b) => a.words[0]! - b.words[0]!)
    .map((p) => ({ kind: p.kind, text: p.words.map((i) => tokens[i]!.raw).join(" ") }));
  result.title = tokens
    .filter((_, i) => !taken.has(i))
    .map((t) => t.raw)
    .join(" ");
  return result;
}
