// Projects a team shares (issue 23): the Inbox, the roles matrix, restricted projects, assignment
// with its notifications, the 409 of a stale write, archive and delete, milestones, role changes and
// their audit, isolation from people outside the team, and the lifecycle (a member removed, the plan
// ended, an account deleted). One server for the file; teams are made directly in the database
// after a real Team checkout.
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountDeletions } from "#server/db/schema/admin.ts";
import { member } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { taskListVersions } from "#server/db/schema/projects.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import type { DomainEvent } from "#server/events/domain-events.ts";
import { purgeDueAccounts } from "#server/modules/account/deletion.ts";
import type { HistoryListResponse } from "#shared/contracts/comments.ts";
import type {
  MilestoneDto,
  ProjectDto,
  ProjectListResponse,
  ProjectMembersResponse,
  RoleChangesResponse,
} from "#shared/contracts/projects.ts";
import type { TaskConflictBody, TaskDto, TaskListResponse } from "#shared/contracts/tasks.ts";
import type { TeamResponse } from "#shared/contracts/team.ts";
import type { TeamRole } from "#shared/domain/permissions.ts";
import { buyPlan } from "../support/factories.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { server, db, person } = testServerForFile();

type Team = { id: string; owner: SignedInPerson } & Record<Exclude<TeamRole, "owner">, SignedInPerson>;

async function addMember(teamId: string, p: SignedInPerson, role: TeamRole) {
  await db().insert(member).values({ id: randomUUID(), organizationId: teamId, userId: p.id, role });
}

/** A live Team plan of 10 seats with one person in each role. */
async function makeTeam(): Promise<Team> {
  const owner = await person();
  await buyPlan(server, owner.client, "team", 10);
  const id = (await owner.client.get<TeamResponse>("/api/team")).body.team!.id;
  const [admin, memberP, viewer] = [await person(), await person(), await person()];
  await addMember(id, admin, "admin");
  await addMember(id, memberP, "member");
  await addMember(id, viewer, "viewer");
  return { id, owner, admin, member: memberP, viewer };
}

async function newProject(p: SignedInPerson, body: Record<string, unknown>) {
  const res = await p.client.post<ProjectDto>("/api/projects", { name: "Launch", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function newTask(p: SignedInPerson, body: Record<string, unknown>) {
  const res = await p.client.post<TaskDto>("/api/tasks", { title: "Write the brief", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const projectEvents: DomainEvent<"project.changed">[] = [];

let team: Team;
let outsider: SignedInPerson;
let otherTeam: Team;

beforeAll(async () => {
  server.kairo.deps.events.on("project.changed", (e) => {
    projectEvents.push(e);
  });
  team = await makeTeam();
  otherTeam = await makeTeam();
  outsider = await person();
});

describe("the Inbox", () => {
  it("takes tasks without a project and is listed first", async () => {
    const p = await person();
    const task = await newTask(p, {});
    const { projects } = (await p.client.get<ProjectListResponse>("/api/projects")).body;
    expect(projects[0]).toMatchObject({ name: "Inbox", isInbox: true, kind: "personal", ownerId: p.id });
    expect(task).toMatchObject({ projectId: projects[0]!.id, createdBy: p.id, version: 1, assigneeId: null });
    const inInbox = await p.client.get<TaskListResponse>(`/api/tasks?projectId=${projects[0]!.id}`);
    expect(inInbox.body.tasks.map((t) => t.id)).toEqual([task.id]);
    expectError(await p.client.delete(`/api/projects/${projects[0]!.id}?confirm=true`), 409, /Inbox/);
  });
});

describe("roles", () => {
  it("lets owners and admins create team projects, not members, viewers or outsiders", async () => {
    for (const role of ["owner", "admin"] as const) await newProject(team[role], { teamId: team.id });
    for (const role of ["member", "viewer"] as const)
      expectError(await team[role].client.post("/api/projects", { name: "X", teamId: team.id }), 403);
    expectError(await outsider.client.post("/api/projects", { name: "X", teamId: team.id }), 404);
  });

  it("lets every role read a project, members edit its tasks, viewers only read", async () => {
    const project = await newProject(team.admin, { teamId: team.id, name: "Website" });
    for (const role of ["owner", "admin", "member", "viewer"] as const) {
      const res = await team[role].client.get<ProjectDto>(`/api/projects/${project.id}`);
      expect(res.status).toBe(200);
      expect(res.body.can.editTasks).toBe(role !== "viewer");
      expect(res.body.can.manage).toBe(role === "owner" || role === "admin");
    }
    const task = await newTask(team.member, { projectId: project.id });
    expect(task).toMatchObject({ projectId: project.id, createdBy: team.member.id });
    expectError(await team.viewer.client.post("/api/tasks", { title: "No", projectId: project.id }), 403);
    expectError(await team.viewer.client.patch(`/api/tasks/${task.id}`, { title: "No" }), 403);
    const edited = await team.owner.client.patch<TaskDto>(`/api/tasks/${task.id}`, { completed: true });
    expect(edited.body).toMatchObject({ completed: true, version: 2, updatedBy: team.owner.id });
    const list = await team.viewer.client.get<TaskListResponse>(`/api/tasks?projectId=${project.id}`);
    expect(list.body.tasks.map((t) => t.id)).toEqual([task.id]);
    expectError(await team.member.client.patch(`/api/projects/${project.id}`, { name: "Mine" }), 403);
    expectError(await team.viewer.client.post(`/api/projects/${project.id}/archive`), 403);
  });

  it("hides a restricted project from members not listed on it", async () => {
    const project = await newProject(team.admin, { teamId: team.id, name: "Secret", restricted: true });
    expectError(await team.member.client.get(`/api/projects/${project.id}`), 404);
    const list = (await team.member.client.get<ProjectListResponse>("/api/projects")).body.projects;
    expect(list.map((p) => p.id)).not.toContain(project.id);
    expect((await team.owner.client.get(`/api/projects/${project.id}`)).status).toBe(200);
    // Nobody unlisted can be assigned.
    const t = await newTask(team.admin, { projectId: project.id });
    expectError(
      await team.admin.client.patch(`/api/tasks/${t.id}`, { assigneeId: team.member.id }),
      400,
      /can see/,
    );
    const added = await team.admin.client.post<ProjectMembersResponse>(
      `/api/projects/${project.id}/members`,
      {
        userId: team.member.id,
      },
    );
    expect(added.status).toBe(200);
    expect(added.body.members.map((m) => m.userId)).toContain(team.member.id);
    expect((await team.member.client.get(`/api/projects/${project.id}`)).status).toBe(200);
    expectError(
      await team.admin.client.post(`/api/projects/${project.id}/members`, { userId: outsider.id }),
      400,
      /member of this team/,
    );
  });

  it("audits role changes for owners and admins; only an owner makes owners", async () => {
    const p = await person();
    await addMember(team.id, p, "member");
    const memberId = (await team.owner.client.get<TeamResponse>("/api/team")).body.team!.members.find(
      (m) => m.userId === p.id,
    )!.id;
    const res = await team.admin.client.patch<TeamResponse>(`/api/team/members/${memberId}`, {
      role: "viewer",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.team!.members.find((m) => m.userId === p.id)!.role).toBe("viewer");
    expectError(
      await team.admin.client.patch(`/api/team/members/${memberId}`, { role: "owner" }),
      403,
      /owner/,
    );
    expectError(await team.member.client.patch(`/api/team/members/${memberId}`, { role: "admin" }), 403);
    expectError(await team.admin.client.patch(`/api/team/members/${memberId}`, { role: "boss" }), 400);
    const audit = await team.owner.client.get<RoleChangesResponse>("/api/team/role-changes");
    expect(audit.status).toBe(200);
    expect(audit.body.changes[0]).toMatchObject({
      userId: p.id,
      fromRole: "member",
      toRole: "viewer",
      changedById: team.admin.id,
    });
    expectError(await team.member.client.get("/api/team/role-changes"), 403);
    // Someone outside every team hears that teams are a Team plan feature; a member of another team, not found.
    expectError(
      await outsider.client.patch(`/api/team/members/${memberId}`, { role: "admin" }),
      403,
      /Team plan/,
    );
    expectError(await otherTeam.owner.client.patch(`/api/team/members/${memberId}`, { role: "admin" }), 404);
  });
});

describe("assignment", () => {
  it("notifies the assignee in the app and by email, live to the project's people only", async () => {
    const project = await newProject(team.owner, { teamId: team.id, name: "Assigned" });
    projectEvents.length = 0;
    const task = await newTask(team.owner, {
      projectId: project.id,
      assigneeId: team.member.id,
      title: "Ship it",
    });
    expect(task.assigneeId).toBe(team.member.id);
    const bell = await team.member.client.get<{ notifications: { title: string; kind: string }[] }>(
      "/api/notifications",
    );
    expect(bell.body.notifications[0]).toMatchObject({
      kind: "assignment",
      title: expect.stringContaining("Ship it"),
    });
    await expect.poll(() => server.outbox.list().some((m) => /Ship it/.test(m.subject))).toBe(true);
    const event = projectEvents.find((e) => e.taskId === task.id)!;
    expect(event.audience).toEqual(
      expect.arrayContaining([team.owner.id, team.admin.id, team.member.id, team.viewer.id]),
    );
    expect(event.audience).not.toContain(outsider.id);
    expect(event.audience).not.toContain(otherTeam.owner.id);
    const mine = await team.member.client.get<TaskListResponse>("/api/tasks?assignee=me");
    expect(mine.body.tasks.map((t) => t.id)).toContain(task.id);
    expect((await outsider.client.get<TaskListResponse>("/api/tasks?assignee=me")).body.tasks).toEqual([]);
    expectError(
      await team.owner.client.patch(`/api/tasks/${task.id}`, { assigneeId: outsider.id }),
      400,
      /member/,
    );
    expectError(
      await team.owner.client.patch(`/api/tasks/${task.id}`, { assigneeId: otherTeam.member.id }),
      400,
    );
    const unchanged = await team.owner.client.get<TaskListResponse>(`/api/tasks?projectId=${project.id}`);
    expect(unchanged.body.tasks[0]!.assigneeId).toBe(team.member.id);
  });
});

describe("versions", () => {
  it("answers a stale edit with 409, the current task and who changed it", async () => {
    const project = await newProject(team.owner, { teamId: team.id, name: "Versions" });
    const task = await newTask(team.member, { projectId: project.id });
    const first = await team.owner.client.patch<TaskDto>(`/api/tasks/${task.id}`, {
      title: "Owner's",
      version: 1,
    });
    expect(first.body.version).toBe(2);
    const stale = await team.member.client.patch<TaskConflictBody>(`/api/tasks/${task.id}`, {
      title: "Member's",
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.task).toMatchObject({ title: "Owner's", version: 2 });
    expect(stale.body.changedBy).toMatchObject({ id: team.owner.id });
    expect(stale.body.error.message).toMatch(/changed this task/);
    const viaHeader = await team.member.client.request<TaskConflictBody>("PATCH", `/api/tasks/${task.id}`, {
      json: { title: "Member's" },
      headers: { "if-match": '"1"' },
    });
    expect(viaHeader.status).toBe(409);
    expectError(await team.member.client.delete(`/api/tasks/${task.id}?version=1`), 409);
    const ok = await team.member.client.patch<TaskDto>(`/api/tasks/${task.id}`, {
      title: "Member's",
      version: 2,
    });
    expect(ok.body).toMatchObject({ title: "Member's", version: 3 });
    expect((await team.member.client.delete(`/api/tasks/${task.id}?version=3`)).status).toBe(204);
  });
});

describe("archive, delete and milestones", () => {
  it("archives a project read-only and hidden, and restores it", async () => {
    const project = await newProject(team.owner, { teamId: team.id, name: "Old" });
    const task = await newTask(team.member, { projectId: project.id });
    const archived = await team.admin.client.post<ProjectDto>(`/api/projects/${project.id}/archive`);
    expect(archived.body).toMatchObject({ readOnly: true, archivedAt: expect.any(String) });
    const active = (await team.member.client.get<ProjectListResponse>("/api/projects")).body.projects;
    expect(active.map((p) => p.id)).not.toContain(project.id);
    const old = (await team.member.client.get<ProjectListResponse>("/api/projects?archived=true")).body
      .projects;
    expect(old.map((p) => p.id)).toContain(project.id);
    expectError(await team.member.client.patch(`/api/tasks/${task.id}`, { title: "No" }), 403, /read-only/);
    const restored = await team.admin.client.post<ProjectDto>(`/api/projects/${project.id}/restore`);
    expect(restored.body).toMatchObject({ readOnly: false, archivedAt: null });
    expect((await team.member.client.patch(`/api/tasks/${task.id}`, { title: "Yes" })).status).toBe(200);
  });

  it("deletes a project with its tasks only when confirmed, naming how many", async () => {
    const project = await newProject(team.owner, { teamId: team.id, name: "Doomed" });
    await newTask(team.member, { projectId: project.id });
    await newTask(team.member, { projectId: project.id });
    expectError(await team.owner.client.delete(`/api/projects/${project.id}`), 409, /its 2 tasks/);
    expectError(await team.member.client.delete(`/api/projects/${project.id}?confirm=true`), 403);
    const res = await team.owner.client.delete<{ deletedTasks: number }>(
      `/api/projects/${project.id}?confirm=true`,
    );
    expect(res.body).toEqual({ deleted: true, deletedTasks: 2 });
    expect(await db().select().from(tasks).where(eq(tasks.projectId, project.id))).toEqual([]);
  });

  it("counts a milestone's progress from its tasks", async () => {
    const project = await newProject(team.owner, { teamId: team.id, name: "Phases" });
    const other = await newProject(team.owner, { teamId: team.id, name: "Elsewhere" });
    const created = await team.admin.client.post<MilestoneDto>(`/api/projects/${project.id}/milestones`, {
      name: "Beta",
      dueDate: "2026-12-31",
    });
    expect(created.status).toBe(201);
    const m = created.body;
    expectError(await team.member.client.post(`/api/projects/${project.id}/milestones`, { name: "X" }), 403);
    const a = await newTask(team.member, { projectId: project.id, milestoneId: m.id });
    await newTask(team.member, { projectId: project.id, milestoneId: m.id });
    expectError(
      await team.member.client.post("/api/tasks", { title: "x", projectId: other.id, milestoneId: m.id }),
      400,
      /milestone/,
    );
    await team.member.client.patch(`/api/tasks/${a.id}`, { completed: true });
    const list = await team.viewer.client.get<{ milestones: MilestoneDto[] }>(
      `/api/projects/${project.id}/milestones`,
    );
    expect(list.body.milestones).toEqual([
      expect.objectContaining({
        name: "Beta",
        dueDate: "2026-12-31",
        taskCount: 2,
        completedCount: 1,
        progress: "1 of 2",
      }),
    ]);
    const renamed = await team.admin.client.patch<MilestoneDto>(`/api/milestones/${m.id}`, { name: "GA" });
    expect(renamed.body).toMatchObject({ name: "GA", progress: "1 of 2" });
    expectError(await outsider.client.patch(`/api/milestones/${m.id}`, { name: "Mine" }), 404);
    expect((await team.admin.client.delete(`/api/milestones/${m.id}`)).status).toBe(204);
  });
});

describe("isolation", () => {
  it("never lets a person outside the team read or change its projects, tasks or milestones", async () => {
    const project = await newProject(team.owner, { teamId: team.id, name: "Private" });
    const task = await newTask(team.owner, { projectId: project.id });
    const m = (
      await team.owner.client.post<MilestoneDto>(`/api/projects/${project.id}/milestones`, { name: "M" })
    ).body;
    const note = (
      await team.owner.client.post<{ id: string }>(`/api/tasks/${task.id}/comments`, { body: "Ours" })
    ).body;
    const commentAt = `/api/tasks/${task.id}/comments/${note.id}`;
    for (const stranger of [outsider, otherTeam.owner, otherTeam.admin]) {
      expectError(await stranger.client.get(`/api/tasks/${task.id}/comments`), 404, /Task not found/);
      expectError(await stranger.client.patch(commentAt, { body: "Taken" }), 404);
      expectError(await stranger.client.delete(commentAt), 404);
      expectError(await stranger.client.get(`/api/projects/${project.id}`), 404);
      expectError(await stranger.client.patch(`/api/projects/${project.id}`, { name: "Taken" }), 404);
      expectError(await stranger.client.get(`/api/projects/${project.id}/milestones`), 404);
      expectError(await stranger.client.get(`/api/tasks?projectId=${project.id}`), 404);
      expectError(await stranger.client.patch(`/api/tasks/${task.id}`, { title: "Taken" }), 404);
      expectError(await stranger.client.delete(`/api/tasks/${task.id}`), 404);
      expectError(await stranger.client.delete(`/api/milestones/${m.id}`), 404);
      expectError(await stranger.client.post("/api/tasks", { title: "In", projectId: project.id }), 404);
      const theirs = (await stranger.client.get<ProjectListResponse>("/api/projects")).body.projects;
      expect(theirs.map((p) => p.id)).not.toContain(project.id);
    }
    // A task moved to another team's project is refused.
    const foreign = await newProject(otherTeam.owner, { teamId: otherTeam.id });
    expectError(
      await team.owner.client.patch(`/api/tasks/${task.id}`, { projectId: foreign.id }),
      404,
      /Project not found/,
    );
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.projectId).toBe(project.id);
  });
});

describe("lifecycle", () => {
  it("unassigns a removed member's open tasks and keeps what they created in the team", async () => {
    const t = await makeTeam();
    const project = await newProject(t.owner, { teamId: t.id });
    const assigned = await newTask(t.owner, { projectId: project.id, assigneeId: t.member.id });
    const made = await newTask(t.member, { projectId: project.id });
    const memberId = (await t.owner.client.get<TeamResponse>("/api/team")).body.team!.members.find(
      (m) => m.userId === t.member.id,
    )!.id;
    expect((await t.owner.client.delete(`/api/team/members/${memberId}`)).status).toBe(200);
    const list = (await t.owner.client.get<TaskListResponse>(`/api/tasks?projectId=${project.id}`)).body
      .tasks;
    expect(list.find((x) => x.id === assigned.id)!.assigneeId).toBeNull();
    expect(list.find((x) => x.id === made.id)).toMatchObject({ createdBy: t.member.id });
    // The removed member reads none of it any more.
    expect(
      (await t.member.client.get<TaskListResponse>("/api/tasks")).body.tasks.map((x) => x.id),
    ).not.toContain(made.id);
    expectError(await t.member.client.get(`/api/tasks?projectId=${project.id}`), 404);
  });

  it("keeps a team's projects read-only after its plan ends", async () => {
    const t = await makeTeam();
    const project = await newProject(t.owner, { teamId: t.id });
    const task = await newTask(t.member, { projectId: project.id });
    await db()
      .update(subscriptions)
      .set({ status: "canceled", currentPeriodEnd: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.organizationId, t.id));
    const read = await t.member.client.get<ProjectDto>(`/api/projects/${project.id}`);
    expect(read.body).toMatchObject({ readOnly: true, can: { editTasks: false } });
    expectError(
      await t.member.client.patch(`/api/tasks/${task.id}`, { title: "No" }),
      403,
      /plan has ended, so its projects are read-only until the plan is renewed/,
    );
    expectError(
      await t.owner.client.post("/api/tasks", { title: "No", projectId: project.id }),
      403,
      /read-only/,
    );
    expectError(await t.owner.client.patch(`/api/projects/${project.id}`, { name: "No" }), 403, /read-only/);
    expectError(
      await t.admin.client.post(`/api/projects/${project.id}/milestones`, { name: "No" }),
      403,
      /read-only/,
    );
    // Reads still work.
    const tasksRead = await t.viewer.client.get<TaskListResponse>(`/api/tasks?projectId=${project.id}`);
    expect(tasksRead.body.tasks.map((x) => x.id)).toEqual([task.id]);
    expect((await t.member.client.get(`/api/projects/${project.id}/milestones`)).status).toBe(200);

    // The plan returns: the project is writable again.
    await db()
      .update(subscriptions)
      .set({ status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(subscriptions.organizationId, t.id));
    expect((await t.member.client.get<ProjectDto>(`/api/projects/${project.id}`)).body).toMatchObject({
      readOnly: false,
      can: { editTasks: true },
    });
    expect((await t.member.client.patch(`/api/tasks/${task.id}`, { title: "Yes" })).status).toBe(200);
  });

  it('keeps the team tasks of a deleted account, created by "Deleted user"', async () => {
    const t = await makeTeam();
    const project = await newProject(t.owner, { teamId: t.id });
    const made = await newTask(t.member, { projectId: project.id });
    const personal = await newTask(t.member, {});
    await db()
      .insert(accountDeletions)
      .values({
        userId: t.member.id,
        email: "gone@example.com",
        requestedAt: new Date(Date.now() - 2 * 86_400_000),
        purgeAfter: new Date(Date.now() - 86_400_000),
      });
    await purgeDueAccounts(db(), new Date());
    const list = (await t.owner.client.get<TaskListResponse>(`/api/tasks?projectId=${project.id}`)).body
      .tasks;
    expect(list.find((x) => x.id === made.id)).toMatchObject({ createdBy: null });
    // Its history names no one: the screen reads "Deleted user created it".
    const history = await t.owner.client.get<HistoryListResponse>(`/api/tasks/${made.id}/history`);
    expect(history.body.entries.find((e) => e.kind === "created")).toMatchObject({ actor: null });
    expect(await db().select().from(tasks).where(eq(tasks.id, personal.id))).toEqual([]);
  });
});

describe("the project filter on the calendar", () => {
  it("shows the project's tasks to those who may see it, and nobody else", async () => {
    const project = await newProject(team.owner, { teamId: team.id, name: "Calendar" });
    const task = await newTask(team.owner, { projectId: project.id, deadline: "2026-12-10T10:00:00.000Z" });
    await newTask(team.member, { title: "Mine elsewhere", deadline: "2026-12-10T11:00:00.000Z" });
    const range = "from=2026-12-01T00:00:00.000Z&to=2026-12-31T00:00:00.000Z";
    const res = await team.member.client.get<{ tasks: { id: string }[] }>(
      `/api/calendar?${range}&projectId=${project.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((t) => t.id)).toEqual([task.id]);
    expectError(await outsider.client.get(`/api/calendar?${range}&projectId=${project.id}`), 404);
  });
});

// A page of a project's list or of "Assigned to me" is kept as text while its projects' task list
// versions stand (decision 320): every write to their tasks, by any code on any instance (here:
// straight to the database), must show on the next read.
describe("kept pages of the shared lists", () => {
  const titles = async (p: SignedInPerson, query: string) => {
    const res = await p.client.get<TaskListResponse>(`/api/tasks?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.tasks.map((t) => t.title).sort();
  };
  const versionOf = async (projectId: string) =>
    (await db().select().from(taskListVersions).where(eq(taskListVersions.projectId, projectId)))[0]
      ?.version ?? 0;

  it("answers a project's list with every change since, whoever wrote it", async () => {
    const t = await makeTeam();
    const project = await newProject(t.owner, { teamId: t.id });
    const other = await newProject(t.owner, { teamId: t.id, name: "Other" });
    const a = await newTask(t.owner, { projectId: project.id, title: "Alpha" });
    await newTask(t.owner, { projectId: project.id, title: "Beta" });
    const q = `projectId=${project.id}`;
    expect(await titles(t.member, q)).toEqual(["Alpha", "Beta"]);
    expect(await titles(t.member, q)).toEqual(["Alpha", "Beta"]);

    // As another instance would write it: not through this server at all.
    await db().update(tasks).set({ title: "Alpha renamed" }).where(eq(tasks.id, a.id));
    expect(await titles(t.member, q)).toEqual(["Alpha renamed", "Beta"]);

    // Moved out: gone from one list, in the other.
    await t.owner.client.patch(`/api/tasks/${a.id}`, { projectId: other.id });
    expect(await titles(t.member, q)).toEqual(["Beta"]);
    expect(await titles(t.member, `projectId=${other.id}`)).toEqual(["Alpha renamed"]);

    await db().delete(tasks).where(eq(tasks.projectId, project.id));
    expect(await titles(t.member, q)).toEqual([]);
    await newTask(t.admin, { projectId: project.id, title: "Gamma" });
    expect(await titles(t.viewer, q)).toEqual(["Gamma"]);

    // A kept page is no way around the table: the list of a project one may not see stays a 404.
    expectError(await outsider.client.get(`/api/tasks?${q}`), 404);
    expectError(await otherTeam.member.client.get(`/api/tasks?${q}`), 404);
  });

  it("bumps a project's version once per statement, for every project the statement touched", async () => {
    const t = await makeTeam();
    const [p1, p2] = [
      await newProject(t.owner, { teamId: t.id }),
      await newProject(t.owner, { teamId: t.id }),
    ];
    const made = [
      await newTask(t.owner, { projectId: p1.id }),
      await newTask(t.owner, { projectId: p1.id }),
      await newTask(t.owner, { projectId: p2.id }),
    ];
    const [v1, v2] = [await versionOf(p1.id), await versionOf(p2.id)];
    await db()
      .update(tasks)
      .set({ priority: "high" })
      .where(
        inArray(
          tasks.id,
          made.map((m) => m.id),
        ),
      );
    expect([await versionOf(p1.id), await versionOf(p2.id)]).toEqual([v1 + 1, v2 + 1]);
    // A project deleted with its tasks leaves no version behind.
    expect((await t.owner.client.delete(`/api/projects/${p2.id}?confirm=true`)).status).toBeLessThan(300);
    expect(await db().select().from(taskListVersions).where(eq(taskListVersions.projectId, p2.id))).toEqual(
      [],
    );
  });

  it('answers "Assigned to me" with every assignment, change and membership since', async () => {
    const t = await makeTeam();
    const project = await newProject(t.owner, { teamId: t.id });
    const first = await newTask(t.owner, { projectId: project.id, title: "First", assigneeId: t.member.id });
    expect(await titles(t.member, "assignee=me")).toEqual(["First"]);
    expect(await titles(t.member, "assignee=me")).toEqual(["First"]);

    await newTask(t.owner, { projectId: project.id, title: "Second", assigneeId: t.member.id });
    expect(await titles(t.member, "assignee=me")).toEqual(["First", "Second"]);
    await db().update(tasks).set({ title: "First, renamed" }).where(eq(tasks.id, first.id));
    expect(await titles(t.member, "assignee=me")).toEqual(["First, renamed", "Second"]);

    // Out of the team (straight in the database): nothing of it is theirs to do any more.
    await db().delete(member).where(eq(member.userId, t.member.id));
    expect(await titles(t.member, "assignee=me")).toEqual([]);
  });
});
