// A repeat rule in words, as the task form, quick capture's preview and the task list show it
// ("Every weekday at 08:30", "Monthly on the last Friday"), what happens at month ends, and an
// occurrence's date in words. Light: no rule library, only Intl.
import {
  parseRule,
  parseStart,
  type Recurrence,
  type RuleParts,
  untilInstant,
  WEEKDAYS,
  type Weekday,
} from "./recurrence-rule.ts";

const DAY_NAMES: Readonly<Record<Weekday, string>> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const MONTH_NAMES = [
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
const ORDINAL_WORDS: Readonly<Record<number, string>> = {
  1: "first",
  2: "second",
  3: "third",
  4: "fourth",
  5: "fifth",
  [-1]: "last",
  [-2]: "second-to-last",
  [-3]: "third-to-last",
};
const WORKWEEK = ["MO", "TU", "WE", "TH", "FR"];

/** 1st, 2nd, 3rd, 4th, 11th, 21st... */
export function ordinalNumber(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? "th"
      : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

const ordinalWord = (n: number) =>
  ORDINAL_WORDS[n] ?? (n > 0 ? ordinalNumber(n) : `${ordinalNumber(-n)}-to-last`);

/** "Monday", "Monday and Friday", "Monday, Wednesday and Friday" (joined by "or" when asked). */
function list(items: string[], last = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
}

function isWorkweek(days: Weekday[]): boolean {
  return days.length === 5 && WORKWEEK.every((d) => days.includes(d as Weekday));
}

function sortedDays(days: Weekday[]): Weekday[] {
  return [...new Set(days)].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
}

function monthDayWords(days: number[]): string {
  return `the ${list(days.map((d) => (d > 0 ? ordinalNumber(d) : d === -1 ? "last day" : `${ordinalWord(d)} day`)))}`;
}

/** "the last Friday", "the third Tuesday", "the last weekday", "the first Saturday or Sunday". */
function weekdayInPeriodWords(p: RuleParts): string | null {
  const numbered = p.byDay.filter((d) => d.nth !== null);
  if (numbered.length > 0 && numbered.length === p.byDay.length)
    return `the ${list(numbered.map((d) => `${ordinalWord(d.nth!)} ${DAY_NAMES[d.weekday]}`))}`;
  if (p.bySetPos.length > 0 && p.byDay.length > 0 && numbered.length === 0) {
    const days = sortedDays(p.byDay.map((d) => d.weekday));
    const which = isWorkweek(days)
      ? "weekday"
      : list(
          days.map((d) => DAY_NAMES[d]),
          "or",
        );
    return `the ${list(p.bySetPos.map(ordinalWord))} ${which}`;
  }
  return null;
}

type Context = { day: number; month: number; weekday: Weekday } | null;

function contextOf(start: string | undefined): Context {
  const s = start ? parseStart(start) : null;
  if (!s) return null;
  const weekday = WEEKDAYS[(new Date(Date.UTC(s.year, s.month - 1, s.day)).getUTCDay() + 6) % 7]!;
  return { day: s.day, month: s.month, weekday };
}

/** The rule without its end or time: "Every weekday", "Every 2 weeks on Friday", "Monthly on the 15th". */
export function describeParts(p: RuleParts, start?: string): string {
  const ctx = contextOf(start);
  const n = p.interval;
  const plainDays = p.byDay.filter((d) => d.nth === null).map((d) => d.weekday);
  const inMonths = p.byMonth.length ? ` in ${list(p.byMonth.map((m) => MONTH_NAMES[m - 1]!))}` : "";
  switch (p.freq) {
    case "DAILY": {
      const days = sortedDays(plainDays);
      const every = n === 1 ? "Every day" : `Every ${n} days`;
      if (days.length === 0)
        return `${every}${inMonths}${p.byMonthDay.length ? ` on ${monthDayWords(p.byMonthDay)}` : ""}`;
      const which = isWorkweek(days) ? "weekday" : list(days.map((d) => DAY_NAMES[d]));
      return n === 1
        ? `Every ${which}${inMonths}`
        : `${every}, only on ${isWorkweek(days) ? "weekdays" : which}${inMonths}`;
    }
    case "WEEKLY": {
      const days = sortedDays(plainDays.length ? plainDays : ctx ? [ctx.weekday] : []);
      const which =
        days.length === 0 ? "" : isWorkweek(days) ? "weekday" : list(days.map((d) => DAY_NAMES[d]));
      if (n === 1) return `${which ? `Every ${which}` : "Every week"}${inMonths}`;
      return `Every ${n} weeks${which ? ` on ${isWorkweek(days) ? "weekdays" : which}` : ""}${inMonths}`;
    }
    case "MONTHLY": {
      const on =
        weekdayInPeriodWords(p) ??
        (p.byMonthDay.length
          ? monthDayWords(p.byMonthDay)
          : plainDays.length
            ? `every ${list(sortedDays(plainDays).map((d) => DAY_NAMES[d]))}`
            : ctx
              ? monthDayWords([ctx.day])
              : null);
      const every = n === 1 ? "Monthly" : `Every ${n} months`;
      return `${every}${on ? ` on ${on}` : ""}${inMonths}`;
    }
    case "YEARLY": {
      const every = n === 1 ? "Yearly" : `Every ${n} years`;
      const months = p.byMonth.length ? p.byMonth : ctx ? [ctx.month] : [];
      const monthWords = list(months.map((m) => MONTH_NAMES[m - 1]!));
      const setDays = weekdayInPeriodWords(p);
      if (p.byYearDay.length)
        return `${every} on ${list(p.byYearDay.map((d) => (d > 0 ? `day ${d}` : `the ${ordinalWord(d)} day`)))} of the year`;
      if (p.byWeekNo.length) {
        const days = sortedDays(plainDays.length ? plainDays : ctx ? [ctx.weekday] : []);
        return `${every} in week ${list(p.byWeekNo.map(String))}${days.length ? ` on ${list(days.map((d) => DAY_NAMES[d]))}` : ""}`;
      }
      if (setDays) return `${every} on ${setDays}${months.length ? ` of ${monthWords}` : ""}`;
      const days = p.byMonthDay.length ? p.byMonthDay : ctx && !plainDays.length ? [ctx.day] : [];
      if (plainDays.length)
        return `${every} on every ${list(sortedDays(plainDays).map((d) => DAY_NAMES[d]))}${months.length ? ` in ${monthWords}` : ""}`;
      if (days.length && months.length) {
        if (days.length === 1 && days[0]! > 0) return `${every} on ${days[0]} ${monthWords}`;
        return `${every} on ${monthDayWords(days)} of ${monthWords}`;
      }
      return every;
    }
  }
}

/** "at 08:30" from a start ("2026-03-06T08:30"), or nothing. */
function timeWords(start: string | undefined): string {
  const s = start ? parseStart(start) : null;
  return s ? ` at ${String(s.hour).padStart(2, "0")}:${String(s.minute).padStart(2, "0")}` : "";
}

/**
 * A recurrence in words: "Every weekday at 08:30", "Monthly on the last Friday at 17:00, 10 times",
 * "Every 3 days after completion, at 09:00", "Every day at 17:00, until 31 December 2026".
 * Without a start the time is left out ("Monthly on the last Friday"). Null when the rule is invalid.
 */
export function describeRecurrence(
  r: Pick<Recurrence, "rrule" | "afterCompletion"> & { start?: string; timeZone?: string },
  o: { withTime?: boolean } = {},
): string | null {
  const reading = parseRule(r.rrule);
  if (!reading.ok) return null;
  const p = reading.parts;
  const time = o.withTime === false ? "" : timeWords(r.start);
  let text = describeParts(p, r.start);
  text += r.afterCompletion ? ` after completion${time ? `,${time}` : ""}` : time;
  if (p.count !== null) text += p.count === 1 ? ", once" : `, ${p.count} times`;
  if (p.until !== null) {
    const zone = r.timeZone ?? "UTC";
    const end = untilInstant(p.until, zone);
    text += `, until ${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: zone }).format(end)}`;
  }
  return text;
}

/**
 * What happens at month ends, in words the form can show beside the rule (RFC 5545 skips a date a
 * month does not have; it never moves it). Null when the rule meets no such month.
 */
export function monthEndNote(r: Pick<Recurrence, "rrule"> & { start?: string }): string | null {
  const reading = parseRule(r.rrule);
  if (!reading.ok) return null;
  const p = reading.parts;
  const ctx = contextOf(r.start);
  const lastDayTip = "Choose “last day of the month” to repeat at every month's end.";
  if (p.freq === "MONTHLY" && p.byDay.length === 0) {
    const days = p.byMonthDay.length ? p.byMonthDay : ctx ? [ctx.day] : [];
    const latest = Math.max(0, ...days.filter((d) => d > 0));
    if (latest === 31)
      return `Months without a 31st (February, April, June, September and November) are skipped, as the calendar standard says. ${lastDayTip}`;
    if (latest === 30)
      return `February has no 30th, so it is skipped, as the calendar standard says. ${lastDayTip}`;
    if (latest === 29)
      return `February is skipped except in leap years, as the calendar standard says. ${lastDayTip}`;
  }
  if (p.freq === "MONTHLY" && p.byDay.some((d) => d.nth === 5))
    return "Months without a fifth such weekday are skipped. Choose “last” to repeat every month.";
  if (p.freq === "YEARLY" && p.byDay.length === 0) {
    const months = p.byMonth.length ? p.byMonth : ctx ? [ctx.month] : [];
    const days = p.byMonthDay.length ? p.byMonthDay : ctx ? [ctx.day] : [];
    if (months.includes(2) && days.includes(29))
      return "29 February comes only in leap years, so this repeats every four years, as the calendar standard says.";
  }
  return null;
}

/** An occurrence in words, in the person's zone: "Fri 6 Mar 2026, 08:30". */
export function formatOccurrence(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(date);
}
