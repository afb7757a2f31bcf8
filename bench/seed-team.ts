// A team at the scale issue 23 measures (bench/team-analytics.ts, bench/team-load.ts): 100 members
// (u1 the owner, u2…u100 members) on a live Team plan, 50 open projects (ids from projectId(1) to projectId(50)), 20,000
// shared tasks (60 % completed over the last 90 days in every project, three in four assigned, deadlines from
// two months ago to three weeks ahead) and 40,000 time logs. Written through SQL, so the rollup
// triggers run as for any write; the tables are analysed afterwards.
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";

export const TEAM = { members: 100, projects: 50, tasks: 20_000, logs: 40_000 } as const;

/** The id of seeded project `n` (1-based). */
export const projectId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export async function seedTeam(db: Db): Promise<void> {
  const { members, projects, tasks, logs } = TEAM;
  await db.execute(sql`
    insert into "user" (id, full_name, email, email_verified)
    select 'u' || i, 'Person ' || i, 'p' || i || '@example.com', true from generate_series(1, ${members}) i`);
  await db.execute(sql`insert into organization (id, name, slug) values ('team', 'Team', 'team')`);
  await db.execute(sql`
    insert into member (id, organization_id, user_id, role)
    select 'm' || i, 'team', 'u' || i, case when i = 1 then 'owner' else 'member' end
    from generate_series(1, ${members}) i`);
  await db.execute(sql`
    insert into subscriptions (user_id, plan_id, status, current_period_end, seats, organization_id)
    values ('u1', 'team', 'active', now() + interval '30 days', ${members}, 'team')`);
  await db.execute(sql`
    insert into projects (id, team_id, name)
    select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'team', 'Project ' || i
    from generate_series(1, ${projects}) i`);
  await db.execute(sql`
    insert into tasks (user_id, organization_id, project_id, assignee_id, title, deadline, estimated_minutes,
      completed, completed_at, status, created_at)
    select 'u' || (1 + i % ${members}), 'team',
      ('00000000-0000-4000-8000-' || lpad((1 + i % ${projects})::text, 12, '0'))::uuid,
      case when i % 4 = 0 then null else 'u' || (1 + (i * 7) % ${members}) end,
      'Task ' || i,
      case when (i / ${projects}) % 5 = 0 then null else now() - interval '60 days' + (i % 81) * interval '1 day' end,
      15 + (i % 8) * 15,
      (i / ${projects}) % 5 < 3,
      case when (i / ${projects}) % 5 < 3 then now() - (i % 90) * interval '1 day' - (i % 24) * interval '1 hour' end,
      case when (i / ${projects}) % 5 < 3 then 'completed' else 'todo' end,
      now() - interval '100 days'
    from generate_series(1, ${tasks}) i`);
  await db.execute(sql`
    insert into time_logs (task_id, user_id, start_time, end_time, duration_minutes)
    select t.id, 'u' || (1 + g.i % ${members}), now() - (g.i % 90) * interval '1 day',
      now() - (g.i % 90) * interval '1 day' + interval '25 minutes', 25
    from generate_series(1, ${logs}) g(i)
    join lateral (select id from tasks offset (g.i % ${tasks}) limit 1) t on true`);
  await db.execute(sql`vacuum analyze`);
}
