// Team analytics (issue 23 point 6, decision 210) and the project filter of the personal analytics
// (point 1): figures computed from real completed tasks and time logs made through the API, the
// per-member breakdown for owners and admins only, the rollup against a from-scratch count, and the
// bad input. One server and one team for the file; the clock stands on a Wednesday noon (UTC) a few
// days after the Team plan was bought, so the weeks are known.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { member } from "#server/db/schema/auth.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import type { InsightsResponse } from "#shared/contracts/ai-insights.ts";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import type { AnalyticsResponse, TaskDto } from "#shared/contracts/tasks.ts";
import type { TeamAnalyticsResponse, TeamFiguresDto, TeamResponse } from "#shared/contracts/team.ts";
import type { TeamRole } from "#shared/domain/permissions.ts";
import { workWeeks } from "#shared/domain/team-analytics.ts";
import { buyPlan } from "../support/factories.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { server, db, person } = testServerForFile();

const MIN = 60_000;
const DAY = 86_400_000;

/** The Wednesday 12:00 UTC after today (at least a day ahead), inside the plan's first month. */
function nextWednesdayNoon(): Date {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  do d.setTime(d.getTime() + DAY);
  while (d.getUTCDay() !== 3);
  return d;
}

const NOW = nextWednesdayNoon();
const weeks = workWeeks(NOW, "UTC");
const LAST_WEEK = new Date(weeks.thisWeek.getTime() - DAY).toISOString();
const THIS_WEEK = new Date(weeks.nextWeek.getTime() - MIN).toISOString();
const NEXT_WEEK = new Date(weeks.nextWeek.getTime() + 2 * DAY).toISOString();

type Team = { id: string } & Record<TeamRole, SignedInPerson>;
let team: Team;
let p1: ProjectDto;
let p2: ProjectDto;
let otherTeamProject: ProjectDto;
let strangersProject: ProjectDto;

async function ok<T>(res: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

const newTask = (p: SignedInPerson, body: Record<string, unknown>) =>
  ok(p.client.post<TaskDto>("/api/tasks", { title: "Work", ...body }), 201);

const complete = (p: SignedInPerson, task: TaskDto) =>
  ok(p.client.patch<TaskDto>(`/api/tasks/${task.id}`, { completed: true }));

async function track(p: SignedInPerson, task: TaskDto, minutes: number) {
  await ok(p.client.post(`/api/tasks/${task.id}/timer/start`));
  server.clock.advance(minutes * MIN);
  await ok(p.client.post(`/api/tasks/${task.id}/timer/stop`));
}

const analyticsOf = (p: SignedInPerson, query = "range=7") =>
  ok(p.client.get<TeamAnalyticsResponse>(`/api/team/analytics?${query}`));

const zero: TeamFiguresDto = {
  tasksCompleted: 0,
  hoursTracked: 0,
  onTimeRate: null,
  workloadThisWeekHours: 0,
  workloadNextWeekHours: 0,
  overdueTasks: 0,
};

beforeAll(async () => {
  const owner = await person();
  await buyPlan(server, owner.client, "team", 10);
  const id = (await owner.client.get<TeamResponse>("/api/team")).body.team!.id;
  const [admin, memberP, viewer] = [await person(), await person(), await person()];
  for (const [p, role] of [
    [admin, "admin"],
    [memberP, "member"],
    [viewer, "viewer"],
  ] as const)
    await db().insert(member).values({ id: randomUUID(), organizationId: id, userId: p.id, role });
  team = { id, owner, admin, member: memberP, viewer };

  // Another team, and a stranger's personal project, for the project filter's 404s.
  const other = await person();
  await buyPlan(server, other.client, "team", 2);
  const otherTeamId = (await other.client.get<TeamResponse>("/api/team")).body.team!.id;
  otherTeamProject = await ok(
    other.client.post<ProjectDto>("/api/projects", { name: "Theirs", teamId: otherTeamId }),
    201,
  );
  strangersProject = await ok(other.client.post<ProjectDto>("/api/projects", { name: "Private" }), 201);

  server.clock.set(NOW);
  p1 = await ok(owner.client.post<ProjectDto>("/api/projects", { name: "Alpha", teamId: id }), 201);
  p2 = await ok(owner.client.post<ProjectDto>("/api/projects", { name: "Beta", teamId: id }), 201);

  // The member: one task of their own, timed and done before its deadline; one assigned to them,
  // done after its deadline.
  const a = await newTask(memberP, { projectId: p1.id, deadline: NEXT_WEEK, estimatedMinutes: 60 });
  await track(memberP, a, 30);
  await complete(memberP, a);
  const b = await newTask(owner, {
    projectId: p1.id,
    assigneeId: memberP.id,
    deadline: LAST_WEEK,
    estimatedMinutes: 30,
  });
  await complete(memberP, b);
  // The admin: a task without a deadline, timed and done.
  const c = await newTask(admin, { projectId: p2.id, estimatedMinutes: 45 });
  await track(admin, c, 30);
  await complete(admin, c);
  // Open work: due this week (the member's), next week (unassigned: the owner's), overdue (the member's).
  await newTask(owner, {
    projectId: p1.id,
    assigneeId: memberP.id,
    deadline: THIS_WEEK,
    estimatedMinutes: 120,
  });
  await newTask(owner, { projectId: p2.id, deadline: NEXT_WEEK, estimatedMinutes: 90 });
  await newTask(owner, {
    projectId: p2.id,
    assigneeId: memberP.id,
    deadline: LAST_WEEK,
    estimatedMinutes: 30,
  });
  // A personal task of the member's, done and timed: not the team's.
  const own = await newTask(memberP, { deadline: NEXT_WEEK });
  await track(memberP, own, 20);
  await complete(memberP, own);
  // The owner's task completed twelve days ago (written directly, as an import would): in 30 days, not in 7.
  const old = await newTask(owner, { projectId: p1.id });
  await db()
    .update(tasks)
    .set({ completed: true, status: "completed", completedAt: new Date(NOW.getTime() - 12 * DAY) })
    .where(eq(tasks.id, old.id));
}, 60_000);

beforeEach(() => server.clock.set(new Date(NOW.getTime() + 2 * 60 * MIN)));

describe("GET /api/team/analytics", () => {
  it("gives owners and admins the team, each member and each project over the range", async () => {
    for (const who of ["owner", "admin"] as const) {
      const res = await analyticsOf(team[who]);
      expect(res).toMatchObject({ range: 7, weekStart: weeks.thisWeek.toISOString() });
      expect(res.team).toEqual({
        tasksCompleted: 3,
        hoursTracked: 1,
        onTimeRate: 0.5,
        workloadThisWeekHours: 2,
        workloadNextWeekHours: 1.5,
        overdueTasks: 1,
      });
      const byMember = Object.fromEntries(res.members!.map((m) => [m.userId, m]));
      expect(Object.keys(byMember).sort()).toEqual(
        [team.owner.id, team.admin.id, team.member.id, team.viewer.id].sort(),
      );
      expect(byMember[team.member.id]!.figures).toEqual({
        tasksCompleted: 2,
        hoursTracked: 0.5,
        onTimeRate: 0.5,
        workloadThisWeekHours: 2,
        workloadNextWeekHours: 0,
        overdueTasks: 1,
      });
      expect(byMember[team.admin.id]!.figures).toEqual({ ...zero, tasksCompleted: 1, hoursTracked: 0.5 });
      expect(byMember[team.owner.id]).toMatchObject({
        role: "owner",
        figures: { ...zero, workloadNextWeekHours: 1.5 },
      });
      expect(byMember[team.viewer.id]).toMatchObject({ role: "viewer", figures: zero });
      const byProject = Object.fromEntries(res.projects!.map((p) => [p.projectId, p.figures]));
      expect(byProject[p1.id]).toEqual({
        tasksCompleted: 2,
        hoursTracked: 0.5,
        onTimeRate: 0.5,
        workloadThisWeekHours: 2,
        workloadNextWeekHours: 0,
        overdueTasks: 0,
      });
      expect(byProject[p2.id]).toEqual({
        tasksCompleted: 1,
        hoursTracked: 0.5,
        onTimeRate: null,
        workloadThisWeekHours: 0,
        workloadNextWeekHours: 1.5,
        overdueTasks: 1,
      });
      expect(res.me).toEqual(byMember[team[who].id]!.figures);
    }
  });

  it("widens to 30 days: the task completed twelve days ago counts for the owner and the project", async () => {
    const res = await analyticsOf(team.owner, "range=30");
    expect(res.team.tasksCompleted).toBe(4);
    expect(res.me.tasksCompleted).toBe(1);
    expect(res.projects!.find((p) => p.projectId === p1.id)!.figures.tasksCompleted).toBe(3);
  });

  it("shows members and viewers the team's totals and their own figures, nobody else's", async () => {
    const asMember = await analyticsOf(team.member);
    expect(asMember.members).toBeNull();
    expect(asMember.projects).toBeNull();
    expect(asMember.team.tasksCompleted).toBe(3);
    expect(asMember.me).toMatchObject({ tasksCompleted: 2, hoursTracked: 0.5, overdueTasks: 1 });
    const asViewer = await analyticsOf(team.viewer);
    expect(asViewer).toMatchObject({ members: null, projects: null, me: zero });
    expect(JSON.stringify(asViewer)).not.toContain(team.member.id);
  });

  it("keeps the rollup equal to a count from the tasks and time logs", async () => {
    const recount = sql`
      select project_id::text, day::text, user_id, sum(done)::int as done, sum(dl)::int as dl,
        sum(ot)::int as ot, sum(m)::int as m from (
        select t.project_id, (t.completed_at at time zone 'UTC')::date as day,
          coalesce(t.assignee_id, t.user_id) as user_id, 1 as done, (t.deadline is not null)::int as dl,
          (t.deadline is not null and t.completed_at <= t.deadline)::int as ot, 0 as m
        from tasks t where t.organization_id = ${team.id} and t.completed and t.completed_at is not null
        union all
        select t.project_id, (l.start_time at time zone 'UTC')::date, l.user_id, 0, 0, 0, l.duration_minutes
        from time_logs l join tasks t on t.id = l.task_id
        where t.organization_id = ${team.id} and l.end_time is not null
      ) x group by 1, 2, 3 order by 1, 2, 3`;
    const kept = sql`
      select d.project_id::text, d.day::text, d.user_id, d.tasks_completed as done,
        d.completed_with_deadline as dl, d.completed_on_time as ot, d.minutes_tracked as m
      from project_analytics_daily d join projects p on p.id = d.project_id
      where p.team_id = ${team.id} and (d.tasks_completed <> 0 or d.minutes_tracked <> 0)
      order by 1, 2, 3`;
    const rows = async (q: typeof kept) => {
      const r = (await db().execute(q)) as unknown as { rows?: unknown[] } | unknown[];
      return Array.isArray(r) ? r : (r.rows ?? []);
    };
    const expected = await rows(recount);
    expect(expected.length).toBeGreaterThan(0);
    expect(await rows(kept)).toEqual(expected);
  });

  it("refuses a bad range or zone with 400, and a person without a Team plan with 403", async () => {
    expectError(await team.owner.client.get("/api/team/analytics?range=14"), 400, /7, 30 or 90/);
    expectError(await team.owner.client.get("/api/team/analytics?range=7&tz=Not/AZone"), 400);
    expectError(await team.owner.client.get("/api/team/analytics?range=7&extra=1"), 400);
    const free = await person();
    expectError(await free.client.get("/api/team/analytics?range=7"), 403);
  });

  it("takes a deleted project's figures away with it", async () => {
    const p3 = await ok(
      team.owner.client.post<ProjectDto>("/api/projects", { name: "Gamma", teamId: team.id }),
      201,
    );
    const t = await newTask(team.admin, { projectId: p3.id });
    await track(team.admin, t, 60);
    await complete(team.admin, t);
    expect((await analyticsOf(team.owner)).team.tasksCompleted).toBe(4);
    await ok(team.owner.client.delete(`/api/projects/${p3.id}?confirm=true`));
    const after = await analyticsOf(team.owner);
    expect(after.team).toMatchObject({ tasksCompleted: 3, hoursTracked: 1 });
    expect(after.projects!.map((p) => p.projectId)).not.toContain(p3.id);
  });
});

describe("GET /api/analytics?projectId", () => {
  it("narrows the person's analytics to one project's tasks", async () => {
    const all = await ok(team.member.client.get<AnalyticsResponse>("/api/analytics?range=7"));
    const inP1 = await ok(
      team.member.client.get<AnalyticsResponse>(`/api/analytics?range=7&projectId=${p1.id}`),
    );
    const sum = (r: AnalyticsResponse, k: "tasksCompleted" | "minutesTracked") =>
      r.days.reduce((s, d) => s + d[k], 0);
    // The member's own figures: two completions of their own (the personal task, task a) and 50 minutes.
    expect(sum(all, "minutesTracked")).toBe(50);
    // In Alpha: both of Alpha's completions today (a, and b assigned to the member), their 30 minutes.
    expect(sum(inP1, "tasksCompleted")).toBe(2);
    expect(sum(inP1, "minutesTracked")).toBe(30);
    expect(inP1.byCategory).toEqual([{ category: "General", minutes: 30 }]);
  });

  it("answers 404 for another team's project or a stranger's, and 400 for a malformed id", async () => {
    for (const p of [otherTeamProject, strangersProject])
      expectError(await team.member.client.get(`/api/analytics?range=7&projectId=${p.id}`), 404);
    expectError(await team.member.client.get("/api/analytics?range=7&projectId=nope"), 400);
  });
});

describe("GET /api/ai-insights?projectId", () => {
  it("narrows the metrics to one project's tasks and the person's time on them", async () => {
    const all = await ok(team.member.client.get<InsightsResponse>("/api/ai-insights?tz=UTC"));
    const inP1 = await ok(
      team.member.client.get<InsightsResponse>(`/api/ai-insights?tz=UTC&projectId=${p1.id}`),
    );
    expect(all.project).toBeUndefined();
    expect(inP1.project).toEqual({ id: p1.id, name: "Alpha" });
    // 50 minutes in all (0.8 h), 30 of them on Alpha's tasks.
    expect(all.metrics.totalHours).toBe(0.8);
    expect(inP1.metrics.totalHours).toBe(0.5);
    // The analysis and the strain stay the person's own.
    expect(inP1.insights).toBe(all.insights);
    expect(inP1.burnoutRisk).toEqual(all.burnoutRisk);
  });

  it("answers 404 for another team's project or a stranger's, and 400 for a malformed id", async () => {
    for (const p of [otherTeamProject, strangersProject])
      expectError(await team.member.client.get(`/api/ai-insights?tz=UTC&projectId=${p.id}`), 404);
    expectError(await team.member.client.get("/api/ai-insights?tz=UTC&projectId=nope"), 400);
  });
});
