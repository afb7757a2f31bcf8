// How each kind of calendar item looks and is named, shared by the weekly panel and the calendar.
import { isSameDay } from "date-fns";
import { type CalendarItem, type CalendarItemKind, formatTime } from "../calendar-items.ts";
import { weekdayShort } from "../date-labels.ts";

export const KIND_CLASS: Record<CalendarItemKind, string> = {
  task: "border-l-[3px] border-accent bg-accent-soft/70",
  block: "border-l-[3px] border-success bg-success/15",
  event: "border-l-[3px] border-warning bg-warning/15",
};

export const KIND_DOT: Record<CalendarItemKind, string> = {
  task: "bg-accent",
  block: "bg-success",
  event: "bg-warning",
};

export const KIND_LABEL: Record<CalendarItemKind, string> = {
  task: "Task due",
  block: "Tracked time",
  event: "Event",
};

/** A future occurrence of a repeating task looks like a deadline, dashed: it is not open yet. */
export const REPEAT_CLASS = "border-l-[3px] border-dashed border-accent bg-accent-soft/40";

/** How an item's chip looks: a future occurrence dashed; a completed one as a completed task. */
export const itemClass = (item: CalendarItem) =>
  item.occurrence && !item.completed ? REPEAT_CLASS : KIND_CLASS[item.kind];

/** What kind of item it is, in words: "Task due", "Repeat of a task", "Tracked time", "Event". */
export const kindLabel = (item: CalendarItem) =>
  item.occurrence ? "Repeat of a task" : KIND_LABEL[item.kind];

/** "Repeats: Every weekday at 08:30", or null for what does not repeat. */
export const repeatsLabel = (item: CalendarItem) => (item.repeats ? `Repeats: ${item.repeats}` : null);

/** The words a screen reader hears for an item: kind, title, time, and its rule when it repeats. */
export function itemDescription(item: CalendarItem, time: string): string {
  const done = item.kind === "task" && item.completed ? ", completed" : "";
  const repeats = repeatsLabel(item);
  return `${kindLabel(item)}: ${item.title}, ${time}${done}${repeats ? `. ${repeats}` : ""}`;
}

/** "due 14:00", "9:30–10:15", "9:30–now", "Mon 22:00–Tue 1:00". */
export function itemTime(item: CalendarItem): string {
  if (item.kind === "task") return `due ${formatTime(item.start)}`;
  if (item.end.getTime() === item.start.getTime()) return formatTime(item.start);
  const end = item.ongoing ? "now" : formatTime(item.end);
  if (isSameDay(item.start, item.end) || item.ongoing) return `${formatTime(item.start)}–${end}`;
  const at = (d: Date) => `${weekdayShort(d)} ${formatTime(d)}`;
  return `${at(item.start)}–${at(item.end)}`;
}
