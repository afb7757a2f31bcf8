// Comments and history on a task (issue 23, point 4; decisions 167-169): whoever may see the task
// reads and writes its comments (comments/task-access.ts asks the permission table: a personal
// task's owner, the people a team project is open to), only the author edits or deletes one (403
// for anyone else), a task someone cannot see is a 404 for every call, bad input changes nothing, a
// mention notifies only people who can see the task (in the app, live, and by email when they allow
// it), a comment reaches the open sockets of those people only, the task's changes are in its
// history, and the export holds what the person wrote.
import { beforeAll, describe, expect, it } from "vitest";
import type { CommentDto, CommentListResponse, HistoryListResponse } from "#shared/contracts/comments.ts";
import type { NotificationListResponse } from "#shared/contracts/notifications.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { dbFingerprint } from "../support/db-fingerprint.ts";
import { expectError, testServerForFile } from "../support/integration.ts";
import { collect, connectSocket, waitFor as waitForEvent } from "../support/socket-client.ts";
import { createTeam, type Person } from "../support/team-factory.ts";
import type { TestClient } from "../support/test-client.ts";
import { waitFor } from "../support/wait-for.ts";

const { server, person, db } = testServerForFile();

type Team = Awaited<ReturnType<typeof createTeam>>;
let team: Team;
/** The owner's task in a project open to the team, and one kept to themselves. */
let shared: TaskDto;
let personal: TaskDto;
let stranger: Awaited<ReturnType<typeof person>>;
let owner: Person;
let mia: Person;
let noah: Person;

async function newTask(client: TestClient, title: string) {
  const res = await client.post<TaskDto>("/api/tasks", { title });
  expect(res.status).toBe(201);
  return res.body;
}

const comment = (client: TestClient, taskId: string, body: string) =>
  client.post<CommentDto>(`/api/tasks/${taskId}/comments`, { body });

beforeAll(async () => {
  team = await createTeam(server, 2);
  owner = team.owner;
  [mia, noah] = team.members as [Person, Person];
  stranger = await person();
  // A project open to the whole team: its members see its tasks.
  const project = await owner.client.post<{ id: string }>("/api/projects", {
    name: "Launch",
    colour: "#2563eb",
    teamId: team.team.id,
  });
  expect(project.status).toBe(201);
  const created = await owner.client.post<TaskDto>("/api/tasks", {
    title: "Launch plan",
    projectId: project.body.id,
  });
  expect(created.status).toBe(201);
  shared = created.body;
  personal = await newTask(owner.client, "Dentist");
  // Noah reads his notifications in the app only.
  expect((await noah.client.patch("/api/preferences", { notifications: { email: false } })).status).toBe(200);
}, 120_000);

describe("comments", () => {
  it("on a restricted project's task: a team member it is not open to reads and writes none (404)", async () => {
    const hidden = await owner.client.post<{ id: string }>("/api/projects", {
      name: "Board only",
      colour: "#16a34a",
      teamId: team.team.id,
      restricted: true,
    });
    expect(hidden.status).toBe(201);
    const task = await owner.client.post<TaskDto>("/api/tasks", {
      title: "Salary review",
      projectId: hidden.body.id,
    });
    expect(task.status).toBe(201);
    expect((await comment(owner.client, task.body.id, "Numbers attached")).status).toBe(201);
    expectError(await mia.client.get(`/api/tasks/${task.body.id}/comments`), 404, /Task not found/);
    expectError(await comment(mia.client, task.body.id, "Let me see"), 404, /Task not found/);
    expectError(await mia.client.get(`/api/tasks/${task.body.id}/history`), 404, /Task not found/);
  });

  it("are written, listed, edited and deleted by their author, and paged oldest first", async () => {
    const first = await comment(owner.client, personal.id, "  Bring the forms  ");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      taskId: personal.id,
      body: "Bring the forms",
      author: { name: owner.name },
      mentions: [],
      editedAt: null,
      mine: true,
    });
    server.clock.advance(1000);
    const second = await comment(owner.client, personal.id, "See https://example.com/forms");
    server.clock.advance(1000);
    const third = await comment(owner.client, personal.id, "Booked");

    const page1 = await owner.client.get<CommentListResponse>(`/api/tasks/${personal.id}/comments?limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.comments.map((c) => c.id)).toEqual([first.body.id, second.body.id]);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await owner.client.get<CommentListResponse>(
      `/api/tasks/${personal.id}/comments?limit=2&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body).toEqual({
      comments: [expect.objectContaining({ id: third.body.id })],
      nextCursor: null,
    });

    server.clock.advance(1000);
    const edited = await owner.client.patch<CommentDto>(
      `/api/tasks/${personal.id}/comments/${third.body.id}`,
      {
        body: "Booked for Tuesday",
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: "Booked for Tuesday", editedAt: expect.any(String) });

    expect((await owner.client.delete(`/api/tasks/${personal.id}/comments/${second.body.id}`)).status).toBe(
      204,
    );
    const after = await owner.client.get<CommentListResponse>(`/api/tasks/${personal.id}/comments`);
    expect(after.body.comments.map((c) => c.body)).toEqual(["Bring the forms", "Booked for Tuesday"]);
  });

  it("on a team's task: members read and write them, and only the author edits or deletes one (403)", async () => {
    const mine = await comment(owner.client, shared.id, "Draft is ready");
    const theirs = await comment(mia.client, shared.id, "Looks good");
    expect(theirs.status).toBe(201);
    const seen = await mia.client.get<CommentListResponse>(`/api/tasks/${shared.id}/comments`);
    expect(seen.body.comments.map((c) => [c.body, c.mine])).toEqual(
      expect.arrayContaining([
        ["Draft is ready", false],
        ["Looks good", true],
      ]),
    );

    const before = await dbFingerprint(db(), ["session"]);
    expectError(
      await mia.client.patch(`/api/tasks/${shared.id}/comments/${mine.body.id}`, { body: "Mia's now" }),
      403,
      /author/,
    );
    expectError(await mia.client.delete(`/api/tasks/${shared.id}/comments/${mine.body.id}`), 403, /author/);
    expectError(
      await owner.client.patch(`/api/tasks/${shared.id}/comments/${theirs.body.id}`, { body: "x" }),
      403,
    );
    expect(await dbFingerprint(db(), ["session"])).toEqual(before);
  });

  it("of a task someone cannot see: every call is a 404 that changes nothing", async () => {
    const own = await comment(owner.client, personal.id, "Only mine");
    const before = await dbFingerprint(db(), ["session"]);
    for (const who of [stranger.client, mia.client]) {
      expectError(await who.get(`/api/tasks/${personal.id}/comments`), 404, /Task not found/);
      expectError(await who.get(`/api/tasks/${personal.id}/history`), 404, /Task not found/);
      expectError(await comment(who, personal.id, "Hello?"), 404, /Task not found/);
      expectError(
        await who.patch(`/api/tasks/${personal.id}/comments/${own.body.id}`, { body: "mine now" }),
        404,
      );
      expectError(await who.delete(`/api/tasks/${personal.id}/comments/${own.body.id}`), 404);
    }
    // A comment id under another task, even one the caller sees, is not found either.
    expectError(await owner.client.delete(`/api/tasks/${shared.id}/comments/${own.body.id}`), 404);
    expect(await dbFingerprint(db(), ["session"])).toEqual(before);
  });

  it("refuses bad input with a 4xx naming the problem, and changes nothing", async () => {
    const own = await comment(owner.client, personal.id, "Keep me");
    const before = await dbFingerprint(db(), ["session"]);
    const url = `/api/tasks/${personal.id}/comments`;
    expectError(await owner.client.post(url, { body: "" }), 400, /required/);
    expectError(await owner.client.post(url, { body: "   " }), 400, /required/);
    expectError(await owner.client.post(url, {}), 400, /required/);
    expectError(await owner.client.post(url, { body: 42 }), 400, /text/);
    expectError(await owner.client.post(url, { body: "x".repeat(10_001) }), 400, /10,000/);
    expectError(await owner.client.post(url, { body: "a\u0000b" }), 400, /control/);
    expectError(await owner.client.post(url, { body: "ok", pinned: true }), 400);
    expectError(
      await owner.client.patch(`${url}/${own.body.id}`, { body: "y".repeat(10_001) }),
      400,
      /10,000/,
    );
    expectError(await owner.client.get(`${url}?limit=0`), 400, /limit/);
    expectError(await owner.client.get(`${url}?limit=101`), 400, /limit/);
    expectError(await owner.client.get(`${url}?cursor=bm90LWEtY3Vyc29y`), 400, /cursor/);
    expectError(await owner.client.get(`${url}?cursor=%3Cscript%3E`), 400, /cursor/);
    expectError(await owner.client.patch(`${url}/not-an-id`, { body: "x" }), 404, /Comment not found/);
    expectError(await owner.client.get("/api/tasks/not-an-id/comments"), 404, /Task not found/);
    expect(await dbFingerprint(db(), ["session"])).toEqual(before);
    // The longest comment is taken whole.
    expect((await owner.client.post(url, { body: "z".repeat(10_000) })).status).toBe(201);
  });
});

describe("mentions", () => {
  const notificationsOf = async (p: { client: TestClient }) =>
    (await p.client.get<NotificationListResponse>("/api/notifications")).body.notifications.filter(
      (n) => n.kind === "mention",
    );

  it("notify the people who can see the task, live and by email as they allow; anyone else stays text", async () => {
    const miaSocket = await connectSocket(server.baseUrl, mia.client.cookieHeader());
    const strangerSocket = await connectSocket(server.baseUrl, stranger.client.cookieHeader());
    try {
      const strangerHeard = collect(strangerSocket, "notifications:new");
      const live = waitForEvent<{ title: string }>(miaSocket, "notifications:new");
      const res = await comment(
        owner.client,
        shared.id,
        `@${mia.email.toUpperCase()} and @${noah.email}: please check. cc @${stranger.email} @nobody@example.com @${owner.email}`,
      );
      expect(res.status).toBe(201);
      expect(res.body.mentions.sort()).toEqual(
        [mia.email, noah.email, owner.email].map((e) => e.toLowerCase()).sort(),
      );
      expect((await live).title).toBe(`${owner.name} mentioned you on “Launch plan”`);

      const [forMia] = await notificationsOf(mia);
      expect(forMia).toMatchObject({
        title: `${owner.name} mentioned you on “Launch plan”`,
        link: `/dashboard?section=tasks&task=${shared.id}`,
        read: false,
      });
      expect(forMia!.body).toContain("please check");
      expect(await notificationsOf(noah)).toHaveLength(1);
      // Neither the stranger nor the author is notified.
      expect(await notificationsOf(stranger)).toEqual([]);
      expect(await notificationsOf(owner)).toEqual([]);
      expect(strangerHeard).toEqual([]);

      // Email: Mia allows it, Noah turned it off, the stranger gets none.
      const mail = await waitFor(
        async () => server.outbox.list().find((m) => m.to === mia.email && /mentioned you/.test(m.subject)),
        Boolean,
        { what: "the mention email" },
      );
      expect(mail!.text).toContain(`/dashboard?section=tasks&task=${shared.id}`);
      expect(server.outbox.list().some((m) => m.to === noah.email && /mentioned/.test(m.subject))).toBe(
        false,
      );
      expect(server.outbox.list().some((m) => m.to === stranger.email && /mentioned/.test(m.subject))).toBe(
        false,
      );

      // An edit notifies only the newly mentioned: Mia once, however often she is named.
      const edited = await owner.client.patch<CommentDto>(`/api/tasks/${shared.id}/comments/${res.body.id}`, {
        body: `@${mia.email} only`,
      });
      expect(edited.body.mentions).toEqual([mia.email.toLowerCase()]);
      expect(await notificationsOf(mia)).toHaveLength(1);
    } finally {
      miaSocket.close();
      strangerSocket.close();
    }
  });

  it("on a personal task mention nobody else, however the address is written", async () => {
    const res = await comment(owner.client, personal.id, `@${mia.email} can you see this?`);
    expect(res.body.mentions).toEqual([]);
    expect((await notificationsOf(mia)).some((n) => n.link?.includes(personal.id))).toBe(false);
  });
});

describe("live comments", () => {
  it("reach whoever can see the task, and nobody else", async () => {
    const miaSocket = await connectSocket(server.baseUrl, mia.client.cookieHeader());
    const strangerSocket = await connectSocket(server.baseUrl, stranger.client.cookieHeader());
    try {
      const strangerHeard = collect(strangerSocket, "comments:changed");
      const heard = waitForEvent<{ taskId: string; reason: string; commentId: string }>(
        miaSocket,
        "comments:changed",
        (p) => p.reason === "created",
      );
      const res = await comment(owner.client, shared.id, "Live one");
      expect(await heard).toEqual({ taskId: shared.id, commentId: res.body.id, reason: "created" });
      const gone = waitForEvent(
        miaSocket,
        "comments:changed",
        (p: { reason: string }) => p.reason === "deleted",
      );
      await owner.client.delete(`/api/tasks/${shared.id}/comments/${res.body.id}`);
      await gone;
      await comment(owner.client, personal.id, "Not for Mia");
      await server.kairo.deps.events.idle();
      expect(strangerHeard).toEqual([]);
    } finally {
      miaSocket.close();
      strangerSocket.close();
    }
  });
});

describe("history", () => {
  it("records who created, changed, completed, reopened and deleted a task, and when", async () => {
    server.clock.set("2031-05-01T09:00:00Z");
    const task = await newTask(owner.client, "Quarterly report");
    server.clock.set("2031-05-01T09:05:00Z");
    await owner.client.patch(`/api/tasks/${task.id}`, { title: "Q2 report", priority: "high" });
    server.clock.set("2031-05-01T09:06:00Z");
    await owner.client.patch(`/api/tasks/${task.id}`, { description: "Not followed" });
    server.clock.set("2031-05-01T09:07:00Z");
    await owner.client.patch(`/api/tasks/${task.id}`, { deadline: "2031-06-30T17:00:00.000Z" });
    server.clock.set("2031-05-01T09:10:00Z");
    await owner.client.patch(`/api/tasks/${task.id}`, { completed: true });
    server.clock.set("2031-05-01T09:12:00Z");
    await owner.client.patch(`/api/tasks/${task.id}`, { status: "todo" });

    const res = await owner.client.get<HistoryListResponse>(`/api/tasks/${task.id}/history`);
    expect(res.status).toBe(200);
    const actor = { id: expect.any(String), name: owner.name };
    expect(res.body.entries).toEqual([
      expect.objectContaining({
        kind: "created",
        actor,
        createdAt: "2031-05-01T09:00:00.000Z",
        changes: { title: { from: null, to: "Quarterly report" } },
      }),
      expect.objectContaining({
        kind: "updated",
        changes: {
          title: { from: "Quarterly report", to: "Q2 report" },
          priority: { from: "medium", to: "high" },
        },
      }),
      expect.objectContaining({
        kind: "updated",
        changes: { deadline: { from: null, to: "2031-06-30T17:00:00.000Z" } },
      }),
      expect.objectContaining({
        kind: "completed",
        createdAt: "2031-05-01T09:10:00.000Z",
        changes: { status: { from: "todo", to: "completed" } },
      }),
      expect.objectContaining({ kind: "reopened", source: "person" }),
    ]);
    const page = await owner.client.get<HistoryListResponse>(`/api/tasks/${task.id}/history?limit=2`);
    const rest = await owner.client.get<HistoryListResponse>(
      `/api/tasks/${task.id}/history?limit=10&cursor=${page.body.nextCursor}`,
    );
    expect(rest.body.entries.map((e) => e.kind)).toEqual(["updated", "completed", "reopened"]);

    // Members see a team task's history; a deleted task has none to show, but the export keeps it.
    expect((await mia.client.get(`/api/tasks/${shared.id}/history`)).status).toBe(200);
    await owner.client.delete(`/api/tasks/${task.id}`);
    expect((await owner.client.get(`/api/tasks/${task.id}/history`)).status).toBe(404);
  });
});

describe("export my data", () => {
  it("holds the comments and history entries the person wrote, and nobody else's", async () => {
    const task = await newTask(mia.client, "Mia's errand");
    await comment(mia.client, task.id, "Mia's own words");
    await comment(mia.client, shared.id, "Mia on the team task");
    const res = await mia.client.get<{
      taskComments: { body: string; authorId: string; taskId: string }[];
      taskHistory: { kind: string; taskId: string; actorId: string }[];
    }>("/api/account/export");
    expect(res.status).toBe(200);
    const bodies = res.body.taskComments.map((c) => c.body);
    expect(bodies).toEqual(expect.arrayContaining(["Mia's own words", "Mia on the team task", "Looks good"]));
    expect(bodies).not.toContain("Draft is ready");
    expect(res.body.taskHistory).toEqual([expect.objectContaining({ kind: "created", taskId: task.id })]);

    const ownerExport = await owner.client.get<{ taskHistory: { kind: string; changes: unknown }[] }>(
      "/api/account/export",
    );
    expect(ownerExport.body.taskHistory.some((h) => h.kind === "deleted")).toBe(true);
  });
});
