// Analytics over 7, 30 or 90 local days, computed in SQL: tasks completed, minutes tracked and focus
// sessions per day, the completion-rate trend, minutes per category, and the derived metrics.
import { sql } from "drizzle-orm";
import type { AnalyticsResponse, OverviewResponse } from "#shared/contracts/tasks.ts";
import { completionRate, productivityScore, timeSavedMinutes, totalHours } from "#shared/domain/metrics.ts";
import type { TaskCategory } from "#shared/domain/tasks.ts";
import type { Db } from "../../db/client.ts";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? result : ((result as { rows: Row[] }).rows ?? []);
const num = (v: unknown) => (v == null ? 0 : Number(v));

export async function analytics(
  db: Db,
  userId: string,
  range: 7 | 30 | 90,
  tz: string,
  now: Date,
): Promise<AnalyticsResponse> {
  const nowIso = now.toISOString();
  // One statement, one round trip, each table read once: the person's tasks in one pass (all-time
  // totals, the trend's baseline before the range, and per local day the tasks created and
  // completed), their closed time logs from the first day on in one pass (minutes per local day and
  // category), and their completed focus sessions. The trend is running totals over the days
  // (docs/decisions/008). Days are local to `tz`; the range starts at the instant its first day does.
  const [row] = rowsOf(
    await db.execute(sql`
    with series as (
      select generate_series(today - (${range - 1})::int, today, interval '1 day')::date as day
      from (select (${nowIso}::timestamptz at time zone ${tz})::date as today) bounds
    ),
    start_at as (select (min(day)::timestamp at time zone ${tz}) as t0 from series),
    task_rows as (
      select t.completed, t.completed_at, t.created_at, s.t0,
        case when t.created_at >= s.t0 then (t.created_at at time zone ${tz})::date end as created_day,
        case when t.completed and t.completed_at >= s.t0 then (t.completed_at at time zone ${tz})::date end as done_day
      from tasks t, start_at s
      where t.user_id = ${userId}
    ),
    task_counts as (
      select grouping(created_day, done_day) as set_id, created_day, done_day,
        count(*) as n,
        count(*) filter (where completed) as done,
        count(*) filter (where created_at < t0) as created_before,
        count(*) filter (where completed and completed_at < t0) as completed_before
      from task_rows
      group by grouping sets ((), (created_day), (done_day))
    ),
    totals as (select n, done, created_before, completed_before from task_counts where set_id = 3),
    created_daily as (select created_day as day, n from task_counts where set_id = 1 and created_day is not null),
    done_daily as (select done_day as day, n from task_counts where set_id = 2 and done_day is not null),
    -- Minutes per local day and category in one hash over the logs, then summed both ways: one
    -- grouping per log costs less than a day and a category grouping each.
    log_cells as (
      select (l.start_time at time zone ${tz})::date as day, t.category, sum(l.duration_minutes) as minutes
      from time_logs l join tasks t on t.id = l.task_id, start_at s
      where l.user_id = ${userId} and l.end_time is not null and l.start_time >= s.t0
      group by 1, 2
    ),
    log_sums as (
      select grouping(day, category) as set_id, day, category, sum(minutes) as minutes
      from log_cells
      group by grouping sets ((day), (category))
    ),
    focus as (
      select (p.start_time at time zone ${tz})::date as day, count(*) as n
      from pomodoro_sessions p, start_at s
      where p.user_id = ${userId} and p.completed and p.start_time >= s.t0
      group by 1
    ),
    days as (
      select s.day,
        coalesce(dd.n, 0) as tasks_completed,
        coalesce(ls.minutes, 0) as minutes_tracked,
        coalesce(f.n, 0) as focus_sessions,
        (select created_before from totals) + sum(coalesce(cd.n, 0)) over (order by s.day) as created,
        (select completed_before from totals) + sum(coalesce(dd.n, 0)) over (order by s.day) as completed
      from series s
        left join done_daily dd on dd.day = s.day
        left join created_daily cd on cd.day = s.day
        left join log_sums ls on ls.set_id = 1 and ls.day = s.day
        left join focus f on f.day = s.day
    ),
    by_category as (select category, minutes from log_sums where set_id = 2)
    select
      (select json_agg(json_build_object(
          'date', to_char(day, 'YYYY-MM-DD'), 'tasksCompleted', tasks_completed,
          'minutesTracked', minutes_tracked, 'focusSessions', focus_sessions,
          'created', created, 'completed', completed) order by day) from days)::text as days,
      (select json_agg(json_build_object('category', category, 'minutes', minutes)
          order by minutes desc, category) from by_category)::text as by_category,
      (select n from totals) as total,
      (select done from totals) as done`),
  );
  type DayJson = {
    date: string;
    tasksCompleted: number;
    minutesTracked: number;
    focusSessions: number;
    created: number;
    completed: number;
  };
  // json_agg of no rows is NULL: a person who tracked nothing has no categories.
  const days = JSON.parse(String(row?.days ?? "[]")) as DayJson[];
  const categories = JSON.parse(String(row?.by_category ?? "[]")) as Array<{
    category: string;
    minutes: number;
  }>;

  const dayRows = days.map((d) => ({
    date: d.date,
    tasksCompleted: num(d.tasksCompleted),
    minutesTracked: num(d.minutesTracked),
    focusSessions: num(d.focusSessions),
    completionRate: completionRate(num(d.completed), num(d.created)),
  }));
  const minutes = dayRows.reduce((s, d) => s + d.minutesTracked, 0);
  const focusSessions = dayRows.reduce((s, d) => s + d.focusSessions, 0);
  const rate = completionRate(num(row?.done), num(row?.total));
  return {
    range,
    historyLimitedTo: null,
    days: dayRows,
    byCategory: categories.map((c) => ({
      category: c.category as TaskCategory,
      minutes: num(c.minutes),
    })),
    metrics: {
      completionRate: rate,
      totalTasks: num(row?.total),
      totalHours: totalHours(minutes),
      focusSessions,
      productivityScore: productivityScore(rate),
    },
  };
}

export async function overview(db: Db, userId: string): Promise<OverviewResponse> {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*) as total,
        count(*) filter (where completed) as done,
        coalesce(sum(estimated_minutes) filter (where completed and actual_minutes > 0), 0) as est,
        coalesce(sum(actual_minutes) filter (where completed and actual_minutes > 0), 0) as act
      from tasks where user_id = ${userId}`),
  );
  const total = num(row?.total);
  const done = num(row?.done);
  const rate = completionRate(done, total);
  return {
    totalTasks: total,
    completedTasks: done,
    openTasks: total - done,
    timeSavedMinutes: timeSavedMinutes({
      completedEstimatedMinutes: num(row?.est),
      completedActualMinutes: num(row?.act),
    }),
    productivity: productivityScore(rate),
    completionRate: rate,
  };
}
