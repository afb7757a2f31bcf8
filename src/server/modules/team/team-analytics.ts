// GET /api/team/analytics (issue 23 point 6, decision 210): the Team Workspace's figures over 7, 30
// or 90 days. Completions and tracked time come from the team analytics rollup
// (project_analytics_daily, at most projects × members × days cells, whatever the team's history);
// open workload and overdue tasks from the team's open tasks with a deadline before the week after
// next (a partial index holds only those). Per-member and per-project figures are for the roles the
// permission table lets see them ("team.analytics.members"); everyone else gets the team's totals
// and their own.
import { asc, eq, sql } from "drizzle-orm";
import type { TeamAnalyticsResponse } from "#shared/contracts/team.ts";
import { decide, isTeamRole, type TeamRole } from "#shared/domain/permissions.ts";
import {
  addSums,
  emptySums,
  rangeDays,
  type TeamSums,
  teamFigures,
  workWeeks,
} from "#shared/domain/team-analytics.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { member, user } from "../../db/schema/auth.ts";
import { projects } from "../../db/schema/projects.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { enforce } from "../permissions/permissions.ts";
import { liveMemberships } from "./team.ts";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? result : ((result as { rows: Row[] }).rows ?? []);

/** Sums grouped by person, by project and for the whole team (GROUPING SETS), keyed "u:…", "p:…", "t". */
type Grouped = Map<string, Partial<TeamSums>>;

function keyOf(r: Row): string {
  if (r.user_id != null) return `u:${String(r.user_id)}`;
  if (r.project_id != null) return `p:${String(r.project_id)}`;
  return "t";
}

export async function rollupSums(db: Db, teamId: string, from: string, to: string): Promise<Grouped> {
  const rows = rowsOf(
    await db.execute(sql`
      select d.user_id, d.project_id,
        sum(d.tasks_completed)::int as completed,
        sum(d.completed_with_deadline)::int as with_deadline,
        sum(d.completed_on_time)::int as on_time,
        sum(d.minutes_tracked)::int as minutes
      from project_analytics_daily d
      where d.project_id in (select id from projects where team_id = ${teamId})
        and d.day >= ${from}::date and d.day <= ${to}::date
      group by grouping sets ((d.user_id), (d.project_id), ())`),
  );
  return new Map(
    rows.map((r) => [
      keyOf(r),
      {
        completed: Number(r.completed ?? 0),
        completedWithDeadline: Number(r.with_deadline ?? 0),
        completedOnTime: Number(r.on_time ?? 0),
        minutesTracked: Number(r.minutes ?? 0),
      },
    ]),
  );
}

/** Open work with a deadline before the week after next: who must do it is its assignee, else its creator. */
export async function openWorkSums(
  db: Db,
  teamId: string,
  now: Date,
  weeks: ReturnType<typeof workWeeks>,
): Promise<Grouped> {
  const [nowIso, thisWeek, nextWeek, weekAfter] = [now, weeks.thisWeek, weeks.nextWeek, weeks.weekAfter].map(
    (d) => d.toISOString(),
  );
  const rows = rowsOf(
    await db.execute(sql`
      select coalesce(t.assignee_id, t.user_id) as user_id, t.project_id,
        coalesce(sum(t.estimated_minutes) filter (
          where t.deadline >= ${thisWeek}::timestamptz and t.deadline < ${nextWeek}::timestamptz), 0)::int as this_week,
        coalesce(sum(t.estimated_minutes) filter (
          where t.deadline >= ${nextWeek}::timestamptz and t.deadline < ${weekAfter}::timestamptz), 0)::int as next_week,
        (count(*) filter (where t.deadline < ${nowIso}::timestamptz))::int as overdue
      from tasks t
      where t.project_id in (select id from projects where team_id = ${teamId})
        and t.completed = false and t.deadline is not null and t.deadline < ${weekAfter}::timestamptz
      group by grouping sets ((coalesce(t.assignee_id, t.user_id)), (t.project_id), ())`),
  );
  return new Map(
    rows.map((r) => [
      keyOf(r),
      {
        workloadThisWeekMinutes: Number(r.this_week ?? 0),
        workloadNextWeekMinutes: Number(r.next_week ?? 0),
        overdue: Number(r.overdue ?? 0),
      },
    ]),
  );
}

export async function teamAnalytics(o: {
  db: Db;
  entitlements: Pick<Entitlements, "require">;
  personId: string;
  range: 7 | 30 | 90;
  timeZone: string;
  clock: () => Date;
}): Promise<TeamAnalyticsResponse> {
  await o.entitlements.require(o.personId, "team_collaboration");
  const now = o.clock();
  const [first] = await liveMemberships(o.db, o.personId, now);
  if (!first) throw new AppError("NOT_FOUND", "Team not found.");
  const teamId = first.org.id;
  // The membership row just read holds the role: the table is asked without reading it again.
  const role: TeamRole =
    first.sub.userId === o.personId ? "owner" : isTeamRole(first.member.role) ? first.member.role : "member";
  enforce(decide({ role }, "team.read"), "Team not found.");
  const breakdown = decide({ role }, "team.analytics.members").allowed;

  const { from, to } = rangeDays(o.range, now);
  const weeks = workWeeks(now, o.timeZone);
  const [done, open, people, teamProjects] = await Promise.all([
    rollupSums(o.db, teamId, from, to),
    openWorkSums(o.db, teamId, now, weeks),
    breakdown
      ? o.db
          .select({ userId: member.userId, role: member.role, name: user.name })
          .from(member)
          .innerJoin(user, eq(user.id, member.userId))
          .where(eq(member.organizationId, teamId))
          .orderBy(asc(user.name))
      : [],
    breakdown
      ? o.db
          .select({
            id: projects.id,
            name: projects.name,
            colour: projects.colour,
            archivedAt: projects.archivedAt,
          })
          .from(projects)
          .where(eq(projects.teamId, teamId))
          .orderBy(asc(projects.name))
      : [],
  ]);
  const figuresOf = (key: string) =>
    teamFigures(addSums(addSums(emptySums(), done.get(key) ?? {}), open.get(key) ?? {}));
  const ownerId = first.sub.userId;
  const roleOf = (userId: string, stored: string): TeamRole =>
    userId === ownerId ? "owner" : isTeamRole(stored) ? stored : "member";

  return {
    range: o.range,
    from,
    to,
    weekStart: weeks.thisWeek.toISOString(),
    team: figuresOf("t"),
    me: figuresOf(`u:${o.personId}`),
    members: breakdown
      ? people.map((p) => ({
          userId: p.userId,
          name: p.name,
          role: roleOf(p.userId, p.role),
          figures: figuresOf(`u:${p.userId}`),
        }))
      : null,
    projects: breakdown
      ? teamProjects.map((p) => ({
          projectId: p.id,
          name: p.name,
          colour: p.colour,
          archived: p.archivedAt !== null,
          figures: figuresOf(`p:${p.id}`),
        }))
      : null,
  };
}
