// Analytics over 7, 30 or 90 local days, read from the rollups the database keeps (decision 032):
// tasks completed, minutes tracked and focus sessions per day, the completion-rate trend, minutes per
// category, and the derived metrics.
import { eq, sql } from "drizzle-orm";
import type { AnalyticsResponse, OverviewResponse } from "#shared/contracts/tasks.ts";
import { completionRate, productivityScore, timeSavedMinutes, totalHours } from "#shared/domain/metrics.ts";
import type { TaskCategory } from "#shared/domain/tasks.ts";
import type { Db } from "../../db/client.ts";
import { param, preparedPer } from "../../db/prepared.ts";
import { analyticsTotals } from "../../db/schema/analytics.ts";

const num = (v: unknown) => (v == null ? 0 : Number(v));

/**
 * Counts the person's rollups in `tz` (decision 032): the first call in a new time zone recounts them
 * from their tasks and logs, every later call reads them as the triggers keep them.
 */
export async function ensureRollupTimeZone(db: Db, userId: string, tz: string): Promise<void> {
  const [row] = await db
    .select({ timeZone: analyticsTotals.timeZone })
    .from(analyticsTotals)
    .where(eq(analyticsTotals.userId, userId));
  if (row?.timeZone === tz) return;
  await db.execute(sql`select analytics_rebuild(${userId}, ${tz})`);
}

export async function analytics(
  db: Db,
  userId: string,
  range: 7 | 30 | 90,
  tz: string,
  now: Date,
): Promise<AnalyticsResponse> {
  // The rollups' time zone comes back with the figures: one statement in the usual case, and only
  // the first call in a new zone recounts, then reads again.
  const first = await readRollups(db, userId, range, tz, now);
  const row = first?.time_zone === tz ? first : await recountThenRead(db, userId, range, tz, now);
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

/** The overview's figures from the person's totals row (decision 032), not from their tasks. */
export async function overview(db: Db, userId: string): Promise<OverviewResponse> {
  const [totals] = await db.select().from(analyticsTotals).where(eq(analyticsTotals.userId, userId));
  const row = {
    total: totals?.tasks ?? 0,
    done: totals?.completed ?? 0,
    est: totals?.completedEstimatedMinutes ?? 0,
    act: totals?.completedActualMinutes ?? 0,
  };
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

/**
 * One prepared statement over the rollups (decisions 032 and 122): at most range × 7 cells (six
 * categories and the day's focus sessions) and the person's totals row, whatever the length of their
 * history. The trend is running totals over the days (decision 008) from a baseline of all the
 * person's tasks minus those created (completed) from the first day on. The rollups' time zone comes
 * back with the figures (null: no rollup yet).
 */
const rollupStatement = preparedPer((db) => {
  const userId = param("userId");
  const tz = param("tz");
  const figures = sql`
    with series as (
      select generate_series(today - (${param("range")}::int - 1), today, interval '1 day')::date as day
      from (select (${param("now")}::timestamptz at time zone ${tz}::text)::date as today) bounds
    ),
    cells as (
      select a.day, a.category, a.minutes_tracked, a.tasks_completed, a.tasks_created, a.focus_sessions
      from analytics_daily a
      where a.user_id = ${userId}::text and a.day >= (select min(day) from series)
    ),
    per_day as (
      select day, sum(minutes_tracked) as minutes, sum(tasks_completed) as done,
        sum(tasks_created) as created, sum(focus_sessions) as focus
      from cells group by day
    ),
    totals as (
      select coalesce(max(tasks), 0) as n, coalesce(max(completed), 0) as done, max(time_zone) as time_zone
      from analytics_totals where user_id = ${userId}::text
    ),
    baseline as (
      select t.n - coalesce(sum(p.created), 0) as created_before, t.done - coalesce(sum(p.done), 0) as completed_before
      from totals t left join per_day p on true
      group by t.n, t.done
    ),
    days as (
      select s.day,
        coalesce(pd.done, 0) as tasks_completed,
        coalesce(pd.minutes, 0) as minutes_tracked,
        coalesce(pd.focus, 0) as focus_sessions,
        (select created_before from baseline) + sum(coalesce(pd.created, 0)) over (order by s.day) as created,
        (select completed_before from baseline) + sum(coalesce(pd.done, 0)) over (order by s.day) as completed
      from series s left join per_day pd on pd.day = s.day
    ),
    by_category as (
      select category, sum(minutes_tracked) as minutes from cells
      group by category having sum(minutes_tracked) > 0
    )
    select
      (select json_agg(json_build_object(
          'date', to_char(day, 'YYYY-MM-DD'), 'tasksCompleted', tasks_completed,
          'minutesTracked', minutes_tracked, 'focusSessions', focus_sessions,
          'created', created, 'completed', completed) order by day) from days)::text as days,
      (select json_agg(json_build_object('category', category, 'minutes', minutes)
          order by minutes desc, category) from by_category)::text as by_category,
      (select n from totals) as total,
      (select done from totals) as done,
      (select time_zone from totals) as time_zone`;
  return db
    .select({
      days: sql<string | null>`r.days`,
      by_category: sql<string | null>`r.by_category`,
      total: sql<unknown>`r.total`,
      done: sql<unknown>`r.done`,
      time_zone: sql<string | null>`r.time_zone`,
    })
    .from(sql`(${figures}) as r`)
    .prepare("kairo_analytics_range");
});

/** The range's figures from the rollups, with the zone they are counted in (null: no rollup yet). */
async function readRollups(db: Db, userId: string, range: 7 | 30 | 90, tz: string, now: Date) {
  const [row] = await rollupStatement(db).execute({ userId, range, tz, now: now.toISOString() });
  return row;
}

async function recountThenRead(db: Db, userId: string, range: 7 | 30 | 90, tz: string, now: Date) {
  await ensureRollupTimeZone(db, userId, tz);
  return readRollups(db, userId, range, tz, now);
}
