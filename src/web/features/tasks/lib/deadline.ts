// Deadlines on screen: relative words in the list, and the round trip through
// <input type="datetime-local"> (local wall-clock time, no zone) to an ISO instant with its offset.

const pad2 = (n: number) => String(n).padStart(2, "0");

/** "2026-12-01T15:00" for a datetime-local input, in the browser's zone. */
export function toDateTimeLocalValue(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** A datetime-local value as "2026-12-01T15:00:00+01:00"; null when empty or not a date. */
export function fromDateTimeLocalValue(value: string): string | null {
  if (!value) return null;
  const d = new Date(value); // a date-time without zone is read as local time
  if (Number.isNaN(d.getTime())) return null;
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return (
    `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}` +
    `T${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}` +
    `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
  );
}

const DAY_MS = 86_400_000;
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "3 hours", "2 days", "1 minute": how far apart two instants are, in the largest whole unit. */
function distance(ms: number): string {
  const minutes = Math.max(1, Math.floor(Math.abs(ms) / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (minutes < 60) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 14) return unit(days, "day");
  const weeks = Math.floor(days / 7);
  if (days < 60) return unit(weeks, "week");
  return unit(Math.floor(days / 30), "month");
}

export type DeadlineText = { text: string; full: string; overdue: boolean };

/**
 * "Due today, 3:00 PM", "Due tomorrow, 9:00 AM", "Due Fri, 5:00 PM", "Due Dec 5", or, when past and
 * the task is still open, "Overdue by 2 days".
 */
export function describeDeadline(iso: string, now: Date, completed: boolean): DeadlineText {
  const d = new Date(iso);
  const full = d.toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
  const ms = d.getTime() - now.getTime();
  if (ms < 0 && !completed) return { text: `Overdue by ${distance(ms)}`, full, overdue: true };
  const time = d.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
  const days = Math.round((startOfDay(d) - startOfDay(now)) / DAY_MS);
  if (days === 0) return { text: `Due today, ${time}`, full, overdue: false };
  if (days === 1) return { text: `Due tomorrow, ${time}`, full, overdue: false };
  if (days === -1) return { text: `Due yesterday, ${time}`, full, overdue: false };
  if (days > 1 && days < 7) {
    const weekday = d.toLocaleDateString(undefined, { weekday: "short" });
    return { text: `Due ${weekday}, ${time}`, full, overdue: false };
  }
  const sameYear = d.getFullYear() === now.getFullYear();
  const date = d.toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  });
  return { text: `Due ${date}`, full, overdue: false };
}
