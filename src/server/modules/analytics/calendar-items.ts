// Everything the calendars show between two instants: tasks by deadline, tracked time blocks and
// synced events of the calendars still connected. Tracked time is history, so the free plan's limit
// applies to it (from `trackedSince` on); deadlines and synced events are plans, not history, and
// always show. Repeating tasks on schedule add their future occurrences, expanded from the stored
// rule on read (decisions 170, 235, 265).
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { CalendarItemsResponse } from "#shared/contracts/tasks.ts";
import { occurrencesBetween } from "#shared/domain/recurrence.ts";
import type { Recurrence } from "#shared/domain/recurrence-rule.ts";
import { describeRecurrence } from "#shared/domain/recurrence-words.ts";
import type { TaskCategory } from "#shared/domain/tasks.ts";
import type { Db } from "../../db/client.ts";
import { calendarConnections, syncedEvents } from "../../db/schema/calendar.ts";
import { taskOccurrences, tasks, timeLogs } from "../../db/schema/tasks.ts";

/** At most this many future occurrences per series in one range (a daily rule over 62 days). */
export const OCCURRENCES_PER_SERIES = 62;
/**
 * At most this many future occurrences in one answer, earliest first: 500 series over the longest
 * range (issue 24's bench figure, about 8,400 dates) fit.
 */
export const OCCURRENCES_PER_RANGE = 10_000;
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

/**
 * The future occurrences of open series on schedule within [from, to): the rule's dates after the
 * open occurrence's rule date, less the skipped ones, capped per series and in all. A series that
 * repeats after completion has no date before it is done, so it shows only its open occurrence.
 */
async function futureOccurrences(
  db: Db,
  series: SeriesRow[],
  from: Date,
  to: Date,
): Promise<{ series: Series[]; occurrences: Occurrence[]; capped: boolean }> {
  const open = series.filter((s) => !s.afterCompletion && s.occurrenceDue && recurrenceOf(s));
  if (open.length === 0) return { series: [], occurrences: [], capped: false };
  // Skipped dates are kept out here rather than given to the expansion as EXDATEs, so the cached
  // expansion of a series stays one whatever the range (recurrence.ts keys it by its EXDATEs).
  const skipped = await db
    .select({ taskId: taskOccurrences.taskId, dueAt: taskOccurrences.dueAt })
    .from(taskOccurrences)
    .where(
      and(
        inArray(
          taskOccurrences.taskId,
          open.map((s) => s.id),
        ),
        eq(taskOccurrences.outcome, "skipped"),
        gte(taskOccurrences.dueAt, from),
        lt(taskOccurrences.dueAt, to),
      ),
    );
  const skip = new Set(skipped.map((k) => `${k.taskId}@${k.dueAt.getTime()}`));
  const out: Occurrence[] = [];
  const shown: Series[] = [];
  let capped = false;
  for (const s of open) {
    const r = recurrenceOf(s)!;
    const after = new Date(Math.max(from.getTime(), s.occurrenceDue!.getTime() + 1));
    if (after >= to) continue;
    let dates: Date[];
    try {
      dates = occurrencesBetween(r, after, to, OCCURRENCES_PER_SERIES + 1);
    } catch {
      // A stored rule the library cannot expand any more shows its open occurrence only.
      continue;
    }
    if (dates.length > OCCURRENCES_PER_SERIES) {
      capped = true;
      dates = dates.slice(0, OCCURRENCES_PER_SERIES);
    }
    let any = false;
    for (const at of dates) {
      if (skip.has(`${s.id}@${at.getTime()}`)) continue;
      out.push({ taskId: s.id, at: at.toISOString() });
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
  out.sort((a, b) => a.at.localeCompare(b.at) || a.taskId.localeCompare(b.taskId));
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
  const [taskRows, seriesRows, blockRows, eventRows] = await Promise.all([
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
      .where(
        and(
          whose,
          eq(tasks.completed, false),
          isNotNull(tasks.recurrenceRule),
          eq(tasks.recurrenceAfterCompletion, false),
          lt(tasks.occurrenceDue, to),
        ),
      )
      .orderBy(asc(tasks.occurrenceDue), asc(tasks.id))
      .limit(SERIES_PER_RANGE),
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
  const future = await futureOccurrences(db, seriesRows, from, to);
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
