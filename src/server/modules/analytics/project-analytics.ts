// The analytics page narrowed to one project (issue 23 point 1, decision 211). The per-person rollups
// have no project, so these figures are counted from the project's own rows, in the person's zone:
// a project holds a few hundred tasks where a person's history holds thousands, and every count is
// bounded by the range and an index (tasks by project, time logs by task). Tasks completed and created
// are the project's (everyone's, as the project's task list shows them); minutes and focus sessions
// are the person's own on the project's tasks, as the calendar's project filter shows them.
import { sql } from "drizzle-orm";
import type { AnalyticsResponse } from "#shared/contracts/tasks.ts";
import { completionRate, productivityScore, totalHours } from "#shared/domain/metrics.ts";
import type { TaskCategory } from "#shared/domain/tasks.ts";
import type { Db } from "../../db/client.ts";
import type { Project } from "../../db/schema/projects.ts";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? result : ((result as { rows: Row[] }).rows ?? []);
const num = (v: unknown) => (v == null ? 0 : Number(v));

export async function projectAnalytics(
  db: Db,
  personId: string,
  project: Pick<Project, "id" | "isInbox">,
  range: 7 | 30 | 90,
  tz: string,
  now: Date,
): Promise<Omit<AnalyticsResponse, "historyLimitedTo">> {
  // The Inbox also holds the person's tasks written before projects existed (project_id null).
  const inProject = project.isInbox
    ? sql`(t.project_id = ${project.id} or (t.project_id is null and t.user_id = ${personId}))`
    : sql`t.project_id = ${project.id}`;
  const nowIso = now.toISOString();
  const [row] = rowsOf(
    await db.execute(sql`
      with bounds as (select (${nowIso}::timestamptz at time zone ${tz})::date as today),
      series as (
        select generate_series(today - (${range}::int - 1), today, interval '1 day')::date as day from bounds
      ),
      start as (select (min(day)::timestamp at time zone ${tz}) as t0 from series),
      project_tasks as (select t.* from tasks t where ${inProject}),
      done as (
        select (completed_at at time zone ${tz})::date as day, count(*) as n from project_tasks, start
        where completed and completed_at >= start.t0 group by 1
      ),
      created as (
        select (created_at at time zone ${tz})::date as day, count(*) as n from project_tasks, start
        where created_at >= start.t0 group by 1
      ),
      logs as (
        select (l.start_time at time zone ${tz})::date as day, t.category, sum(l.duration_minutes) as minutes
        from time_logs l join project_tasks t on t.id = l.task_id, start
        where l.user_id = ${personId} and l.end_time is not null and l.duration_minutes is not null
          and l.start_time >= start.t0
        group by 1, 2
      ),
      focus as (
        select (p.start_time at time zone ${tz})::date as day, count(*) as n
        from pomodoro_sessions p join project_tasks t on t.id = p.task_id, start
        where p.user_id = ${personId} and p.completed and p.start_time >= start.t0
        group by 1
      ),
      totals as (
        select count(*) as n, count(*) filter (where completed) as done,
          count(*) filter (where created_at < (select t0 from start)) as created_before,
          count(*) filter (where completed and completed_at < (select t0 from start)) as completed_before
        from project_tasks
      )
      select
        (select json_agg(json_build_object(
          'date', to_char(s.day, 'YYYY-MM-DD'),
          'done', coalesce((select n from done where done.day = s.day), 0),
          'created', coalesce((select n from created where created.day = s.day), 0),
          'minutes', coalesce((select sum(minutes) from logs where logs.day = s.day), 0),
          'focus', coalesce((select n from focus where focus.day = s.day), 0)) order by s.day) from series s)::text as days,
        (select json_agg(json_build_object('category', category, 'minutes', m) order by m desc, category)
          from (select category, sum(minutes) as m from logs group by category having sum(minutes) > 0) c)::text as by_category,
        (select n from totals) as total, (select done from totals) as done,
        (select created_before from totals) as created_before,
        (select completed_before from totals) as completed_before`),
  );
  const days = JSON.parse(String(row?.days ?? "[]")) as Array<{
    date: string;
    done: number;
    created: number;
    minutes: number;
    focus: number;
  }>;
  const categories = JSON.parse(String(row?.by_category ?? "[]")) as Array<{
    category: string;
    minutes: number;
  }>;
  // The trend is running totals over the days from the tasks created (completed) before the first
  // one, as the unfiltered page's (decision 008).
  let created = num(row?.created_before);
  let completed = num(row?.completed_before);
  const dayRows = days.map((d) => {
    created += num(d.created);
    completed += num(d.done);
    return {
      date: d.date,
      tasksCompleted: num(d.done),
      minutesTracked: num(d.minutes),
      focusSessions: num(d.focus),
      completionRate: completionRate(completed, created),
    };
  });
  const rate = completionRate(num(row?.done), num(row?.total));
  return {
    range,
    days: dayRows,
    byCategory: categories.map((c) => ({ category: c.category as TaskCategory, minutes: num(c.minutes) })),
    metrics: {
      completionRate: rate,
      totalTasks: num(row?.total),
      totalHours: totalHours(dayRows.reduce((s, d) => s + d.minutesTracked, 0)),
      focusSessions: dayRows.reduce((s, d) => s + d.focusSessions, 0),
      productivityScore: productivityScore(rate),
    },
  };
}
