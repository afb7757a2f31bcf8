// Workflows meet projects (issue 23 point 7, decision 215): a real milestone's last open task
// completed fires a project_milestone workflow exactly once (whoever completes it, even two people at
// once), a task trigger limited to a project hears that project's tasks and nothing else, the projects
// a workflow names are checked against what its owner may see and do, and its actions ask the
// permission table again when they run (a member made viewer, or who left the team, loses them).
// One server for the file, with the job queue running the engine.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { member } from "#server/db/schema/auth.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import type { MilestoneDto, ProjectDto } from "#shared/contracts/projects.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { TeamResponse } from "#shared/contracts/team.ts";
import type { WorkflowDto, WorkflowExecutionDto } from "#shared/contracts/workflows.ts";
import type { TeamRole } from "#shared/domain/permissions.ts";
import { buyPlan } from "../support/factories.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";
import { waitFor } from "../support/wait-for.ts";

const { server, db, person } = testServerForFile({ RATE_LIMIT_DISABLED: "true" });
const engine = () => server.kairo.deps.workflows;

type Team = { id: string; owner: SignedInPerson; admin: SignedInPerson; member: SignedInPerson };

async function addMember(teamId: string, p: SignedInPerson, role: TeamRole) {
  await db().insert(member).values({ id: randomUUID(), organizationId: teamId, userId: p.id, role });
}

async function makeTeam(): Promise<Team> {
  const owner = await person();
  await buyPlan(server, owner.client, "team", 10);
  const id = (await owner.client.get<TeamResponse>("/api/team")).body.team!.id;
  const [admin, memberP] = [await person(), await person()];
  await addMember(id, admin, "admin");
  await addMember(id, memberP, "member");
  return { id, owner, admin, member: memberP };
}

async function newProject(p: SignedInPerson, body: Record<string, unknown>) {
  const res = await p.client.post<ProjectDto>("/api/projects", { name: "Launch", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function newMilestone(p: SignedInPerson, projectId: string, name: string) {
  const res = await p.client.post<MilestoneDto>(`/api/projects/${projectId}/milestones`, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function newTask(p: SignedInPerson, body: Record<string, unknown>) {
  const res = await p.client.post<TaskDto>("/api/tasks", { title: "Write the brief", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function newWorkflow(p: SignedInPerson, body: Record<string, unknown>) {
  const res = await p.client.post<WorkflowDto>("/api/workflows", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function setStatus(p: SignedInPerson, taskId: string, status: string) {
  const res = await p.client.patch<TaskDto>(`/api/tasks/${taskId}`, { status });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const history = async (p: SignedInPerson) =>
  (await p.client.get<{ executions: WorkflowExecutionDto[] }>("/api/workflow-executions")).body.executions;

/** Waits until the person's history holds `n` runs, none of them still open. */
const settled = (p: SignedInPerson, n: number) =>
  waitFor(
    () => history(p),
    (list) => list.length >= n && list.every((e) => !["queued", "running", "retrying"].includes(e.status)),
    { what: `${n} finished runs` },
  );

/** Every pending trigger event dispatched (and so every run there will be, queued). */
async function drained() {
  await engine().kick();
  await server.kairo.deps.events.idle();
}

const notify = (title: string) => [{ type: "send_notification", config: { title } }];

let team: Team;
let project: ProjectDto;

beforeAll(async () => {
  await server.kairo.deps.jobs.start();
  team = await makeTeam();
  project = await newProject(team.owner, { teamId: team.id });
});

describe("the project_milestone trigger on a real milestone", () => {
  it("fires once when the milestone's last open task is completed, by whoever, and not before", async () => {
    const beta = await newMilestone(team.owner, project.id, "Beta");
    const other = await newMilestone(team.owner, project.id, "GA");
    await newWorkflow(team.owner, {
      name: "Beta shipped",
      triggerType: "project_milestone",
      triggerConfig: { kind: "milestone_done", projectId: project.id, milestoneId: beta.id },
      actions: notify("Beta is done: {{task.title}} was last"),
    });
    // The category rule stays personal: another person's completion does not reach it.
    await newWorkflow(team.owner, {
      name: "Admin cleared",
      triggerType: "project_milestone",
      triggerConfig: { kind: "category_cleared", category: "Admin" },
      actions: notify("Admin cleared"),
    });
    const [a, b, c] = [
      await newTask(team.member, { title: "Docs", projectId: project.id, milestoneId: beta.id }),
      await newTask(team.member, { title: "Fixes", projectId: project.id, milestoneId: beta.id }),
      await newTask(team.admin, { title: "Launch post", projectId: project.id, milestoneId: beta.id }),
    ];
    const elsewhere = await newTask(team.member, {
      title: "GA prep",
      category: "Admin",
      projectId: project.id,
      milestoneId: other.id,
    });
    await setStatus(team.member, a.id, "completed");
    await setStatus(team.member, elsewhere.id, "completed");
    await drained();
    expect(await history(team.owner)).toEqual([]);
    // The last two at once, by two people: exactly one of the completions is the last.
    await Promise.all([setStatus(team.member, b.id, "completed"), setStatus(team.admin, c.id, "completed")]);
    const runs = await settled(team.owner, 1);
    expect(runs.map((r) => [r.workflowName, r.status])).toEqual([["Beta shipped", "completed"]]);
    expect(runs[0]!.outcomes[0]!.summary).toMatch(/Beta is done: (Fixes|Launch post) was last/);
    // Dispatching again changes nothing; a completed task edited again is no completion.
    await setStatus(team.member, b.id, "completed");
    await drained();
    expect((await history(team.owner)).length).toBe(1);
  });
});

describe("task triggers limited to a project", () => {
  it("hear that project's tasks whoever changes them, and nothing else; the action adds a task to the project", async () => {
    const second = await newProject(team.owner, { teamId: team.id, name: "Elsewhere" });
    const owner = await person();
    await buyPlan(server, owner.client, "pro");
    await addMember(team.id, owner, "admin");
    await newWorkflow(owner, {
      name: "Review done work",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed", projectId: project.id },
      actions: [{ type: "create_task", config: { title: "Review: {{task.title}}", projectId: project.id } }],
    });
    // Without a project: the owner's own changes only.
    await newWorkflow(owner, {
      name: "My own completions",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed" },
      actions: notify("Done: {{task.title}}"),
    });
    const inProject = await newTask(team.member, { title: "Pricing page", projectId: project.id });
    const inOther = await newTask(team.member, { title: "Unrelated", projectId: second.id });
    await setStatus(team.member, inOther.id, "completed");
    await drained();
    expect(await history(owner)).toEqual([]);
    await setStatus(team.member, inProject.id, "completed");
    const runs = await settled(owner, 1);
    expect(runs.map((r) => [r.workflowName, r.status])).toEqual([["Review done work", "completed"]]);
    const [review] = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.projectId, project.id), eq(tasks.title, "Review: Pricing page")));
    expect(review).toMatchObject({ createdBy: owner.id, organizationId: team.id });
  });

  it("hear a repeating task's completed occurrence as a completion, and not a skipped one", async () => {
    const owner = await person();
    await buyPlan(server, owner.client, "pro");
    await newWorkflow(owner, {
      name: "Log each round",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed" },
      actions: [{ type: "create_task", config: { title: "Logged: {{task.title}}" } }],
    });
    const series = await newTask(owner, {
      title: "Water the plants",
      recurrence: { rrule: "FREQ=DAILY", start: "2030-01-01T09:00", timeZone: "UTC" },
    });
    const skip = await owner.client.post(`/api/tasks/${series.id}/occurrences/skip`, {});
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    await drained();
    expect(await history(owner)).toEqual([]);
    const done = await owner.client.post(`/api/tasks/${series.id}/occurrences/complete`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const runs = await settled(owner, 1);
    expect(runs.map((r) => [r.workflowName, r.status])).toEqual([["Log each round", "completed"]]);
    const logged = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, owner.id), eq(tasks.title, "Logged: Water the plants")));
    expect(logged).toHaveLength(1);
  });

  it("refuses a project or milestone the owner may not use, naming it, and stores nothing", async () => {
    const stranger = await makeTeam();
    const theirs = await newProject(stranger.owner, { teamId: stranger.id });
    const theirMilestone = await newMilestone(stranger.owner, theirs.id, "Theirs");
    const viewer = await person();
    await addMember(team.id, viewer, "viewer");
    const total = async (p: SignedInPerson) =>
      (await p.client.get<{ total: number }>("/api/workflows")).body.total;
    const before = await total(team.owner);
    const limited = (projectId: string) => ({
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed", projectId },
      actions: notify("Done"),
    });
    // Another team's project, in the trigger or an action, as if it did not exist.
    expectError(await team.owner.client.post("/api/workflows", limited(theirs.id)), 404, /Project not found/);
    expectError(
      await team.owner.client.post("/api/workflows", {
        triggerType: "task_status",
        triggerConfig: {},
        actions: [{ type: "create_task", config: { title: "x", projectId: theirs.id } }],
      }),
      404,
      /Project not found/,
    );
    expectError(
      await team.owner.client.post("/api/workflows", {
        triggerType: "project_milestone",
        triggerConfig: { kind: "milestone_done", projectId: theirs.id, milestoneId: theirMilestone.id },
        actions: notify("x"),
      }),
      404,
    );
    // A milestone of another project than the one named.
    const res = await team.owner.client.post("/api/workflows", {
      triggerType: "project_milestone",
      triggerConfig: { kind: "milestone_done", projectId: project.id, milestoneId: theirMilestone.id },
      actions: notify("x"),
    });
    expectError(res, 400, /milestone is not part of the chosen project/);
    // A viewer may watch the project, but not have a workflow change its tasks.
    await newWorkflow(viewer, limited(project.id));
    expectError(
      await viewer.client.post("/api/workflows", {
        ...limited(project.id),
        actions: [{ type: "update_task_status", config: { target: "trigger", status: "todo" } }],
      }),
      403,
      /role/,
    );
    expectError(
      await viewer.client.post("/api/workflows", {
        triggerType: "task_status",
        triggerConfig: {},
        actions: [{ type: "create_task", config: { title: "x", projectId: project.id } }],
      }),
      403,
    );
    expect(await total(team.owner)).toBe(before);
    expect(await total(viewer)).toBe(1);
  });
});

describe("a workflow changes only what its owner may change", () => {
  it("fails a run whose owner became a viewer, and one whose owner left the team; neither changes the project", async () => {
    const m = await person();
    await buyPlan(server, m.client, "pro");
    await addMember(team.id, m, "member");
    const finish = await newWorkflow(m, {
      name: "Started means done",
      triggerType: "task_status",
      triggerConfig: { fromStatus: "todo", toStatus: "in_progress", projectId: project.id },
      actions: [{ type: "update_task_status", config: { target: "trigger", status: "completed" } }],
    });
    await newWorkflow(m, {
      name: "Log to the team",
      triggerType: "task_status",
      triggerConfig: { toStatus: "completed", category: "Research" },
      actions: [{ type: "create_task", config: { title: "Read: {{task.title}}", projectId: project.id } }],
    });
    const [t1, t2, t3] = [
      await newTask(team.owner, { title: "One", projectId: project.id }),
      await newTask(team.owner, { title: "Two", projectId: project.id }),
      await newTask(team.owner, { title: "Three", projectId: project.id }),
    ];
    await setStatus(team.owner, t1.id, "in_progress");
    expect((await settled(m, 1)).map((r) => r.status)).toEqual(["completed"]);
    const statusOf = async (id: string) =>
      (await db().select({ s: tasks.status }).from(tasks).where(eq(tasks.id, id)))[0]!.s;
    expect(await statusOf(t1.id)).toBe("completed");

    await db()
      .update(member)
      .set({ role: "viewer" })
      .where(and(eq(member.organizationId, team.id), eq(member.userId, m.id)));
    await setStatus(team.owner, t2.id, "in_progress");
    const [failed] = await settled(m, 2);
    expect(failed).toMatchObject({ workflowName: "Started means done", status: "failed" });
    expect(failed!.error).toMatch(/role in this team does not allow this/);
    expect(await statusOf(t2.id)).toBe("in_progress");

    // Removed from the team: the project's changes no longer reach the workflow at all, an action
    // naming the project fails, and the workflow cannot be turned back on.
    const memberId = (await team.owner.client.get<TeamResponse>("/api/team")).body.team!.members.find(
      (x) => x.userId === m.id,
    )!.id;
    expect((await team.owner.client.delete(`/api/team/members/${memberId}`)).status).toBe(200);
    await setStatus(team.owner, t3.id, "in_progress");
    await drained();
    expect((await history(m)).length).toBe(2);
    const mine = await newTask(m, { title: "Paper", category: "Research" });
    await setStatus(m, mine.id, "completed");
    const [lost] = await settled(m, 3);
    expect(lost).toMatchObject({ workflowName: "Log to the team", status: "failed" });
    expect(lost!.error).toMatch(/Project not found/);
    expect(await db().select().from(tasks).where(eq(tasks.title, "Read: Paper"))).toEqual([]);
    expect((await m.client.patch(`/api/workflows/${finish.id}`, { isActive: false })).status).toBe(200);
    expectError(await m.client.patch(`/api/workflows/${finish.id}`, { isActive: true }), 404);
  });
});
