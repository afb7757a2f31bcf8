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
  // Local days [first, today] and the instant the first one starts.
  const days = sql`
    with bounds as (
      select (${nowIso}::timestamptz at time zone ${tz})::date as today
    ), series as (
      select generate_series(today - (${range - 1})::int, today, interval '1 day')::date as day from bounds
    )`;
  const perDay = await db.execute(sql`
    ${days},
    start_at as (select (min(day)::timestamp at time zone ${tz}) as t0 from series),
    done as (
      select (completed_at at time zone ${tz})::date as day, count(*) as n
      from tasks, start_at where user_id = ${userId} and completed and completed_at >= start_at.t0
      group by 1
    ),
    tracked as (
      select (start_time at time zone ${tz})::date as day, sum(duration_minutes) as minutes
      from time_logs, start_at where user_id = ${userId} and end_time is not null and start_time >= start_at.t0
      group by 1
    ),
    focus as (
      select (start_time at time zone ${tz})::date as day, count(*) as n
      from pomodoro_sessions, start_at where user_id = ${userId} and completed and start_time >= start_at.t0
      group by 1
    ),
    -- The completion-rate trend: tasks created and completed up to each day, as running totals
    -- (a baseline before the range plus per-day counts), so the cost grows with tasks, not tasks × days.
    created_daily as (
      select (created_at at time zone ${tz})::date as day, count(*) as n
      from tasks, start_at where user_id = ${userId} and created_at >= start_at.t0 group by 1
    ),
    baseline as (
      select count(*) filter (where created_at < start_at.t0) as created,
             count(*) filter (where completed and completed_at < start_at.t0) as completed
      from tasks, start_at where user_id = ${userId}
    ),
    trend as (
      select s.day,
        (select created from baseline) + sum(coalesce(cd.n, 0)) over (order by s.day) as created,
        (select completed from baseline) + sum(coalesce(kd.n, 0)) over (order by s.day) as completed
      from series s
        left join created_daily cd on cd.day = s.day
        left join done kd on kd.day = s.day
    )
    select to_char(s.day, 'YYYY-MM-DD') as date,
      coalesce(done.n, 0) as tasks_completed,
      coalesce(tracked.minutes, 0) as minutes_tracked,
      coalesce(focus.n, 0) as focus_sessions,
      trend.created, trend.completed
    from series s
      left join done on done.day = s.day
      left join tracked on tracked.day = s.day
      left join focus on focus.day = s.day
      left join trend on trend.day = s.day
    order by s.day`);
  const byCategory = await db.execute(sql`
    ${days}
    select t.category, sum(l.duration_minutes) as minutes
    from time_logs l join tasks t on t.id = l.task_id
    where l.user_id = ${userId} and l.end_time is not null
      and l.start_time >= ((select min(day) from series)::timestamp at time zone ${tz})
    group by t.category order by minutes desc`);
  const [totals] = rowsOf(
    await db.execute(
      sql`select count(*) as total, count(*) filter (where completed) as done from tasks where user_id = ${userId}`,
    ),
  );

  const dayRows = rowsOf(perDay).map((r) => ({
    date: String(r.date),
    tasksCompleted: num(r.tasks_completed),
    minutesTracked: num(r.minutes_tracked),
    focusSessions: num(r.focus_sessions),
    completionRate: completionRate(num(r.completed), num(r.created)),
  }));
  const minutes = dayRows.reduce((s, d) => s + d.minutesTracked, 0);
  const focusSessions = dayRows.reduce((s, d) => s + d.focusSessions, 0);
  const rate = completionRate(num(totals?.done), num(totals?.total));
  return {
    range,
    historyLimitedTo: null,
    days: dayRows,
    byCategory: rowsOf(byCategory).map((r) => ({
      category: String(r.category) as TaskCategory,
      minutes: num(r.minutes),
    })),
    metrics: {
      completionRate: rate,
      totalTasks: num(totals?.total),
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
