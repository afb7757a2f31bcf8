// Every team, project, milestone and task route against the permission table, for every role: the
// app's own route list is read, a route missing from ROUTE_ACTIONS fails, and each route is called
// as owner, admin, member, viewer and a person outside the team. Allowed: the answer is not a
// refusal (403/404); refused: it is. One server and one team for the file.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { member } from "#server/db/schema/auth.ts";
import { GUARDED_PREFIXES, ROUTE_ACTIONS } from "#server/modules/permissions/route-actions.ts";
import type { MilestoneDto, ProjectDto } from "#shared/contracts/projects.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { decide, TEAM_ROLES, type TeamRole } from "#shared/domain/permissions.ts";
import { buyPlan, userData } from "../support/factories.ts";
import { type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { server, db, person } = testServerForFile();

type Who = TeamRole | "outsider";
const people = {} as Record<Who, SignedInPerson>;
let teamId: string;

beforeAll(async () => {
  people.owner = await person();
  await buyPlan(server, people.owner.client, "team", 20);
  teamId = (await people.owner.client.get<TeamResponse>("/api/team")).body.team!.id;
  for (const role of ["admin", "member", "viewer"] as const) {
    people[role] = await person();
    await db()
      .insert(member)
      .values({ id: randomUUID(), organizationId: teamId, userId: people[role].id, role });
  }
  people.outsider = await person();
});

function appRoutes(): string[] {
  const keys = new Set<string>();
  for (const r of server.kairo.app.routes) {
    if (r.method === "ALL") continue;
    const path = r.path.replace(/\/$/, "") || "/";
    if (GUARDED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) keys.add(`${r.method} ${path}`);
  }
  return [...keys].sort();
}

/** Fresh things for one call, so a delete or an archive never disturbs the next call. */
async function fixture(who: Who) {
  const owner = people.owner.client;
  const project = (await owner.post<ProjectDto>("/api/projects", { name: "P", teamId })).body;
  const milestone = (await owner.post<MilestoneDto>(`/api/projects/${project.id}/milestones`, { name: "M" }))
    .body;
  // A timer is its holder's: the caller holds the task when they may write tasks at all.
  const holder =
    who !== "outsider" && decide({ role: who }, "task.write").allowed ? people[who] : people.owner;
  const task = (await holder.client.post<TaskDto>("/api/tasks", { title: "T", projectId: project.id })).body;
  return { who, project, milestone, task };
}

/** Another member of the team (made only for the routes about members). */
async function extraMember() {
  const extra = await person();
  await db()
    .insert(member)
    .values({ id: randomUUID(), organizationId: teamId, userId: extra.id, role: "member" });
  const team = (await people.owner.client.get<TeamResponse>("/api/team")).body.team!;
  return { extra, memberId: team.members.find((m) => m.userId === extra.id)!.id };
}

type Call = { method: string; path: string; json?: unknown };
type Fixture = Awaited<ReturnType<typeof fixture>>;

const CALLS: Record<string, (f: Fixture) => Call | Promise<Call>> = {
  "GET /api/team": () => ({ method: "GET", path: "/api/team" }),
  "POST /api/team/invitations": () => ({
    method: "POST",
    path: "/api/team/invitations",
    json: { email: userData().email },
  }),
  "DELETE /api/team/invitations/:id": async () => {
    await people.owner.client.post("/api/team/invitations", { email: userData().email });
    const team = (await people.owner.client.get<TeamResponse>("/api/team")).body.team!;
    return { method: "DELETE", path: `/api/team/invitations/${team.invitations.at(-1)!.id}` };
  },
  "GET /api/team/role-changes": () => ({ method: "GET", path: "/api/team/role-changes" }),
  "PATCH /api/team/members/:memberId": async () => ({
    method: "PATCH",
    path: `/api/team/members/${(await extraMember()).memberId}`,
    json: { role: "viewer" },
  }),
  "DELETE /api/team/members/:memberId": async () => ({
    method: "DELETE",
    path: `/api/team/members/${(await extraMember()).memberId}`,
  }),
  "GET /api/team/activity": () => ({ method: "GET", path: "/api/team/activity" }),
  "GET /api/team/analytics": () => ({ method: "GET", path: "/api/team/analytics?range=7" }),
  "GET /api/projects": () => ({ method: "GET", path: `/api/projects?teamId=${teamId}` }),
  "POST /api/projects": () => ({ method: "POST", path: "/api/projects", json: { name: "New", teamId } }),
  "GET /api/projects/:id": (f) => ({ method: "GET", path: `/api/projects/${f.project.id}` }),
  "PATCH /api/projects/:id": (f) => ({
    method: "PATCH",
    path: `/api/projects/${f.project.id}`,
    json: { name: "R" },
  }),
  "POST /api/projects/:id/archive": (f) => ({
    method: "POST",
    path: `/api/projects/${f.project.id}/archive`,
  }),
  "POST /api/projects/:id/restore": (f) => ({
    method: "POST",
    path: `/api/projects/${f.project.id}/restore`,
  }),
  "DELETE /api/projects/:id": (f) => ({
    method: "DELETE",
    path: `/api/projects/${f.project.id}?confirm=true`,
  }),
  "GET /api/projects/:id/milestones": (f) => ({
    method: "GET",
    path: `/api/projects/${f.project.id}/milestones`,
  }),
  "POST /api/projects/:id/milestones": (f) => ({
    method: "POST",
    path: `/api/projects/${f.project.id}/milestones`,
    json: { name: "N" },
  }),
  "GET /api/projects/:id/members": (f) => ({ method: "GET", path: `/api/projects/${f.project.id}/members` }),
  "POST /api/projects/:id/members": async (f) => ({
    method: "POST",
    path: `/api/projects/${f.project.id}/members`,
    json: { userId: (await extraMember()).extra.id },
  }),
  "DELETE /api/projects/:id/members/:userId": async (f) => ({
    method: "DELETE",
    path: `/api/projects/${f.project.id}/members/${people.member.id}`,
  }),
  "PATCH /api/milestones/:id": (f) => ({
    method: "PATCH",
    path: `/api/milestones/${f.milestone.id}`,
    json: { name: "X" },
  }),
  "DELETE /api/milestones/:id": (f) => ({ method: "DELETE", path: `/api/milestones/${f.milestone.id}` }),
  "GET /api/tasks": (f) => ({ method: "GET", path: `/api/tasks?projectId=${f.project.id}` }),
  "POST /api/tasks": (f) => ({
    method: "POST",
    path: "/api/tasks",
    json: { title: "N", projectId: f.project.id },
  }),
  "PATCH /api/tasks/:id": (f) => ({ method: "PATCH", path: `/api/tasks/${f.task.id}`, json: { title: "E" } }),
  "DELETE /api/tasks/:id": (f) => ({ method: "DELETE", path: `/api/tasks/${f.task.id}` }),
  "POST /api/tasks/:id/timer/start": (f) => ({ method: "POST", path: `/api/tasks/${f.task.id}/timer/start` }),
  "POST /api/tasks/:id/timer/stop": (f) => ({ method: "POST", path: `/api/tasks/${f.task.id}/timer/stop` }),
  "GET /api/tasks/:id/time-logs": (f) => ({ method: "GET", path: `/api/tasks/${f.task.id}/time-logs` }),
  "GET /api/tasks/:id/comments": (f) => ({ method: "GET", path: `/api/tasks/${f.task.id}/comments` }),
  "POST /api/tasks/:id/comments": (f) => ({
    method: "POST",
    path: `/api/tasks/${f.task.id}/comments`,
    json: { body: "Looks good" },
  }),
  "PATCH /api/tasks/:id/comments/:commentId": async (f) => {
    const id = await ownComment(f);
    return { method: "PATCH", path: `/api/tasks/${f.task.id}/comments/${id}`, json: { body: "Edited" } };
  },
  "DELETE /api/tasks/:id/comments/:commentId": async (f) => ({
    method: "DELETE",
    path: `/api/tasks/${f.task.id}/comments/${await ownComment(f)}`,
  }),
  "GET /api/tasks/:id/history": (f) => ({ method: "GET", path: `/api/tasks/${f.task.id}/history` }),
  "GET /api/tasks/:id/reminders": (f) => ({ method: "GET", path: `/api/tasks/${f.task.id}/reminders` }),
  "POST /api/tasks/:id/reminders": (f) => ({
    method: "POST",
    path: `/api/tasks/${f.task.id}/reminders`,
    json: { at: new Date(Date.now() + 86_400_000).toISOString() },
  }),
  "DELETE /api/tasks/:id/reminders/:reminderId": async (f) => ({
    method: "DELETE",
    path: `/api/tasks/${f.task.id}/reminders/${await ownReminder(f)}`,
  }),
  "GET /api/tasks/:id": (f) => ({ method: "GET", path: `/api/tasks/${f.task.id}` }),
  "POST /api/tasks/:id/occurrences/complete": async (f) => ({
    method: "POST",
    path: `/api/tasks/${await repeating(f)}/occurrences/complete`,
    json: {},
  }),
  "POST /api/tasks/:id/occurrences/skip": async (f) => ({
    method: "POST",
    path: `/api/tasks/${await repeating(f)}/occurrences/skip`,
    json: {},
  }),
  "POST /api/tasks/:id/subtasks": (f) => ({
    method: "POST",
    path: `/api/tasks/${f.task.id}/subtasks`,
    json: { title: "S" },
  }),
  "PATCH /api/tasks/:id/subtasks/:subId": async (f) => ({
    method: "PATCH",
    path: `/api/tasks/${f.task.id}/subtasks/${await subtaskOf(f)}`,
    json: { done: true },
  }),
  "DELETE /api/tasks/:id/subtasks/:subId": async (f) => ({
    method: "DELETE",
    path: `/api/tasks/${f.task.id}/subtasks/${await subtaskOf(f)}`,
  }),
  "PUT /api/tasks/:id/subtasks/order": async (f) => ({
    method: "PUT",
    path: `/api/tasks/${f.task.id}/subtasks/order`,
    json: { ids: [await subtaskOf(f)] },
  }),
  // The public API's project calls (decision 311), with the caller's session as the credential.
  "GET /api/v1/projects": () => ({ method: "GET", path: `/api/v1/projects?teamId=${teamId}` }),
  "POST /api/v1/projects": () => ({
    method: "POST",
    path: "/api/v1/projects",
    json: { name: "New", teamId },
  }),
  "GET /api/v1/projects/:id": (f) => ({ method: "GET", path: `/api/v1/projects/${f.project.id}` }),
  "PATCH /api/v1/projects/:id": (f) => ({
    method: "PATCH",
    path: `/api/v1/projects/${f.project.id}`,
    json: { name: "R" },
  }),
  "POST /api/v1/projects/:id/archive": (f) => ({
    method: "POST",
    path: `/api/v1/projects/${f.project.id}/archive`,
  }),
  "POST /api/v1/projects/:id/restore": (f) => ({
    method: "POST",
    path: `/api/v1/projects/${f.project.id}/restore`,
  }),
  "DELETE /api/v1/projects/:id": (f) => ({
    method: "DELETE",
    path: `/api/v1/projects/${f.project.id}?confirm=true`,
  }),
  "GET /api/v1/projects/:id/milestones": (f) => ({
    method: "GET",
    path: `/api/v1/projects/${f.project.id}/milestones`,
  }),
  "POST /api/v1/projects/:id/milestones": (f) => ({
    method: "POST",
    path: `/api/v1/projects/${f.project.id}/milestones`,
    json: { name: "N" },
  }),
  "PATCH /api/v1/milestones/:id": (f) => ({
    method: "PATCH",
    path: `/api/v1/milestones/${f.milestone.id}`,
    json: { name: "X" },
  }),
  "DELETE /api/v1/milestones/:id": (f) => ({
    method: "DELETE",
    path: `/api/v1/milestones/${f.milestone.id}`,
  }),
};

/** The fixture's task made a daily series by the team's owner, so completing and skipping reach it. */
async function repeating(f: Fixture): Promise<string> {
  const res = await people.owner.client.patch(`/api/tasks/${f.task.id}`, {
    recurrence: { rrule: "FREQ=DAILY", start: "2026-12-01T09:00", timeZone: "UTC" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return f.task.id;
}

/** A subtask of the fixture's task, added by the team's owner. */
async function subtaskOf(f: Fixture): Promise<string> {
  const res = await people.owner.client.post<{ subtasks: { id: string }[] }>(
    `/api/tasks/${f.task.id}/subtasks`,
    { title: "Step" },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.subtasks[0]!.id;
}

/** A reminder of the caller's own on the fixture's task, or the owner's when the caller cannot see it. */
async function ownReminder(f: Fixture): Promise<string> {
  const setter = f.who === "outsider" ? people.owner : people[f.who];
  const res = await setter.client.post<{ id: string }>(`/api/tasks/${f.task.id}/reminders`, {
    at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A comment on the fixture's task by the caller when they may comment, else by the owner. */
async function ownComment(f: Fixture): Promise<string> {
  const author = decide({ role: f.who === "outsider" ? null : f.who }, "task.comment").allowed
    ? people[f.who]
    : people.owner;
  const res = await author.client.post<{ id: string }>(`/api/tasks/${f.task.id}/comments`, { body: "Mine" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe("the permission table guards every team and project route", () => {
  it("lists every such route of the app in ROUTE_ACTIONS, and nothing else", () => {
    const routes = appRoutes();
    expect(routes.filter((r) => !(r in ROUTE_ACTIONS))).toEqual([]);
    expect(Object.keys(ROUTE_ACTIONS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  const guarded = Object.entries(ROUTE_ACTIONS).filter(([, guard]) => guard !== "invitee");
  it.each(guarded)("%s answers as the table says for every role", async (route, guard) => {
    const call = CALLS[route];
    expect(call, `no call written for ${route}`).toBeDefined();
    for (const who of [...TEAM_ROLES, "outsider"] as const) {
      const f = await fixture(who);
      const { method, path, json } = await call!(f);
      const res = await people[who].client.request(method, path, json === undefined ? {} : { json });
      const allowed = who !== "outsider" && guard !== "invitee" && decide({ role: who }, guard).allowed;
      const refused = res.status === 403 || res.status === 404;
      expect(refused, `${who} ${route}: ${res.status} ${JSON.stringify(res.body)}`).toBe(!allowed);
    }
  });
});
