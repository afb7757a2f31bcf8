// Team analytics at team scale (issue 23 point 9, decision 210), part of `npm run bench` and runnable
// alone: node bench/team-analytics.ts
// On a fresh database at TEST_DATABASE_URL: a team of 100 members with 20,000 shared tasks in 50
// projects (about 60 % completed over the last 90 days, deadlines from two months ago to three weeks
// ahead) and 40,000 time logs, written through SQL so the rollup triggers run as for any write. Then
// the use case behind GET /api/team/analytics (no HTTP) for 90 days, as an owner (the whole
// breakdown) and as a member, timed over 200 calls each after a warm-up. Prints figures, asserts
// nothing; the load average is printed with them because other work on the machine moves them.
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openWorkSums, rollupSums, teamAnalytics } from "../src/server/modules/team/team-analytics.ts";
import { rangeDays, workWeeks } from "../src/shared/domain/team-analytics.ts";
import { timeRuns, withScratchDatabase } from "./scratch-database.ts";

const MEMBERS = 100;
const PROJECTS = 50;
const TASKS = 20_000;
const LOGS = 40_000;
const CALLS = 200;

export async function teamAnalyticsFigures(record: (name: string, value: string) => void) {
  await withScratchDatabase("team_analytics", async (database) => {
    const db = database.db;
    const t0 = performance.now();
    await db.execute(sql`
      insert into "user" (id, full_name, email, email_verified)
      select 'u' || i, 'Person ' || i, 'p' || i || '@example.com', true from generate_series(1, ${MEMBERS}) i`);
    await db.execute(sql`insert into organization (id, name, slug) values ('team', 'Team', 'team')`);
    await db.execute(sql`
      insert into member (id, organization_id, user_id, role)
      select 'm' || i, 'team', 'u' || i, case when i = 1 then 'owner' else 'member' end
      from generate_series(1, ${MEMBERS}) i`);
    await db.execute(sql`
      insert into subscriptions (user_id, plan_id, status, current_period_end, seats, organization_id)
      values ('u1', 'team', 'active', now() + interval '30 days', ${MEMBERS}, 'team')`);
    await db.execute(sql`
      insert into projects (id, team_id, name)
      select ('00000000-0000-0000-0000-' || lpad(i::text, 12, '0'))::uuid, 'team', 'Project ' || i
      from generate_series(1, ${PROJECTS}) i`);
    await db.execute(sql`
      insert into tasks (user_id, organization_id, project_id, assignee_id, title, deadline, estimated_minutes,
        completed, completed_at, status, created_at)
      select 'u' || (1 + i % ${MEMBERS}), 'team',
        ('00000000-0000-0000-0000-' || lpad((1 + i % ${PROJECTS})::text, 12, '0'))::uuid,
        case when i % 4 = 0 then null else 'u' || (1 + (i * 7) % ${MEMBERS}) end,
        'Task ' || i,
        case when i % 5 = 0 then null else now() - interval '60 days' + (i % 81) * interval '1 day' end,
        15 + (i % 8) * 15,
        i % 5 < 3,
        case when i % 5 < 3 then now() - (i % 90) * interval '1 day' - (i % 24) * interval '1 hour' end,
        case when i % 5 < 3 then 'completed' else 'todo' end,
        now() - interval '100 days'
      from generate_series(1, ${TASKS}) i`);
    await db.execute(sql`
      insert into time_logs (task_id, user_id, start_time, end_time, duration_minutes)
      select t.id, 'u' || (1 + g.i % ${MEMBERS}), now() - (g.i % 90) * interval '1 day',
        now() - (g.i % 90) * interval '1 day' + interval '25 minutes', 25
      from generate_series(1, ${LOGS}) g(i)
      join lateral (select id from tasks offset (g.i % ${TASKS}) limit 1) t on true`);
    await db.execute(sql`vacuum analyze`);
    const seeded = performance.now() - t0;

    // The plan gate passes: the figures are about the reads, not the entitlement lookup.
    const entitlements = { require: async () => ({}) as never };
    const time = async (
      personId: string,
      run: () => Promise<unknown> = () =>
        teamAnalytics({
          db,
          entitlements,
          personId,
          range: 90,
          timeZone: "Europe/Berlin",
          clock: () => new Date(),
        }),
    ) => {
      const quantile = await timeRuns(run, 20, CALLS);
      return `median ${quantile(0.5).toFixed(2)} ms, p99 ${quantile(0.99).toFixed(2)} ms`;
    };
    const sample = await teamAnalytics({
      db,
      entitlements,
      personId: "u1",
      range: 90,
      timeZone: "Europe/Berlin",
      clock: () => new Date(),
    });
    const [cells] = (
      (await db.execute(sql`select count(*)::int as n from project_analytics_daily`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    console.info(
      `(team analytics: seeded ${MEMBERS} members, ${PROJECTS} projects, ${TASKS} tasks, ${LOGS} logs in ${seeded.toFixed(0)} ms; ${cells?.n} rollup cells; team figures ${JSON.stringify(sample.team)})`,
    );
    const load = () =>
      `load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`;
    const scale = `${MEMBERS} members, ${PROJECTS} projects, ${TASKS} tasks, PostgreSQL`;
    record(`team analytics, 90 days, as the owner (per member and project), ${scale}`, await time("u1"));
    record(`team analytics, 90 days, as a member (totals and own figures), ${scale}`, await time("u2"));
    const { from, to } = rangeDays(90, new Date());
    const weeks = workWeeks(new Date(), "Europe/Berlin");
    record(
      "  of which the rollup read / the open-work read (goal: the whole under 10 ms of server time)",
      `${await time("u1", () => rollupSums(db, "team", from, to))}; ${await time("u1", () => openWorkSums(db, "team", new Date(), weeks))} (${load()})`,
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await teamAnalyticsFigures((n, v) => console.info(`${n.padEnd(90)} ${v}`));
}
