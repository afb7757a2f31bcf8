// What the insights are computed from, read in one statement that touches the person's whole history
// only through the analytics rollups (decision 032): tasks created and completed and minutes tracked
// per local day for the forecast's weeks and the burnout baseline, and the all-time totals. Only the
// last 30 local days are read from the rows themselves: time logs and Pomodoro sessions (after-hours
// minutes, work blocks, breaks between them, focus time, hours of the day) and the tasks completed in
// them (hours and weekdays of completions, their average duration). Days and hours are local to `tz`.
import { sql } from "drizzle-orm";
import type { WorkDay } from "#shared/domain/burnout.ts";
import { BASELINE_DAYS, RECENT_DAYS } from "#shared/domain/burnout.ts";
import { FORECAST_HISTORY_WEEKS, INSIGHTS_RANGE_DAYS } from "#shared/domain/insights.ts";
import type { Db } from "../../db/client.ts";
import { ensureRollupTimeZone } from "../analytics/analytics.ts";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? result : ((result as { rows: Row[] }).rows ?? []);
const num = (v: unknown) => (v == null ? 0 : Number(v));
const json = <T>(v: unknown, empty: T): T => (v == null ? empty : (JSON.parse(String(v)) as T));

/** Local days of per-day work figures the burnout assessment reads. */
export const DAYS_READ = RECENT_DAYS + BASELINE_DAYS;
/** Local days of rollup cells read: the forecast's weeks (longer than DAYS_READ). */
const ROLLUP_DAYS = Math.max(DAYS_READ, FORECAST_HISTORY_WEEKS * 7);

export type InsightsDay = WorkDay & { categories: number; focusBlocks: number };

export type InsightsData = {
  /** Tasks open when the range started plus those created in it, and those completed in it. */
  plate: number;
  completed: number;
  openNow: number;
  /** Minutes of closed time logs that started in the range, and completed focus sessions in it. */
  minutes: number;
  focusSessions: number;
  averageTaskMinutes: number;
  /** Local weeks ending today, oldest first; weeks before the person's first task are left out. */
  weekly: { plate: number; completed: number }[];
  /** One entry per local day of the last DAYS_READ days, oldest first. */
  days: InsightsDay[];
  minutesByHour: number[];
  completionsByHour: number[];
  minutesByWeekday: number[];
  completionsByWeekday: number[];
  /** Categories by tracked minutes in the range, most first. */
  topCategories: string[];
  /** All-time task totals, and per local day of the rollup days (oldest first, the last today). */
  totals: { tasks: number; completed: number };
  history: { date: string; created: number; completed: number; focusSessions: number }[];
};

type Cell = { day: string; minutes: number; done: number; created: number; cats: number };
type LogDay = {
  day: string;
  after: number;
  sessions: number;
  breaks: number;
  focusMinutes: number;
  focusBlocks: number;
};

/**
 * One project's figures instead of all the person's (decision 212): the project's tasks (the Inbox's
 * also those without a project), and the person's own time and focus sessions on them.
 */
export type InsightsScope = { projectId: string; isInbox: boolean };

export async function readInsightsData(
  db: Db,
  userId: string,
  tz: string,
  now: Date,
  scope: InsightsScope | null = null,
): Promise<InsightsData> {
  await ensureRollupTimeZone(db, userId, tz);
  const nowIso = now.toISOString();
  // Tasks counted (alias t), and the person's logs and focus sessions counted (aliases l, p).
  const inScope = scope
    ? scope.isInbox
      ? sql`(t.project_id = ${scope.projectId} or (t.project_id is null and t.user_id = ${userId}))`
      : sql`t.project_id = ${scope.projectId}`
    : sql`t.user_id = ${userId}`;
  const logInScope = (alias: "l" | "p") =>
    scope
      ? sql`${sql.raw(alias)}.user_id = ${userId} and ${sql.raw(alias)}.task_id in (select t.id from tasks t where ${inScope})`
      : sql`${sql.raw(alias)}.user_id = ${userId}`;
  // Counted as the rollups count (decision 261): a repeating task's completed occurrences are tasks
  // completed (and created) the day they were done; a series' own row counts while it is open.
  const oneOff = sql`t.recurrence_rule is null`;
  const counted = sql`not (t.recurrence_rule is not null and t.completed)`;
  const occurrencesInScope = sql`select count(*) from task_occurrences o join tasks t on t.id = o.task_id
    where ${inScope} and o.outcome = 'completed'`;
  // The per-person rollups (decision 032) have no project: a project's cells are counted from its rows.
  const cellSource = scope
    ? sql`(
        select x.day, x.category, sum(x.minutes)::int as minutes_tracked, sum(x.done)::int as tasks_completed,
          sum(x.created)::int as tasks_created
        from (
          select (l.start_time at time zone ${tz})::date as day, t.category, l.duration_minutes as minutes,
            0 as done, 0 as created
          from time_logs l join tasks t on t.id = l.task_id
          where ${inScope} and l.user_id = ${userId} and l.end_time is not null and l.duration_minutes is not null
          union all
          select (t.completed_at at time zone ${tz})::date, t.category, 0, 1, 0
          from tasks t where ${inScope} and t.completed and t.completed_at is not null and ${oneOff}
          union all
          select (t.created_at at time zone ${tz})::date, t.category, 0, 0, 1 from tasks t where ${inScope} and ${counted}
          union all
          select (o.done_at at time zone ${tz})::date, o.category, 0, 1, 1
          from task_occurrences o join tasks t on t.id = o.task_id where ${inScope} and o.outcome = 'completed'
        ) x group by x.day, x.category
      )`
    : sql`(select day, category, minutes_tracked, tasks_completed, tasks_created from analytics_daily
        where user_id = ${userId})`;
  const totals = scope
    ? sql`(select count(*) from tasks t where ${inScope} and ${counted}) + (${occurrencesInScope}) as tasks,
      (select count(*) from tasks t where ${inScope} and t.completed and ${oneOff}) + (${occurrencesInScope}) as completed`
    : sql`(select tasks from analytics_totals where user_id = ${userId}) as tasks,
      (select completed from analytics_totals where user_id = ${userId}) as completed`;
  const [row] = rowsOf(
    await db.execute(sql`
    with bounds as (
      select ${nowIso}::timestamptz as now_at, (${nowIso}::timestamptz at time zone ${tz})::date as today
    ),
    range_start as (
      select ((today - ${INSIGHTS_RANGE_DAYS - 1}::int)::timestamp at time zone ${tz}) as t0 from bounds
    ),
    cells as (
      select a.day, sum(a.minutes_tracked) as minutes, sum(a.tasks_completed) as done,
        sum(a.tasks_created) as created, count(*) filter (where a.minutes_tracked > 0) as cats
      from ${cellSource} a, bounds b
      where a.day > b.today - ${ROLLUP_DAYS}::int and a.day <= b.today
      group by a.day
    ),
    top_categories as (
      select a.category, sum(a.minutes_tracked) as m
      from ${cellSource} a, bounds b
      where a.day > b.today - ${INSIGHTS_RANGE_DAYS}::int and a.day <= b.today
      group by a.category having sum(a.minutes_tracked) > 0
    ),
    blocks as (
      select l.start_time, l.end_time, l.duration_minutes as minutes, true as is_log,
        (l.start_time at time zone ${tz}) as ls
      from time_logs l, range_start r, bounds b
      where ${logInScope("l")} and l.end_time is not null and l.start_time >= r.t0 and l.start_time < b.now_at
      union all
      select p.start_time, coalesce(p.end_time, p.start_time + make_interval(mins => p.duration_minutes)),
        p.duration_minutes, false, (p.start_time at time zone ${tz})
      from pomodoro_sessions p, range_start r, bounds b
      where ${logInScope("p")} and p.completed and p.start_time >= r.t0 and p.start_time < b.now_at
    ),
    local_blocks as (
      -- A break is a pause of 5 to 60 minutes after the previous block of the same local day.
      select minutes, is_log, ls,
        case when lag(ls) over w >= date_trunc('day', ls) then start_time - lag(end_time) over w end as gap
      from blocks window w as (order by start_time)
    ),
    log_days as (
      select ls::date as day,
        coalesce(sum(minutes) filter (where is_log and (extract(hour from ls) < 8 or extract(hour from ls) >= 18)), 0) as after,
        count(*) as sessions,
        count(*) filter (where gap between interval '5 minutes' and interval '60 minutes') as breaks,
        greatest(coalesce(sum(minutes) filter (where is_log and minutes >= 25), 0),
          coalesce(sum(minutes) filter (where not is_log), 0)) as focus_minutes,
        count(*) filter (where not is_log or minutes >= 25) as focus_blocks
      from local_blocks group by 1
    ),
    focus_days as (
      select (p.start_time at time zone ${tz})::date as day, count(*) as n
      from pomodoro_sessions p, bounds b
      where ${logInScope("p")} and p.completed and p.start_time < b.now_at
        and p.start_time >= ((b.today - ${ROLLUP_DAYS - 1}::int)::timestamp at time zone ${tz})
      group by 1
    ),
    done_local as (
      select (t.completed_at at time zone ${tz}) as lc, t.actual_minutes
      from tasks t, range_start r, bounds b
      where ${inScope} and t.completed and ${oneOff} and t.completed_at >= r.t0 and t.completed_at < b.now_at
      union all
      select (o.done_at at time zone ${tz}), o.actual_minutes
      from task_occurrences o join tasks t on t.id = o.task_id, range_start r, bounds b
      where ${inScope} and o.outcome = 'completed' and o.done_at >= r.t0 and o.done_at < b.now_at
    )
    select
      (select today from bounds)::text as today,
      ${totals},
      (select json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), minutes, done, created, cats)) from cells)::text as cells,
      (select json_agg(category order by m desc, category) from top_categories)::text as categories,
      (select json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), after, sessions, breaks, focus_minutes, focus_blocks))
        from log_days)::text as log_days,
      (select count(*) from local_blocks where not is_log) as focus_sessions,
      (select json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), n)) from focus_days)::text as focus_days,
      (select json_agg(json_build_array(h, m)) from (
        select extract(hour from ls)::int h, sum(minutes) m from local_blocks where is_log group by 1) x)::text as hour_minutes,
      (select json_agg(json_build_array(h, n)) from (
        select extract(hour from lc)::int h, count(*) n from done_local group by 1) x)::text as hour_done,
      (select json_agg(json_build_array(d, n)) from (
        select extract(dow from lc)::int d, count(*) n from done_local group by 1) x)::text as dow_done,
      (select avg(actual_minutes) filter (where actual_minutes > 0) from done_local) as avg_minutes`),
  );
  return assemble(row ?? {});
}

/** Local "YYYY-MM-DD" `n` days before `day`, and its weekday. */
function shift(day: string, n: number): { date: string; weekday: number } {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() };
}

function assemble(row: Row): InsightsData {
  const today = String(row.today);
  const cells = new Map<string, Cell>();
  for (const [day, minutes, done, created, cats] of json<[string, number, number, number, number][]>(
    row.cells,
    [],
  ))
    cells.set(day, { day, minutes: num(minutes), done: num(done), created: num(created), cats: num(cats) });
  const focusDays = new Map(json<[string, number][]>(row.focus_days, []).map(([d, n]) => [d, num(n)]));
  const logDays = new Map<string, LogDay>();
  for (const [day, after, sessions, breaks, focusMinutes, focusBlocks] of json<
    [string, number, number, number, number, number][]
  >(row.log_days, []))
    logDays.set(day, {
      day,
      after: num(after),
      sessions: num(sessions),
      breaks: num(breaks),
      focusMinutes: num(focusMinutes),
      focusBlocks: num(focusBlocks),
    });

  // Walk back from today over the rollup days: everything created or completed after a day is in the
  // cells read, so the totals minus those give the counts as they stood.
  const totalTasks = num(row.tasks);
  const totalDone = num(row.completed);
  const back = Array.from({ length: ROLLUP_DAYS }, (_, i) => shift(today, i));
  /** createdAfter[i]: tasks created after day i (back from today); doneFrom[i]: completed on it or after. */
  const createdAfter: number[] = [];
  const doneFrom: number[] = [];
  let created = 0;
  let done = 0;
  for (const { date } of back) {
    createdAfter.push(created);
    const c = cells.get(date);
    created += c?.created ?? 0;
    done += c?.done ?? 0;
    doneFrom.push(done);
  }

  const rangeBack = INSIGHTS_RANGE_DAYS - 1;
  const completedInRange = doneFrom[rangeBack] ?? 0;
  let minutes = 0;
  const minutesByWeekday = Array.from({ length: 7 }, () => 0);
  for (const { date, weekday } of back.slice(0, INSIGHTS_RANGE_DAYS)) {
    const m = cells.get(date)?.minutes ?? 0;
    minutes += m;
    minutesByWeekday[weekday] = (minutesByWeekday[weekday] ?? 0) + m;
  }

  const weekly: { plate: number; completed: number }[] = [];
  for (let k = FORECAST_HISTORY_WEEKS - 1; k >= 0; k--) {
    const end = 7 * k;
    const start = end + 6;
    const existedAtEnd = totalTasks - (createdAfter[end] ?? 0);
    if (existedAtEnd <= 0) continue;
    const doneBefore = totalDone - (doneFrom[start] ?? 0);
    const doneIn = (doneFrom[start] ?? 0) - (end > 0 ? (doneFrom[end - 1] ?? 0) : 0);
    weekly.push({ plate: existedAtEnd - doneBefore, completed: doneIn });
  }

  const days: InsightsDay[] = back
    .slice(0, DAYS_READ)
    .reverse()
    .map(({ date, weekday }) => {
      const l = logDays.get(date);
      return {
        date,
        weekday,
        minutes: cells.get(date)?.minutes ?? 0,
        afterHoursMinutes: l?.after ?? 0,
        sessions: l?.sessions ?? 0,
        breaks: l?.breaks ?? 0,
        focusMinutes: l?.focusMinutes ?? 0,
        focusBlocks: l?.focusBlocks ?? 0,
        categories: cells.get(date)?.cats ?? 0,
      };
    });

  const spread = (pairs: [number, number][], size: number) => {
    const out = Array.from({ length: size }, () => 0);
    for (const [i, v] of pairs) out[i] = num(v);
    return out;
  };
  return {
    plate: totalTasks - (totalDone - completedInRange),
    completed: completedInRange,
    openNow: totalTasks - totalDone,
    minutes,
    focusSessions: num(row.focus_sessions),
    averageTaskMinutes: Math.round(num(row.avg_minutes)),
    weekly,
    days,
    minutesByHour: spread(json(row.hour_minutes, []), 24),
    completionsByHour: spread(json(row.hour_done, []), 24),
    minutesByWeekday,
    completionsByWeekday: spread(json(row.dow_done, []), 7),
    topCategories: json<string[]>(row.categories, []).filter(Boolean),
    totals: { tasks: totalTasks, completed: totalDone },
    history: [...back].reverse().map(({ date }) => ({
      date,
      created: cells.get(date)?.created ?? 0,
      completed: cells.get(date)?.done ?? 0,
      focusSessions: focusDays.get(date) ?? 0,
    })),
  };
}

/**
 * What the cache of generated insights is keyed on besides the hour and time zone: the person's data
 * version (drizzle/0011: bumped by triggers on every write insights read from) and whether they share
 * task titles with the model. One primary-key read each.
 */
export async function insightsDataVersion(db: Db, userId: string): Promise<string> {
  const [row] = rowsOf(
    await db.execute(sql`
    select (select version from insights_versions where user_id = ${userId}) as version,
      (select preferences #>> '{privacy,shareTaskTitles}' from "user" where id = ${userId}) as share`),
  );
  return `${num(row?.version)}|${row?.share === "true" ? "titles" : "aggregates"}`;
}
