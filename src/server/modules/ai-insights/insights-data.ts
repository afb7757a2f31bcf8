// What the insights are computed from, read in SQL in one statement: the range's task figures, the
// weekly completion series for the forecast, one row per local day of the last 70 days (tracked
// minutes, after-hours minutes, work blocks, breaks between them, focus minutes, categories), and the
// hours and weekdays of tracked time and completions. Days and hours are local to `tz`.
import { sql } from "drizzle-orm";
import type { WorkDay } from "#shared/domain/burnout.ts";
import { BASELINE_DAYS, RECENT_DAYS } from "#shared/domain/burnout.ts";
import { FORECAST_HISTORY_WEEKS, INSIGHTS_RANGE_DAYS } from "#shared/domain/insights.ts";
import type { Db } from "../../db/client.ts";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? result : ((result as { rows: Row[] }).rows ?? []);
const num = (v: unknown) => (v == null ? 0 : Number(v));
const json = <T>(v: unknown, empty: T): T => (v == null ? empty : (JSON.parse(String(v)) as T));

export const DAYS_READ = RECENT_DAYS + BASELINE_DAYS;

export type InsightsData = {
  /** Tasks open when the range started plus those created in it, and those completed in it. */
  plate: number;
  completed: number;
  openNow: number;
  /** Minutes of closed time logs and completed focus sessions that started in the range. */
  minutes: number;
  focusSessions: number;
  averageTaskMinutes: number;
  /** Oldest first; weeks before the person's first task are left out. */
  weekly: { plate: number; completed: number }[];
  /** One entry per local day of the last DAYS_READ days, oldest first. */
  days: (WorkDay & { categories: number; focusBlocks: number })[];
  minutesByHour: number[];
  completionsByHour: number[];
  minutesByWeekday: number[];
  completionsByWeekday: number[];
  /** Categories by tracked minutes in the range, most first. */
  topCategories: string[];
};

export async function readInsightsData(db: Db, userId: string, tz: string, now: Date): Promise<InsightsData> {
  const nowIso = now.toISOString();
  const [row] = rowsOf(
    await db.execute(sql`
    with bounds as (
      select ${nowIso}::timestamptz as now_at,
        ${nowIso}::timestamptz - make_interval(days => ${INSIGHTS_RANGE_DAYS}::int) as range_start,
        (${nowIso}::timestamptz at time zone ${tz})::date as today
    ),
    read_from as (select ((today - ${DAYS_READ - 1}::int)::timestamp at time zone ${tz}) as t0 from bounds),
    mine as (
      select t.created_at, t.completed, t.completed_at, t.actual_minutes
      from tasks t where t.user_id = ${userId}
    ),
    plate as (
      select
        count(*) filter (where m.created_at <= b.now_at
          and (m.created_at >= b.range_start or not m.completed or m.completed_at >= b.range_start)) as plate,
        count(*) filter (where m.completed and m.completed_at >= b.range_start and m.completed_at < b.now_at) as done,
        count(*) filter (where not m.completed) as open_now,
        avg(m.actual_minutes) filter (where m.completed and m.completed_at >= b.range_start and m.actual_minutes > 0) as avg_minutes,
        min(m.created_at) as first_at
      from mine m, bounds b
    ),
    week_rows as (
      select k, b.now_at - make_interval(days => 7 * (k + 1)) as ws, b.now_at - make_interval(days => 7 * k) as we
      from generate_series(0, ${FORECAST_HISTORY_WEEKS - 1}::int) k, bounds b
    ),
    weekly as (
      select w.k,
        count(m.created_at) filter (where m.created_at >= w.ws or not m.completed or m.completed_at >= w.ws) as plate,
        count(m.created_at) filter (where m.completed and m.completed_at >= w.ws and m.completed_at < w.we) as done
      from week_rows w left join mine m on m.created_at < w.we
      where w.we > (select first_at from plate)
      group by w.k
    ),
    blocks as (
      select l.start_time, l.end_time, l.duration_minutes as minutes, t.category, true as is_log
      from time_logs l join tasks t on t.id = l.task_id, read_from r
      where l.user_id = ${userId} and l.end_time is not null and l.start_time >= r.t0
      union all
      select p.start_time, coalesce(p.end_time, p.start_time + make_interval(mins => p.duration_minutes)),
        p.duration_minutes, null, false
      from pomodoro_sessions p, read_from r
      where p.user_id = ${userId} and p.completed and p.start_time >= r.t0
    ),
    local_blocks as (
      select b.*, (b.start_time at time zone ${tz}) as ls,
        lag(b.end_time) over (partition by (b.start_time at time zone ${tz})::date order by b.start_time) as prev_end
      from blocks b
    ),
    per_day as (
      select ls::date as day,
        coalesce(sum(minutes) filter (where is_log), 0) as minutes,
        coalesce(sum(minutes) filter (where is_log and (extract(hour from ls) < 8 or extract(hour from ls) >= 18)), 0) as after_minutes,
        count(*) as sessions,
        count(*) filter (where start_time - prev_end between interval '5 minutes' and interval '60 minutes') as breaks,
        greatest(coalesce(sum(minutes) filter (where is_log and minutes >= 25), 0),
          coalesce(sum(minutes) filter (where not is_log), 0)) as focus_minutes,
        count(*) filter (where not is_log or minutes >= 25) as focus_blocks,
        count(distinct category) as categories
      from local_blocks group by 1
    ),
    days as (
      select d::date as day, extract(dow from d)::int as dow, p.minutes, p.after_minutes, p.sessions,
        p.breaks, p.focus_minutes, p.focus_blocks, p.categories
      from bounds b, generate_series(b.today - ${DAYS_READ - 1}::int, b.today, interval '1 day') d
        left join per_day p on p.day = d::date
    ),
    in_range as (select lb.* from local_blocks lb, bounds b where lb.start_time >= b.range_start),
    done_local as (
      select (m.completed_at at time zone ${tz}) as lc from mine m, bounds b
      where m.completed and m.completed_at >= b.range_start and m.completed_at < b.now_at
    )
    select
      (select plate from plate) as plate, (select done from plate) as done,
      (select open_now from plate) as open_now, (select avg_minutes from plate) as avg_minutes,
      (select coalesce(sum(minutes) filter (where is_log), 0) from in_range) as minutes,
      (select count(*) filter (where not is_log) from in_range) as focus_sessions,
      (select json_agg(json_build_object('plate', plate, 'completed', done) order by k desc) from weekly)::text as weekly,
      (select json_agg(json_build_object(
          'date', to_char(day, 'YYYY-MM-DD'), 'weekday', dow, 'minutes', coalesce(minutes, 0),
          'afterHoursMinutes', coalesce(after_minutes, 0), 'sessions', coalesce(sessions, 0),
          'breaks', coalesce(breaks, 0), 'focusMinutes', coalesce(focus_minutes, 0),
          'focusBlocks', coalesce(focus_blocks, 0), 'categories', coalesce(categories, 0)) order by day)
        from days)::text as days,
      (select json_agg(json_build_array(h, m)) from (
        select extract(hour from ls)::int h, sum(minutes) m from in_range where is_log group by 1) x)::text as hour_minutes,
      (select json_agg(json_build_array(d, m)) from (
        select extract(dow from ls)::int d, sum(minutes) m from in_range where is_log group by 1) x)::text as dow_minutes,
      (select json_agg(json_build_array(h, n)) from (
        select extract(hour from lc)::int h, count(*) n from done_local group by 1) x)::text as hour_done,
      (select json_agg(json_build_array(d, n)) from (
        select extract(dow from lc)::int d, count(*) n from done_local group by 1) x)::text as dow_done,
      (select json_agg(category order by m desc, category) from (
        select category, sum(minutes) m from in_range where is_log group by 1) x)::text as categories`),
  );

  const spread = (pairs: [number, number][], size: number) => {
    const out = Array.from({ length: size }, () => 0);
    for (const [i, v] of pairs) out[i] = num(v);
    return out;
  };
  type DayJson = WorkDay & { categories: number; focusBlocks: number };
  return {
    plate: num(row?.plate),
    completed: num(row?.done),
    openNow: num(row?.open_now),
    minutes: num(row?.minutes),
    focusSessions: num(row?.focus_sessions),
    averageTaskMinutes: Math.round(num(row?.avg_minutes)),
    weekly: json<{ plate: number; completed: number }[]>(row?.weekly, []).map((w) => ({
      plate: num(w.plate),
      completed: num(w.completed),
    })),
    days: json<DayJson[]>(row?.days, []).map((d) => ({
      date: d.date,
      weekday: num(d.weekday),
      minutes: num(d.minutes),
      afterHoursMinutes: num(d.afterHoursMinutes),
      sessions: num(d.sessions),
      breaks: num(d.breaks),
      focusMinutes: num(d.focusMinutes),
      focusBlocks: num(d.focusBlocks),
      categories: num(d.categories),
    })),
    minutesByHour: spread(json(row?.hour_minutes, []), 24),
    completionsByHour: spread(json(row?.hour_done, []), 24),
    minutesByWeekday: spread(json(row?.dow_minutes, []), 7),
    completionsByWeekday: spread(json(row?.dow_done, []), 7),
    topCategories: json<string[]>(row?.categories, []).filter(Boolean),
  };
}

/**
 * A cheap summary that changes whenever anything the insights read changes: the cache of
 * generated insights is valid while it stays the same.
 */
export async function insightsFingerprint(db: Db, userId: string): Promise<string> {
  const [row] = rowsOf(
    await db.execute(sql`
    select
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from tasks where user_id = ${userId}) || '|' ||
      (select count(*) || ':' || count(end_time) || ':' || coalesce(sum(duration_minutes), 0)
         from time_logs where user_id = ${userId}) || '|' ||
      (select count(*) || ':' || count(*) filter (where completed) from pomodoro_sessions where user_id = ${userId}) || '|' ||
      (select count(*) || ':' || count(*) filter (where is_applied)
         from optimization_recommendations where user_id = ${userId}) || '|' ||
      (select count(*) from burnout_alerts where user_id = ${userId}) as fp`),
  );
  return String(row?.fp ?? "");
}
