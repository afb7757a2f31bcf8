// Everything the calendars show between two instants: tasks by deadline, tracked time blocks and
// synced events of the calendars still connected. Tracked time is history, so the free plan's limit
// applies to it (from `trackedSince` on); deadlines and synced events are plans, not history, and
// always show. Repeating tasks on schedule add their future occurrences, expanded from the stored
// rule on read (decisions 170, 235, 265).
import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { CalendarItemsResponse } from "#shared/contracts/tasks.ts";
import { occurrencesBetween } from "#shared/domain/recurrence.ts";
import type { Recurrence } from "#shared/domain/recurrence-rule.ts";
import { describeRecurrence } from "#shared/domain/recurrence-words.ts";
import type { TaskCategory } from "#shared/domain/tasks.ts";
import type { Db } from "../../db/client.ts";
import { isoFromPg } from "../../db/schema/any-year-timestamp.ts";
import { calendarConnections, syncedEvents } from "../../db/schema/calendar.ts";
import { taskOccurrences, tasks, timeLogs } from "../../db/schema/tasks.ts";

/** At most this many future occurrences per series in one range (a daily rule over 62 days). */
export const OCCURRENCES_PER_SERIES = 62;
/**
 * At most this many future occurrences in one answer, earliest first: 500 series over the longest
 * range (issue 24's bench figure, about 8,400 dates) fit.
 */
export const OCCURRENCES_PER_RANGE = 10_000;
/** At most this many completed occurrences in one answer, earliest first. */
export const COMPLETED_PER_RANGE = 1000;
/** At most this many series are expanded for one range. */
const SERIES_PER_RANGE = 1000;

type Priority = CalendarItemsResponse["tasks"][number]["priority"];
type Occurrence = NonNullable<CalendarItemsResponse["occurrences"]>[number];
type Series = NonNullable<CalendarItemsResponse["series"]>[number];

type SeriesRow = {
  id: string;
  title: string;
  seriesTitle: string | null;
  category: string;
  priority: string;
  estimatedMinutes: number;
  rule: string | null;
  start: string | null;
  timeZone: string | null;
  afterCompletion: boolean;
  occurrenceDue: Date | null;
};

const recurrenceOf = (r: SeriesRow): Recurrence | null =>
  r.rule && r.start && r.timeZone
    ? { rrule: r.rule, start: r.start, timeZone: r.timeZone, afterCompletion: r.afterCompletion }
    : null;

// The rules in words, kept like recurrence.ts keeps expansions: every request reads the same series.
const words = new Map<string, string>();
/** The rule in words, or the rule itself when it has none. */
function repeatsOf(r: Recurrence): string {
  const key = `${r.timeZone}\n${r.start}\n${r.rrule}\n${r.afterCompletion}`;
  let text = words.get(key);
  if (text === undefined) {
    text = describeRecurrence(r) ?? r.rrule;
    if (words.size >= 5000) words.clear();
    words.set(key, text);
  }
  return text;
}

// A series' dates in one window, as the calendar lists them (epoch ms, and the answer's entries,
// frozen), by everything they follow from: the series, its rule, start and zone, the window (whose
// start is after the open occurrence, so completing or skipping one, which moves the series' open
// date, or editing the rule asks for another entry) and the range's end. Each entry is a pure
// function of its key, so none goes stale; the calendar reads the same month of the same series on
// every request, and expanding it (rrule-temporal, then each date's instant in the zone, then text)
// was most of the read (decision 289). Least recently used first out, bounded by the dates held.
type Window = { times: readonly number[]; entries: readonly Occurrence[] };
const windows = new Map<string, Window>();
const WINDOW_DATES = 200_000;
let windowDates = 0;

function windowOf(taskId: string, r: Recurrence, after: Date, to: Date): Window {
  const key = `${taskId}\n${r.timeZone}\n${r.start}\n${r.rrule}\n${after.getTime()}\n${to.getTime()}`;
  const hit = windows.get(key);
  if (hit) {
    windows.delete(key);
    windows.set(key, hit);
    return hit;
  }
  const dates = occurrencesBetween(r, after, to, OCCURRENCES_PER_SERIES + 1);
  const built: Window = {
    times: dates.map((d) => d.getTime()),
    entries: dates.map((d) => Object.freeze({ taskId, at: d.toISOString() })),
  };
  windows.set(key, built);
  windowDates += dates.length + 1;
  for (const [oldest, w] of windows) {
    if (windowDates <= WINDOW_DATES) break;
    windows.delete(oldest);
    windowDates -= w.times.length + 1;
  }
  return built;
}

/**
 * A series' rule dates in [after, to), epoch ms, from the same kept windows as the calendar's
 * (decision 289): the planner plans the occurrences the calendar shows (decision 315).
 */
export function keptSeriesDates(taskId: string, r: Recurrence, after: Date, to: Date): readonly number[] {
  return windowOf(taskId, r, after, to).times;
}

/**
 * The future occurrences of open series on schedule within [from, to): the rule's dates after the
 * open occurrence's rule date, less the skipped ones (read with the series), capped per series and
 * in all. A series that repeats after completion has no date before it is done, so it shows only
 * its open occurrence.
 */
function futureOccurrences(
  series: SeriesRow[],
  skippedRows: Array<{ taskId: string; dueAt: Date }>,
  from: Date,
  to: Date,
): { series: Series[]; occurrences: Occurrence[]; capped: boolean } {
  const skips = new Map<string, Set<number>>();
  for (const k of skippedRows) {
    const set = skips.get(k.taskId) ?? new Set<number>();
    set.add(k.dueAt.getTime());
    skips.set(k.taskId, set);
  }
  // Grouped by instant, each group in task id order (the series are taken in id order): a few
  // hundred instants to sort instead of thousands of dates.
  const byTime = new Map<number, Occurrence[]>();
  const shown: Series[] = [];
  let capped = false;
  const byId = [...series].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const s of byId) {
    const r = recurrenceOf(s);
    if (s.afterCompletion || !s.occurrenceDue || !r) continue;
    const after = new Date(Math.max(from.getTime(), s.occurrenceDue.getTime() + 1));
    if (after >= to) continue;
    let window: Window;
    try {
      window = windowOf(s.id, r, after, to);
    } catch {
      // A stored rule the library cannot expand any more shows its open occurrence only.
      continue;
    }
    let count = window.times.length;
    if (count > OCCURRENCES_PER_SERIES) {
      capped = true;
      count = OCCURRENCES_PER_SERIES;
    }
    const skipped = skips.get(s.id);
    let any = false;
    for (let i = 0; i < count; i += 1) {
      const t = window.times[i]!;
      if (skipped?.has(t)) continue;
      const group = byTime.get(t);
      if (group) group.push(window.entries[i]!);
      else byTime.set(t, [window.entries[i]!]);
      any = true;
    }
    if (any)
      shown.push({
        taskId: s.id,
        title: s.seriesTitle ?? s.title,
        category: s.category as TaskCategory,
        priority: s.priority as Priority,
        estimatedMinutes: s.estimatedMinutes,
        repeats: repeatsOf(r),
      });
  }
  // Earliest first, then by task id.
  const out: Occurrence[] = [];
  for (const t of [...byTime.keys()].sort((a, b) => a - b)) out.push(...byTime.get(t)!);
  if (out.length > OCCURRENCES_PER_RANGE) {
    capped = true;
    out.length = OCCURRENCES_PER_RANGE;
  }
  return { series: shown, occurrences: out, capped };
}

export async function calendarItems(
  db: Db,
  userId: string,
  from: Date,
  to: Date,
  /** Time blocks that started before this are hidden (the free plan's history); null shows all. */
  trackedSince: Date | null = null,
  /** Only this project's tasks and the person's time on them (access checked by the caller). */
  projectId: string | null = null,
): Promise<CalendarItemsResponse> {
  const whose = projectId ? eq(tasks.projectId, projectId) : eq(tasks.userId, userId);
  const onSchedule = and(
    whose,
    eq(tasks.completed, false),
    isNotNull(tasks.recurrenceRule),
    eq(tasks.recurrenceAfterCompletion, false),
    lt(tasks.occurrenceDue, to),
  );
  // Where a completed occurrence shows: its deadline (moved for it, or the rule's date), else the
  // rule's date; spelt out with its table (drizzle leaves a select's columns unqualified) and as the
  // index reads it (decision 290).
  const doneAt = sql`coalesce("task_occurrences"."deadline", "task_occurrences"."due_at")`;
  const [taskRows, seriesRows, skippedRows, doneRows, blockRows, eventRows] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        deadline: tasks.deadline,
        estimatedMinutes: tasks.estimatedMinutes,
        category: tasks.category,
        completed: tasks.completed,
        priority: tasks.priority,
        rule: tasks.recurrenceRule,
        start: tasks.recurrenceStart,
        timeZone: tasks.recurrenceTimeZone,
        afterCompletion: tasks.recurrenceAfterCompletion,
      })
      .from(tasks)
      .where(and(whose, gte(tasks.deadline, from), lt(tasks.deadline, to)))
      .orderBy(asc(tasks.deadline))
      .limit(500),
    // Open series on schedule whose open occurrence is before the range's end: their next dates may
    // fall in it.
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        seriesTitle: tasks.seriesTitle,
        category: tasks.category,
        priority: tasks.priority,
        estimatedMinutes: tasks.estimatedMinutes,
        rule: tasks.recurrenceRule,
        start: tasks.recurrenceStart,
        timeZone: tasks.recurrenceTimeZone,
        afterCompletion: tasks.recurrenceAfterCompletion,
        occurrenceDue: tasks.occurrenceDue,
      })
      .from(tasks)
      .where(onSchedule)
      .orderBy(asc(tasks.occurrenceDue), asc(tasks.id))
      .limit(SERIES_PER_RANGE),
    // Their skipped dates in the range, beside them rather than after them: the same filter, so no
    // second query naming every series. Kept out after expansion rather than given to it as EXDATEs,
    // so the kept window of a series stays one whatever was skipped.
    db
      .select({ taskId: taskOccurrences.taskId, dueAt: taskOccurrences.dueAt })
      .from(taskOccurrences)
      .innerJoin(tasks, eq(tasks.id, taskOccurrences.taskId))
      .where(
        and(
          onSchedule,
          eq(taskOccurrences.outcome, "skipped"),
          gte(taskOccurrences.dueAt, from),
          lt(taskOccurrences.dueAt, to),
        ),
      ),
    // Completed occurrences of repeating tasks, on the day they were due (decision 290). The last
    // one of a series that has ended is the completed task itself, already among the tasks.
    db
      .select({
        id: taskOccurrences.id,
        taskId: taskOccurrences.taskId,
        title: taskOccurrences.title,
        category: taskOccurrences.category,
        estimatedMinutes: taskOccurrences.estimatedMinutes,
        at: sql<unknown>`${doneAt}`,
        completedAt: taskOccurrences.doneAt,
      })
      .from(taskOccurrences)
      .innerJoin(tasks, eq(tasks.id, taskOccurrences.taskId))
      .where(
        and(
          whose,
          projectId ? undefined : eq(taskOccurrences.userId, userId),
          eq(taskOccurrences.outcome, "completed"),
          sql`${doneAt} >= ${from.toISOString()}::timestamptz`,
          sql`${doneAt} < ${to.toISOString()}::timestamptz`,
          sql`not ("tasks"."completed" and "tasks"."occurrence_due" = "task_occurrences"."due_at")`,
        ),
      )
      .orderBy(doneAt, asc(taskOccurrences.id))
      .limit(COMPLETED_PER_RANGE),
    db
      .select({
        id: timeLogs.id,
        taskId: timeLogs.taskId,
        title: tasks.title,
        category: tasks.category,
        startTime: timeLogs.startTime,
        endTime: timeLogs.endTime,
      })
      .from(timeLogs)
      .innerJoin(tasks, eq(tasks.id, timeLogs.taskId))
      .where(
        and(
          eq(timeLogs.userId, userId),
          projectId ? eq(tasks.projectId, projectId) : undefined,
          lt(timeLogs.startTime, to),
          trackedSince ? gte(timeLogs.startTime, trackedSince) : undefined,
          or(isNull(timeLogs.endTime), gte(timeLogs.endTime, from)),
        ),
      )
      .orderBy(asc(timeLogs.startTime))
      .limit(1000),
    // Only calendars still connected: after a disconnect their events stop showing.
    db
      .select({
        id: syncedEvents.id,
        title: syncedEvents.title,
        startTime: syncedEvents.startTime,
        endTime: syncedEvents.endTime,
        location: syncedEvents.location,
        provider: syncedEvents.provider,
      })
      .from(syncedEvents)
      .innerJoin(
        calendarConnections,
        and(eq(calendarConnections.id, syncedEvents.connectionId), eq(calendarConnections.isActive, true)),
      )
      .where(
        and(
          eq(syncedEvents.userId, userId),
          lt(syncedEvents.startTime, to),
          sql`coalesce(${syncedEvents.endTime}, ${syncedEvents.startTime}) >= ${from.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(syncedEvents.startTime))
      .limit(1000),
  ]);
  const future = futureOccurrences(seriesRows, skippedRows, from, to);
  return {
    tasks: taskRows.map(({ rule, start, timeZone, afterCompletion, ...t }) => {
      const r = rule && start && timeZone ? { rrule: rule, start, timeZone, afterCompletion } : null;
      return {
        ...t,
        deadline: t.deadline ? t.deadline.toISOString() : null,
        category: t.category as TaskCategory,
        priority: t.priority as Priority,
        repeats: r && !t.completed ? repeatsOf(r) : null,
      };
    }),
    series: future.series,
    completedOccurrences: doneRows.map((o) => ({
      id: o.id,
      taskId: o.taskId,
      title: o.title,
      category: o.category as TaskCategory,
      estimatedMinutes: o.estimatedMinutes,
      at: isoFromPg(o.at)!,
      completedAt: o.completedAt.toISOString(),
    })),
    occurrences: future.occurrences,
    occurrencesCapped: future.capped,
    timeBlocks: blockRows.map((b) => ({
      ...b,
      category: b.category as TaskCategory,
      startTime: b.startTime.toISOString(),
      endTime: b.endTime ? b.endTime.toISOString() : null,
    })),
    events: eventRows.map((e) => ({
      id: e.id,
      title: e.title,
      startTime: e.startTime.toISOString(),
      endTime: e.endTime ? e.endTime.toISOString() : null,
      location: e.location,
      provider: e.provider,
    })),
    trackedSince: trackedSince ? trackedSince.toISOString() : null,
  };
}
