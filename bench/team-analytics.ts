// Team analytics at team scale (issue 23 point 9, decision 210), part of `npm run bench` and runnable
// alone: node bench/team-analytics.ts
// On a fresh database at TEST_DATABASE_URL: the team of bench/seed-team.ts (100 members, 50 projects,
// 20,000 shared tasks, 40,000 time logs). Then the use case behind GET /api/team/analytics (no HTTP)
// for 90 days, as an owner (the whole breakdown) and as a member, timed over 200 calls each after a
// warm-up. Prints figures, asserts nothing; the load average is printed with them because other work
// on the machine moves them.
import { sql } from "drizzle-orm";
import { openWorkSums, rollupSums, teamAnalytics } from "../src/server/modules/team/team-analytics.ts";
import { rangeDays, workWeeks } from "../src/shared/domain/team-analytics.ts";
import { loadAverage } from "./process-measures.ts";
import { timeRuns, withScratchDatabase } from "./scratch-database.ts";
import { seedTeam, TEAM } from "./seed-team.ts";

const { members: MEMBERS, projects: PROJECTS, tasks: TASKS, logs: LOGS } = TEAM;
const CALLS = 200;

export async function teamAnalyticsFigures(record: (name: string, value: string) => void) {
  await withScratchDatabase("team_analytics", async (database) => {
    const db = database.db;
    const t0 = performance.now();
    await seedTeam(db);
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
    const scale = `${MEMBERS} members, ${PROJECTS} projects, ${TASKS} tasks, PostgreSQL`;
    record(`team analytics, 90 days, as the owner (per member and project), ${scale}`, await time("u1"));
    record(`team analytics, 90 days, as a member (totals and own figures), ${scale}`, await time("u2"));
    const { from, to } = rangeDays(90, new Date());
    const weeks = workWeeks(new Date(), "Europe/Berlin");
    record(
      "  of which the rollup read / the open-work read (goal: the whole under 10 ms of server time)",
      `${await time("u1", () => rollupSums(db, "team", from, to))}; ${await time("u1", () => openWorkSums(db, "team", new Date(), weeks))} (${loadAverage()})`,
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await teamAnalyticsFigures((n, v) => console.info(`${n.padEnd(90)} ${v}`));
}
