// Reminders' time rules (issue 24 point 6, decisions 245 and 246): when a reminder is due, what a
// snooze moves it to, and whether a sweep that finds it due fires it on time, late, or lists it as
// missed. Pure, so the server, the web and the tests share them.
import { wallClock, zonedInstant } from "./zoned-time.ts";

/** Reminders one person may set on one task. */
export const MAX_REMINDERS_PER_TASK = 20;
/** The longest "before the deadline": a year. */
export const MAX_REMINDER_OFFSET_MINUTES = 365 * 24 * 60;
/** A reminder fired this long after its time says it is late. */
export const LATE_AFTER_MS = 2 * 60_000;
/** One more than this late is not fired: the notification centre lists it as missed instead. */
export const DROP_AFTER_MS = 24 * 60 * 60_000;
/** "Tomorrow morning" is this hour in the person's zone. */
export const MORNING_HOUR = 9;

export const REMINDER_UNITS = ["minutes", "hours", "days"] as const;
export type ReminderUnit = (typeof REMINDER_UNITS)[number];
const UNIT_MINUTES: Record<ReminderUnit, number> = { minutes: 1, hours: 60, days: 1440 };

export const SNOOZE_CHOICES = ["10m", "1h", "tomorrow"] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

export function offsetMinutesOf(amount: number, unit: ReminderUnit): number {
  return amount * UNIT_MINUTES[unit];
}

/** The largest unit that divides the offset evenly, for showing it as it was typed. */
export function offsetInWords(minutes: number): string {
  const [amount, unit] =
    minutes % 1440 === 0
      ? [minutes / 1440, "day"]
      : minutes % 60 === 0
        ? [minutes / 60, "hour"]
        : [minutes, "minute"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"} before the deadline`;
}

/**
 * When a reminder is due: its own time, or the deadline less its offset (recomputed whenever the
 * deadline moves, so a recurring series can move it per occurrence); null while an offset reminder's
 * task has no deadline.
 */
export function reminderDueAt(r: { at: Date | null; offsetMinutes: number | null }, deadline: Date | null) {
  if (r.at) return r.at;
  if (r.offsetMinutes === null || !deadline) return null;
  return new Date(deadline.getTime() - r.offsetMinutes * 60_000);
}

/** The time a snooze moves a reminder to; "tomorrow" is 9:00 tomorrow on the person's wall clock. */
export function snoozeUntil(choice: SnoozeChoice, now: Date, timeZone: string): Date {
  if (choice === "10m") return new Date(now.getTime() + 10 * 60_000);
  if (choice === "1h") return new Date(now.getTime() + 60 * 60_000);
  const today = wallClock(now.getTime(), timeZone);
  // Noon avoids any DST edge when stepping to the next calendar day.
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1, 12));
  return zonedInstant(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    { hour: MORNING_HOUR, minute: 0 },
    timeZone,
  );
}

export type Firing = "on-time" | "late" | "missed";

/** What a sweep at `now` does with a reminder due at `dueAt`. */
export function firingOf(dueAt: Date, now: Date): Firing {
  const lateBy = now.getTime() - dueAt.getTime();
  if (lateBy > DROP_AFTER_MS) return "missed";
  return lateBy > LATE_AFTER_MS ? "late" : "on-time";
}

/** Why a new reminder cannot be stored, or null when it can. */
export function reminderProblem(
  r: { at: Date | null; offsetMinutes: number | null },
  deadline: Date | null,
  now: Date,
): string | null {
  if (r.offsetMinutes !== null) {
    if (!deadline) return "This task has no deadline: set one, or remind at a time instead.";
    if (deadline.getTime() <= now.getTime()) return "The task's deadline has passed.";
    if (reminderDueAt(r, deadline)!.getTime() <= now.getTime())
      return "That is already past: choose a shorter time before the deadline.";
    return null;
  }
  if (!r.at || r.at.getTime() <= now.getTime()) return "The reminder's time must be in the future.";
  if (deadline && r.at.getTime() > deadline.getTime())
    return "A reminder must come before the task's deadline.";
  return null;
}
