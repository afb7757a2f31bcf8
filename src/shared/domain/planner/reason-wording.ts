// Plain English for the planner's structured reasons and suggestions. The server and the web show
// these as they are; with AI_MODEL set, a model may reword them from the same codes and parameters.

import { DateTime } from "luxon";
import type { AtRisk, PlannedBlock, Reason, Suggestion, UnplacedTask } from "./types.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Thursday 17:00" (within a week of `now`) or "Thursday 12 March 17:00". */
export function formatDue(ms: number, zone: string, now?: number): string {
  const dt = DateTime.fromMillis(ms, { zone }).setLocale("en-GB");
  const near = now !== undefined && ms > now && ms - now < 6 * 86_400_000;
  return dt.toFormat(near ? "cccc HH:mm" : "cccc d LLLL HH:mm");
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** "8 June" (the occurrence's day in the person's zone). */
export const occurrenceDate = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).setLocale("en-GB").toFormat("d LLLL");

const hm = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} minutes`;
  return m ? `${h} h ${m} min` : `${h} ${h === 1 ? "hour" : "hours"}`;
};

export type WordingContext = { zone: string; now?: number; title: (taskId: string) => string };

export function describeReason(r: Reason, w: WordingContext): string {
  const p = r.params ?? {};
  const due = (key: string) => formatDue(Number(p[key]), w.zone, w.now);
  switch (r.code) {
    case "pinned":
      return "pinned here by you";
    case "kept":
      return "kept from your current plan";
    case "deadline":
      return `due ${due("deadline")}`;
    case "priority":
      return `${p.priority} priority`;
    case "focusHours":
      return "demanding work, in your focus hours";
    case "focusTaken":
      return `${WEEKDAYS[Number(p.weekday)]}'s focus hours were taken by ${p.by}`;
    case "split":
      return `part ${p.part} of ${p.parts}`;
    case "firstFreeTime":
      return "the first free time left for it after more important work";
    case "notBefore":
      return `not before ${due("notBefore")}`;
    case "occurrence":
      return `repeats ${lowerFirst(String(p.repeats))}; this is the ${occurrenceDate(Number(p.due), w.zone)} occurrence`;
    case "reservedBeforeDeadline":
      return "held before its deadline while more important work goes first";
    case "noEstimate":
      return `no estimate, so ${hm(Number(p.minutes))} are planned`;
    case "estimateRaised":
      return `deadline is near, so ${hm(Number(p.to))} are planned instead of ${hm(Number(p.from))} (your tasks take up to ${Math.round(Number(p.ratio) * 100)}% of their estimate)`;
    case "capLowered":
      return `your daily cap is ${hm(Number(p.to))} instead of ${hm(Number(p.from))} because your workload strain is ${p.level}`;
    case "replanned":
      return "a new plan replaced your current one because keeping it would miss a deadline or cost clearly more";
    case "pinReleased":
      return "a pinned block was released because its task is no longer open";
    case "noRoomBeforeDeadline":
      return `no free time left before it is due ${due("deadline")}`;
    case "noRoomInHorizon":
      return `no free time left in the ${Number(p.days) === 1 ? "day" : `${p.days} days`} being planned`;
    case "notBeforeAfterHorizon":
      return `it cannot start before ${due("notBefore")}`;
    case "deadlinePassed":
      return `its deadline ${due("deadline")} has passed and there is no free time left`;
    case "willMiss":
      return `will miss its deadline ${due("deadline")} as planned`;
    case "littleSlack":
      return `little free time is left before ${due("deadline")} (${hm(Number(p.slackMinutes))})`;
    case "overdue":
      return `overdue since ${due("deadline")}`;
    case "cannotFit":
      return `cannot be done before it is due ${due("deadline")}: the work due by then needs ${hm(Number(p.missingMinutes))} more than your working time before it`;
  }
}

/** "due Thursday 17:00, high priority; Tuesday's focus hours were taken by Team sync". */
export function describeBlock(b: PlannedBlock, w: WordingContext): string {
  const main = b.reasons.filter((r) => r.code === "deadline" || r.code === "priority" || r.code === "pinned");
  // A repeating task's occurrence comes first among the rest: which one of the series this is.
  const rest = b.reasons
    .filter((r) => !main.includes(r))
    .sort((x, y) => Number(y.code === "occurrence") - Number(x.code === "occurrence"));
  const first = main.map((r) => describeReason(r, w)).join(", ");
  const second = rest.map((r) => describeReason(r, w)).join("; ");
  return [first, second].filter(Boolean).join("; ");
}

export function describeSuggestion(s: Suggestion, w: WordingContext, taskId: string): string {
  switch (s.kind) {
    case "extendDay":
      return `extend ${WEEKDAYS[s.weekday]} by ${hm(s.minutes)}`;
    case "moveDeadline":
      return `move the deadline of ${w.title(s.taskId)} to ${formatDue(s.to, w.zone, w.now)}`;
    case "leaveForLater":
      return `leave ${w.title(taskId)} for ${s.horizonDays === 1 ? "tomorrow" : s.horizonDays === 7 ? "next week" : "the next plan"}`;
    case "shortenEstimate":
      return `shorten the estimate of ${w.title(s.taskId)} to ${hm(s.toMinutes)}`;
  }
}

/** "Report doesn't fit: no free time left before it is due Thursday 17:00. Extend Wednesday by 45 minutes." */
export function describeUnplaced(u: UnplacedTask, w: WordingContext): string {
  const why = `${w.title(u.taskId)}: ${hm(u.minutes)} not planned, ${describeReason(u.reason, w)}.`;
  if (!u.suggestion) return why;
  const s = describeSuggestion(u.suggestion, w, u.taskId);
  return `${why} To fit it: ${s}.`;
}

export function describeAtRisk(a: AtRisk, w: WordingContext): string {
  return `${w.title(a.taskId)} ${describeReason(a.reason, w)}`;
}
