// Subtasks (issue 24, point 5; decisions 230 to 233): add, tick, rename, reorder and delete them; the
// parent's counts and version follow every change; completing the parent completes them; the cap;
// another person's task is not found; a team's viewer reads but cannot change them; a member's change
// reaches the project's other members live. One server for the file.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { member } from "#server/db/schema/auth.ts";
import { subtasks } from "#server/db/schema/tasks.ts";
import { reopenSubtasks } from "#server/modules/tasks/subtask-state.ts";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import type { TaskDetailDto } from "#shared/contracts/subtasks.ts";
import type { TaskDto, TaskListResponse } from "#shared/contracts/tasks.ts";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { SUBTASKS_PER_TASK } from "#shared/domain/subtasks.ts";
import { buyPlan } from "../support/factories.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";
import { collect, connectSocket, waitFor as waitForEvent } from "../support/socket-client.ts";

const { server, db, person } = testServerForFile();

let me: SignedInPerson;

beforeAll(async () => {
  me = await person();
});

async function newTask(p: SignedInPerson, body: Record<string, unknown> = {}) {
  const res = await p.client.post<TaskDto>("/api/tasks", { title: "Plan the trip", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function add(p: SignedInPerson, taskId: string, title: string, estimatedMinutes?: number | null) {
  const res = await p.client.post<TaskDetailDto>(`/api/tasks/${taskId}/subtasks`, {
    title,
    ...(estimatedMinutes !== undefined ? { estimatedMinutes } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const titles = (d: TaskDetailDto) => d.subtasks.map((s) => s.title);

describe("a person's own task", () => {
  it("adds subtasks in order, and the task counts them with a new version each time", async () => {
    const task = await newTask(me, { estimatedMinutes: 30 });
    expect(task).toMatchObject({ subtasksTotal: 0, subtasksDone: 0, subtasksOpenMinutes: 0 });
    await add(me, task.id, "Book flights", 20);
    await add(me, task.id, "  Book a hotel  ");
    const third = await add(me, task.id, "Pack", 15);
    expect(titles(third)).toEqual(["Book flights", "Book a hotel", "Pack"]);
    expect(third.subtasks.map((s) => s.position)).toEqual([0, 1, 2]);
    expect(third.subtasks[1]).toMatchObject({ done: false, estimatedMinutes: null, completedAt: null });
    expect(third.task).toMatchObject({
      subtasksTotal: 3,
      subtasksDone: 0,
      subtasksOpenMinutes: 35,
      version: task.version + 3,
    });

    // Ticked, renamed, re-estimated: the counts follow; the list and GET of the task say the same.
    const [flights, hotel, pack] = third.subtasks;
    const ticked = await me.client.patch<TaskDetailDto>(`/api/tasks/${task.id}/subtasks/${flights!.id}`, {
      done: true,
    });
    expect(ticked.status).toBe(200);
    expect(ticked.body.subtasks[0]!.completedAt).not.toBeNull();
    const renamed = await me.client.patch<TaskDetailDto>(`/api/tasks/${task.id}/subtasks/${hotel!.id}`, {
      title: "Book the hotel",
      estimatedMinutes: 10,
    });
    expect(renamed.body.subtasks[1]).toMatchObject({ title: "Book the hotel", estimatedMinutes: 10 });
    expect(renamed.body.task).toMatchObject({ subtasksTotal: 3, subtasksDone: 1, subtasksOpenMinutes: 25 });
    const got = await me.client.get<TaskDetailDto>(`/api/tasks/${task.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(renamed.body);
    const listed = await me.client.get<TaskListResponse>("/api/tasks");
    expect(listed.body.tasks.find((t) => t.id === task.id)).toMatchObject({
      subtasksTotal: 3,
      subtasksDone: 1,
    });

    // Reordered: positions renumbered 0..n-1; an order from a stale list changes nothing (409).
    const order = [pack!.id, flights!.id, hotel!.id];
    const moved = await me.client.put<TaskDetailDto>(`/api/tasks/${task.id}/subtasks/order`, { ids: order });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(titles(moved.body)).toEqual(["Pack", "Book flights", "Book the hotel"]);
    expect(moved.body.subtasks.map((s) => s.position)).toEqual([0, 1, 2]);
    const stale = await me.client.put(`/api/tasks/${task.id}/subtasks/order`, { ids: [hotel!.id, pack!.id] });
    expectError(stale, 409, /changed since/);
    expectError(
      await me.client.put(`/api/tasks/${task.id}/subtasks/order`, { ids: [pack!.id, pack!.id, hotel!.id] }),
      400,
    );
    expect(titles((await me.client.get<TaskDetailDto>(`/api/tasks/${task.id}`)).body)).toEqual(
      titles(moved.body),
    );

    // Deleted: gone from the list and the counts; a new one goes after the last.
    const deleted = await me.client.delete<TaskDetailDto>(`/api/tasks/${task.id}/subtasks/${flights!.id}`);
    expect(deleted.status).toBe(200);
    expect(titles(deleted.body)).toEqual(["Pack", "Book the hotel"]);
    expect(deleted.body.task).toMatchObject({ subtasksTotal: 2, subtasksDone: 0, subtasksOpenMinutes: 25 });
    expect(titles(await add(me, task.id, "Water the plants"))).toEqual([
      "Pack",
      "Book the hotel",
      "Water the plants",
    ]);
    expectError(
      await me.client.delete(`/api/tasks/${task.id}/subtasks/${flights!.id}`),
      404,
      /Subtask not found/,
    );
  });

  it("refuses bad input with a clear 400 and changes nothing", async () => {
    const task = await newTask(me);
    const {
      subtasks: [one],
    } = await add(me, task.id, "Step");
    const base = `/api/tasks/${task.id}/subtasks`;
    expectError(await me.client.post(base, { title: "   " }), 400, /Title is required/);
    expectError(await me.client.post(base, { title: "x".repeat(201) }), 400, /at most 200/);
    expectError(await me.client.post(base, { title: "Step", estimatedMinutes: 0 }), 400, /Estimate/);
    expectError(await me.client.post(base, { title: "Step", estimatedMinutes: 2.5 }), 400, /Estimate/);
    expectError(await me.client.post(base, { title: "Step", position: 3 }), 400);
    expectError(await me.client.patch(`${base}/${one!.id}`, {}), 400, /Nothing to update/);
    expectError(await me.client.patch(`${base}/${one!.id}`, { done: "yes" }), 400, /done must be/);
    expectError(await me.client.patch(`${base}/not-an-id`, { done: true }), 404, /Subtask not found/);
    const after = (await me.client.get<TaskDetailDto>(`/api/tasks/${task.id}`)).body;
    expect(after.subtasks).toEqual([one]);
    expect(after.task.version).toBe(task.version + 1);
  });

  it(`holds at most ${SUBTASKS_PER_TASK} subtasks (409 past it)`, async () => {
    const task = await newTask(me);
    // Written directly: a hundred calls would cost what the rule does not need.
    await db()
      .insert(subtasks)
      .values(
        Array.from({ length: SUBTASKS_PER_TASK - 1 }, (_, i) => ({
          taskId: task.id,
          title: `S${i}`,
          position: i,
        })),
      );
    const last = await add(me, task.id, "The hundredth");
    expect(last.subtasks).toHaveLength(SUBTASKS_PER_TASK);
    expect(last.task.subtasksTotal).toBe(SUBTASKS_PER_TASK);
    expectError(
      await me.client.post(`/api/tasks/${task.id}/subtasks`, { title: "One too many" }),
      409,
      new RegExp(`at most ${SUBTASKS_PER_TASK} subtasks`),
    );
  });

  it("completing the task completes its open subtasks; a stale completion is refused after a subtask was added", async () => {
    const task = await newTask(me);
    await add(me, task.id, "First", 10);
    const read = await add(me, task.id, "Second", 5);
    // Someone (another tab) adds a step after this screen read the task: completing with the old
    // version answers 409 instead of closing a step nobody saw.
    await add(me, task.id, "Third");
    const stale = await me.client.patch(`/api/tasks/${task.id}`, {
      completed: true,
      version: read.task.version,
    });
    expect(stale.status).toBe(409);
    const done = await me.client.patch<TaskDto>(`/api/tasks/${task.id}`, { completed: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      completed: true,
      subtasksTotal: 3,
      subtasksDone: 3,
      subtasksOpenMinutes: 0,
    });
    const detail = (await me.client.get<TaskDetailDto>(`/api/tasks/${task.id}`)).body;
    expect(detail.subtasks.every((s) => s.done && s.completedAt !== null)).toBe(true);
    // Reopening the task leaves its subtasks as they are.
    const reopened = await me.client.patch<TaskDto>(`/api/tasks/${task.id}`, { completed: false });
    expect(reopened.body).toMatchObject({ completed: false, subtasksDone: 3 });

    // What a recurring series will call for its next occurrence (decision 233): all open again.
    const summary = await server.kairo.deps.database.db.transaction((tx) =>
      reopenSubtasks(tx, task.id, new Date()),
    );
    expect(summary).toEqual({ subtasksTotal: 3, subtasksDone: 0, subtasksOpenMinutes: 15 });
    const after = (await me.client.get<TaskDetailDto>(`/api/tasks/${task.id}`)).body;
    expect(after.subtasks.map((s) => [s.done, s.completedAt])).toEqual([
      [false, null],
      [false, null],
      [false, null],
    ]);
  });

  it("are in Export my data", async () => {
    const p = await person();
    const task = await newTask(p);
    await add(p, task.id, "Exported step", 5);
    const res = await p.client.get<{
      subtasks: { taskId: string; title: string; estimatedMinutes: number }[];
    }>("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.body.subtasks).toEqual([
      expect.objectContaining({ taskId: task.id, title: "Exported step", estimatedMinutes: 5, done: false }),
    ]);
  });

  it("another person's task and its subtasks are not found, and nothing of them changes", async () => {
    const task = await newTask(me);
    const {
      subtasks: [step],
    } = await add(me, task.id, "Private step");
    const other = await person();
    const notFound = /Task not found/;
    expectError(await other.client.get(`/api/tasks/${task.id}`), 404, notFound);
    expectError(
      await other.client.post(`/api/tasks/${task.id}/subtasks`, { title: "Mine now" }),
      404,
      notFound,
    );
    expectError(
      await other.client.patch(`/api/tasks/${task.id}/subtasks/${step!.id}`, { done: true }),
      404,
      notFound,
    );
    expectError(await other.client.delete(`/api/tasks/${task.id}/subtasks/${step!.id}`), 404, notFound);
    expectError(
      await other.client.put(`/api/tasks/${task.id}/subtasks/order`, { ids: [step!.id] }),
      404,
      notFound,
    );
    const [row] = await db().select().from(subtasks).where(eq(subtasks.id, step!.id));
    expect(row).toMatchObject({ title: "Private step", done: false });
  });
});

describe("a team project's task", () => {
  let owner: SignedInPerson;
  let memberP: SignedInPerson;
  let viewer: SignedInPerson;
  let project: ProjectDto;

  beforeAll(async () => {
    owner = await person();
    await buyPlan(server, owner.client, "team", 5);
    const teamId = (await owner.client.get<TeamResponse>("/api/team")).body.team!.id;
    memberP = await person();
    viewer = await person();
    for (const [p, role] of [
      [memberP, "member"],
      [viewer, "viewer"],
    ] as const)
      await db().insert(member).values({ id: randomUUID(), organizationId: teamId, userId: p.id, role });
    const res = await owner.client.post<ProjectDto>("/api/projects", { name: "Launch", teamId });
    expect(res.status).toBe(201);
    project = res.body;
  });

  it("a viewer reads the subtasks but cannot add, tick or reorder them (403)", async () => {
    const task = await newTask(owner, { projectId: project.id });
    const {
      subtasks: [step],
    } = await add(owner, task.id, "Draft the post");
    const seen = await viewer.client.get<TaskDetailDto>(`/api/tasks/${task.id}`);
    expect(seen.status).toBe(200);
    expect(titles(seen.body)).toEqual(["Draft the post"]);
    const role = /role in this team does not allow/;
    expectError(await viewer.client.post(`/api/tasks/${task.id}/subtasks`, { title: "Mine" }), 403, role);
    expectError(
      await viewer.client.patch(`/api/tasks/${task.id}/subtasks/${step!.id}`, { done: true }),
      403,
      role,
    );
    expectError(
      await viewer.client.put(`/api/tasks/${task.id}/subtasks/order`, { ids: [step!.id] }),
      403,
      role,
    );
    expectError(await viewer.client.delete(`/api/tasks/${task.id}/subtasks/${step!.id}`), 403, role);
    expect((await owner.client.get<TaskDetailDto>(`/api/tasks/${task.id}`)).body.subtasks).toEqual([step]);
  });

  it("the public API reads a task with its subtasks (tasks:read)", async () => {
    const task = await newTask(owner, { projectId: project.id });
    await add(owner, task.id, "Public step", 5);
    const key = await owner.client.post<{ secret: string }>("/api/developer/keys", {
      name: "Script",
      scopes: ["tasks:read"],
      expiresInDays: 30,
    });
    expect(key.status).toBe(201);
    const headers = { authorization: `Bearer ${key.body.secret}` };
    const read = await fetch(`${server.baseUrl}/api/v1/tasks/${task.id}`, { headers });
    expect(read.status).toBe(200);
    const body = (await read.json()) as TaskDetailDto;
    expect(body.task).toMatchObject({ id: task.id, subtasksTotal: 1, subtasksOpenMinutes: 5 });
    expect(titles(body)).toEqual(["Public step"]);
    const other = await newTask(me);
    expect((await fetch(`${server.baseUrl}/api/v1/tasks/${other.id}`, { headers })).status).toBe(404);
  });

  it("a member's change reaches the project's other members live, like any task change", async () => {
    const task = await newTask(owner, { projectId: project.id });
    const ownerSocket = await connectSocket(server.baseUrl, owner.client.cookieHeader());
    const viewerSocket = await connectSocket(server.baseUrl, viewer.client.cookieHeader());
    const outsider = await person();
    const outsiderSocket = await connectSocket(server.baseUrl, outsider.client.cookieHeader());
    try {
      const outsiderHeard = collect(outsiderSocket, "projects:changed");
      const match = (p: { taskId?: string }) => p.taskId === task.id;
      const toOwner = waitForEvent(ownerSocket, "projects:changed", match);
      const toViewer = waitForEvent(viewerSocket, "projects:changed", match);
      const added = await add(memberP, task.id, "Review the copy");
      expect(added.task).toMatchObject({ subtasksTotal: 1, updatedBy: memberP.id });
      expect(await toOwner).toMatchObject({ projectId: project.id, reason: "updated", by: memberP.id });
      expect(await toViewer).toMatchObject({ projectId: project.id, taskId: task.id });
      expect(outsiderHeard).toEqual([]);
    } finally {
      ownerSocket.close();
      viewerSocket.close();
      outsiderSocket.close();
    }
  });
});
