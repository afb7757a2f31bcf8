// A repeating task's rule and next date in words, as the list and its toasts say them.
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { describeRecurrence } from "#shared/domain/recurrence-words.ts";

/** "Every 3 days after completion, at 09:00"; the raw rule when it has no words. */
export function repeatWords(r: NonNullable<TaskDto["recurrence"]>): string {
  return describeRecurrence(r) ?? r.rrule;
}

/** "Tue 3 Dec" (with the year when it is not this year's), in the series' zone. */
export function nextDateWords(iso: string, timeZone: string, now = new Date()): string {
  const d = new Date(iso);
  const year = (x: Date) => new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone }).format(x);
  const words = new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(year(d) === year(now) ? {} : { year: "numeric" }),
    timeZone,
  }).format(d);
  return words.replace(/,/g, "");
}
