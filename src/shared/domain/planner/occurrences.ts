// Repeating tasks in the planner (issue 25; decision 315): each occurrence of a series whose date
// falls in the plan's horizon is a planner task of its own, with its own deadline (the rule's date)
// and its own blocks, keyed by the series' task id and that date. The open occurrence (the task row
// itself) is one of them, with the deadline and the time left the row holds; later ones are the
// rule's dates as the calendar expands them, less the skipped ones, each with the whole estimate and
// not started before the occurrence before it is due.

import { occurrencesBetween } from "../recurrence.ts";
import type { Recurrence } from "../recurrence-rule.ts";
import { describeRecurrence } from "../recurrence-words.ts";
import type { Instant, PlannerTask } from "./types.ts";

/** At most this many occurrences of one series in a plan (a daily rule over the longest horizon). */
export const OCCURRENCES_PER_SERIES_IN_PLAN = 62;

const SEPARATOR = "@";

/** The planner's id of one occurrence: "<task id>@<ISO instant of its rule date>". */
export const occurrenceKey = (taskId: string, due: Instant) =>
  `${taskId}${SEPARATOR}${new Date(due).toISOString()}`;

/** The task and, for a repeating task's occurrence, its rule date, from a planner task id. */
export function parsePlanKey(key: string): { taskId: string; occurrenceDue: Instant | null } {
  const at = key.lastIndexOf(SEPARATOR);
  if (at < 0) return { taskId: key, occurrenceDue: null };
  const due = Date.parse(key.slice(at + 1));
  if (!Number.isFinite(due)) return { taskId: key, occurrenceDue: null };
  return { taskId: key.slice(0, at), occurrenceDue: due };
}

/** The planner's id of a block or task row: the task id, or its occurrence's key. */
export const planKeyOf = (taskId: string, occurrenceDue: Instant | null | undefined) =>
  occurrenceDue === null || occurrenceDue === undefined ? taskId : occurrenceKey(taskId, occurrenceDue);

export type RepeatingTask = Omit<PlannerTask, "id" | "deadline" | "occurrence" | "estimateMinutes"> & {
  taskId: string;
  recurrence: Recurrence;
  /** The open occurrence's rule date (tasks.occurrence_due). */
  openDue: Instant;
  /** The open occurrence's deadline (tasks.deadline: the rule's date unless the person moved it). */
  openDeadline: Instant | null;
  /** Minutes left of the open occurrence (time tracked on it counted), null with no estimate. */
  openEstimateMinutes: number | null;
  /** The whole estimate of a later occurrence, null with none. */
  estimateMinutes: number | null;
  /** Rule dates skipped ahead of time. */
  skipped?: readonly Instant[];
};

/** The rule's dates in [from, to): the calendar passes its kept windows (decision 289). */
export type ExpandDates = (r: Recurrence, from: Instant, to: Instant, limit: number) => readonly Instant[];

const expandDirect: ExpandDates = (r, from, to, limit) =>
  occurrencesBetween(r, new Date(from), new Date(to), limit).map((d) => d.getTime());

/**
 * The planner tasks of one series for a horizon [start, end): its open occurrence, then every later
 * rule date inside the horizon (none for a series that repeats after completion: its next date is
 * not known before this one is done). A rule that cannot be expanded gives its open occurrence only.
 */
export function occurrenceTasks(
  s: RepeatingTask,
  horizon: { start: Instant; end: Instant },
  expand: ExpandDates = expandDirect,
): PlannerTask[] {
  const {
    taskId,
    recurrence,
    openDue,
    openDeadline,
    openEstimateMinutes,
    estimateMinutes,
    skipped,
    ...rest
  } = s;
  const repeats = describeRecurrence(recurrence) ?? recurrence.rrule;
  const out: PlannerTask[] = [
    {
      ...rest,
      id: occurrenceKey(taskId, openDue),
      estimateMinutes: openEstimateMinutes,
      deadline: openDeadline,
      occurrence: { taskId, due: openDue, repeats },
    },
  ];
  if (recurrence.afterCompletion) return out;
  // From just after the open date, or the horizon's start: an occurrence before the horizon is the
  // one before the first planned here only when it is the open one.
  const from = Math.max(openDue + 1, horizon.start);
  if (from >= horizon.end) return out;
  let dates: readonly Instant[];
  try {
    dates = expand(recurrence, from, horizon.end, OCCURRENCES_PER_SERIES_IN_PLAN);
  } catch {
    return out;
  }
  const skip = new Set(skipped ?? []);
  let before: Instant | null = from === openDue + 1 ? openDue : null;
  for (const due of dates) {
    if (due < from || due >= horizon.end) continue;
    if (!skip.has(due))
      out.push({
        ...rest,
        id: occurrenceKey(taskId, due),
        estimateMinutes,
        deadline: due,
        // Its work starts once the occurrence before it is due, as the series moves on then.
        notBefore: Math.max(before ?? Number.NEGATIVE_INFINITY, rest.notBefore ?? Number.NEGATIVE_INFINITY),
        occurrence: { taskId, due, repeats },
      });
    before = due;
  }
  for (const t of out)
    if (t.notBefore === Number.NEGATIVE_INFINITY || t.notBefore === undefined) t.notBefore = null;
  return out;
}
