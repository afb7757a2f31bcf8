// Fills one person's account with 5,000 tasks and 50,000 closed time logs spread over 120 days, in
// plain SQL so it takes seconds. Runs while the server is stopped (PGlite) or beside it (PostgreSQL).
// It leaves the account as it is in steady use: priority scores current (the list would otherwise
// rewrite them on its first read) and the tables vacuumed and analysed, as autovacuum keeps them.
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";
import { listTasks } from "../src/server/modules/tasks/tasks.ts";

export async function seedHeavyUser(db: Db, userId: string, tasks = 5000, logs = 50000) {
  // In bulk with the rollup triggers off, then the person's rollups counted once from scratch, as the
  // migration does for existing accounts (decision 032): 55,000 trigger calls would take minutes.
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`
    insert into tasks (user_id, title, estimated_minutes, actual_minutes, category, priority, completed, completed_at,
                       status, deadline, priority_score, created_at, updated_at)
    select ${userId},
           'Bench task ' || g,
           (5 * (1 + g % 96)),
           (g % 240),
           (array['General','Development','Design','Meeting','Research','Admin'])[1 + g % 6],
           (array['low','medium','high','urgent'])[1 + g % 4],
           g % 3 = 0,
           case when g % 3 = 0 then now() - ((g % 120) || ' days')::interval end,
           case when g % 3 = 0 then 'completed' else 'todo' end,
           case when g % 5 = 0 then null else now() + (((g % 60) - 20) || ' days')::interval end,
           case when g % 3 = 0 then 0 else (g * 7919 % 10000) / 100.0 end,
           now() - ((g % 150) || ' days')::interval,
           now()
    from generate_series(1, ${tasks}) g`);
  await db.execute(sql`
    with t as (select id, row_number() over () as n from tasks where user_id = ${userId})
    insert into time_logs (task_id, user_id, start_time, end_time, duration_minutes)
    select t.id, ${userId},
           now() - ((g % 120) || ' days')::interval - ((g % 600) || ' minutes')::interval,
           now() - ((g % 120) || ' days')::interval - ((g % 600) || ' minutes')::interval + ((5 + g % 90) || ' minutes')::interval,
           5 + g % 90
    from generate_series(1, ${logs}) g join t on t.n = 1 + g % ${tasks}`);
  await db.execute(sql`
    insert into pomodoro_sessions (user_id, start_time, end_time, duration_minutes, break_duration_minutes, completed)
    select ${userId}, now() - ((g % 90) || ' days')::interval, now() - ((g % 90) || ' days')::interval + interval '25 minutes', 25, 5, true
    from generate_series(1, 2000) g`);
  await db.execute(sql`set session_replication_role = default`);
  await db.execute(sql`select analytics_rebuild(${userId}, 'UTC')`);
  // The first list read scores the open tasks (listTasks re-scores scores older than an hour).
  await listTasks({ db, clock: () => new Date(), personId: userId, query: { limit: 1, offset: 0 } });
  await db.execute(sql`vacuum (analyze)`);
}
