// The task form's "Repeat" choices (issue 24): presets a person picks from, and the custom rule for
// everything else, each with an end (never, on a date, after N times) and "repeat after completion"
// beside "repeat on schedule". A form turns into a Recurrence (an RRULE) and any stored rule back into
// the form that shows it, so editing a series opens on the choice it was made with.
import {
  formatRule,
  parseRule,
  parseStart,
  type Recurrence,
  type RuleParts,
  ruleParts,
  untilInstant,
  WEEKDAYS,
  type Weekday,
} from "./recurrence-rule.ts";
import { wallClock, zonedInstant } from "./zoned-time.ts";

export const REPEAT_PRESETS = [
  "daily",
  "weekdays",
  "weekly",
  "every-n-weeks",
  "monthly-day",
  "monthly-weekday",
  "yearly",
  "custom",
] as const;
export type RepeatPreset = (typeof REPEAT_PRESETS)[number];

/** The choice's label in the form's select (ui.md: sentence case). */
export const REPEAT_PRESET_LABELS: Readonly<Record<RepeatPreset, string>> = {
  daily: "Every day",
  weekdays: "Every weekday (Monday to Friday)",
  weekly: "Weekly on chosen days",
  "every-n-weeks": "Every few weeks",
  "monthly-day": "Monthly on a day of the month",
  "monthly-weekday": "Monthly on the first, second… or last weekday",
  yearly: "Yearly",
  custom: "Custom rule (iCalendar RRULE)",
};

export const MONTH_ORDINALS = [1, 2, 3, 4, -1] as const;
export type MonthOrdinal = (typeof MONTH_ORDINALS)[number];

export type RepeatEnd = { kind: "never" } | { kind: "on"; date: string } | { kind: "after"; count: number };

export type RepeatForm = {
  preset: RepeatPreset;
  /** Every N days (daily), weeks (every-n-weeks), months (monthly-*) or years (yearly). */
  interval: number;
  /** weekly and every-n-weeks: the days, Monday first. */
  weekdays: Weekday[];
  /** monthly-day: 1 to 31, or -1 for the last day of the month. */
  monthDay: number;
  /** monthly-weekday: the first (1) to fourth (4) or the last (-1) `weekday` of the month. */
  ordinal: MonthOrdinal;
  weekday: Weekday;
  /** custom: an RRULE value ("FREQ=MONTHLY;BYDAY=TU;BYSETPOS=3"). Its own COUNT or UNTIL win over `end`. */
  custom: string;
  /** `on`: a date "2026-12-31", the last day an occurrence may fall on; `after`: a number of times. */
  end: RepeatEnd;
  afterCompletion: boolean;
};

const weekdayOf = (start: string): Weekday => {
  const s = parseStart(start);
  const d = s ? new Date(Date.UTC(s.year, s.month - 1, s.day)) : new Date(0);
  return WEEKDAYS[(d.getUTCDay() + 6) % 7]!;
};

/** The form as it opens for a start: every day, its weekday and its day of the month pre-filled. */
export function defaultRepeatForm(start: string, preset: RepeatPreset = "daily"): RepeatForm {
  const s = parseStart(start);
  const weekday = weekdayOf(start);
  const day = s?.day ?? 1;
  const base: RepeatForm = {
    preset,
    interval: preset === "every-n-weeks" ? 2 : 1,
    weekdays: [weekday],
    monthDay: day,
    // The start's own place in its month: the 4th Friday and the last, both, are offered as "last".
    ordinal: day > 21 ? -1 : (Math.ceil(day / 7) as MonthOrdinal),
    weekday,
    custom: "",
    end: { kind: "never" },
    afterCompletion: false,
  };
  return { ...base, custom: formToRule(base, start, "UTC") };
}

const clampInterval = (n: number) => Math.min(1000, Math.max(1, Math.round(Number.isFinite(n) ? n : 1)));

function presetParts(f: RepeatForm, start: string): RuleParts | null {
  const interval = clampInterval(f.interval);
  const s = parseStart(start);
  switch (f.preset) {
    case "daily":
      return ruleParts("DAILY", { interval });
    case "weekdays":
      return ruleParts("WEEKLY", {
        byDay: ["MO", "TU", "WE", "TH", "FR"].map((d) => ({ weekday: d as Weekday, nth: null })),
      });
    case "weekly":
    case "every-n-weeks": {
      const days = WEEKDAYS.filter((d) => f.weekdays.includes(d));
      return ruleParts("WEEKLY", {
        interval: f.preset === "weekly" ? 1 : interval,
        byDay: (days.length ? days : [weekdayOf(start)]).map((weekday) => ({ weekday, nth: null })),
      });
    }
    case "monthly-day":
      return ruleParts("MONTHLY", {
        interval,
        byMonthDay: [f.monthDay === -1 ? -1 : Math.min(31, Math.max(1, f.monthDay))],
      });
    case "monthly-weekday":
      return ruleParts("MONTHLY", { interval, byDay: [{ weekday: f.weekday, nth: f.ordinal }] });
    case "yearly":
      return ruleParts("YEARLY", {
        interval,
        byMonth: s ? [s.month] : [],
        byMonthDay: s ? [s.day] : [],
      });
    case "custom":
      return null;
  }
}

/**
 * The RRULE value a form stands for. `timeZone` places an end date: the series ends at the end of
 * that day in the person's zone (UNTIL in UTC, as RFC 5545 requires beside a zoned start).
 */
export function formToRule(f: RepeatForm, start: string, timeZone: string): string {
  const parts = presetParts(f, start);
  if (!parts) {
    const reading = parseRule(f.custom);
    if (!reading.ok) return f.custom.trim();
    if (reading.parts.count !== null || reading.parts.until !== null) return formatRule(reading.parts);
    return formatRule(withEnd(reading.parts, f.end, timeZone));
  }
  return formatRule(withEnd(parts, f.end, timeZone));
}

function withEnd(p: RuleParts, end: RepeatEnd, timeZone: string): RuleParts {
  if (end.kind === "after") return { ...p, count: Math.max(1, Math.round(end.count)), until: null };
  if (end.kind === "on") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(end.date);
    if (!m) return p;
    const last = zonedInstant(
      { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) },
      { hour: 23, minute: 59, second: 59 },
      timeZone,
    );
    return { ...p, count: null, until: `${last.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z` };
  }
  return { ...p, count: null, until: null };
}

/** The recurrence a form describes. */
export function formToRecurrence(f: RepeatForm, start: string, timeZone: string): Recurrence {
  return { rrule: formToRule(f, start, timeZone), start, timeZone, afterCompletion: f.afterCompletion };
}

const sameDays = (a: Weekday[], b: readonly string[]) =>
  a.length === b.length && b.every((d) => a.includes(d as Weekday));

/** The form that shows a stored recurrence: its preset when the rule is one, else "custom". */
export function recurrenceToForm(r: Recurrence): RepeatForm {
  const form = defaultRepeatForm(r.start);
  form.afterCompletion = r.afterCompletion;
  form.custom = r.rrule;
  form.preset = "custom";
  const reading = parseRule(r.rrule);
  if (!reading.ok) return form;
  const p = reading.parts;
  if (p.count !== null) form.end = { kind: "after", count: p.count };
  if (p.until !== null) {
    const w = wallClock(untilInstant(p.until, r.timeZone).getTime(), r.timeZone);
    form.end = {
      kind: "on",
      date: `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`,
    };
  }
  const plain = p.byDay.filter((d) => d.nth === null).map((d) => d.weekday);
  const noOther =
    p.byMonth.length + p.byYearDay.length + p.byWeekNo.length + p.bySetPos.length === 0 && p.wkst === null;
  const s = parseStart(r.start);
  if (!noOther && !(p.freq === "YEARLY" && p.byMonth.length === 1)) return form;
  if (p.freq === "DAILY" && p.byDay.length === 0 && p.byMonthDay.length === 0)
    Object.assign(form, { preset: "daily", interval: p.interval });
  else if (
    p.freq === "WEEKLY" &&
    p.interval === 1 &&
    sameDays(plain, ["MO", "TU", "WE", "TH", "FR"]) &&
    plain.length === p.byDay.length
  )
    form.preset = "weekdays";
  else if (p.freq === "WEEKLY" && plain.length === p.byDay.length && plain.length > 0)
    Object.assign(form, {
      preset: p.interval === 1 ? "weekly" : "every-n-weeks",
      interval: p.interval,
      weekdays: WEEKDAYS.filter((d) => plain.includes(d)),
    });
  else if (
    p.freq === "MONTHLY" &&
    p.byDay.length === 0 &&
    p.byMonthDay.length === 1 &&
    (p.byMonthDay[0]! > 0 || p.byMonthDay[0] === -1)
  )
    Object.assign(form, { preset: "monthly-day", interval: p.interval, monthDay: p.byMonthDay[0] });
  else if (
    p.freq === "MONTHLY" &&
    p.byMonthDay.length === 0 &&
    p.byDay.length === 1 &&
    (MONTH_ORDINALS as readonly (number | null)[]).includes(p.byDay[0]!.nth)
  )
    Object.assign(form, {
      preset: "monthly-weekday",
      interval: p.interval,
      weekday: p.byDay[0]!.weekday,
      ordinal: p.byDay[0]!.nth,
    });
  else if (
    p.freq === "YEARLY" &&
    p.byDay.length === 0 &&
    p.byYearDay.length + p.byWeekNo.length + p.bySetPos.length === 0 &&
    p.byMonth.length === 1 &&
    p.byMonthDay.length === 1 &&
    s &&
    p.byMonth[0] === s.month &&
    p.byMonthDay[0] === s.day
  )
    Object.assign(form, { preset: "yearly", interval: p.interval });
  return form;
}
