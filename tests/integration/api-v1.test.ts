// The public API, /api/v1 (issue 26, decisions 255 to 258): problem details, RateLimit headers and
// the 429, Idempotency-Key on task creation, ETag and If-Match (412), the resources beyond tasks with
// their scopes and one person never reaching another's, and the OpenAPI 3.1 document: validated by
// an outside validator (@seriousme/openapi-schema-validator), and every answer this file received
// checked against the document's schema for its operation and status (ajv, JSON Schema 2020-12).

import { randomUUID } from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { member } from "#server/db/schema/auth.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import { V1_OPERATIONS } from "#server/modules/platform/v1-operations.ts";
import { commentBody } from "#shared/contracts/comments.ts";
import type { PlanResponse } from "#shared/contracts/planner.ts";
import type { CreatedApiKeyResponse } from "#shared/contracts/platform.ts";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import { taskCreateBody, taskUpdateBody } from "#shared/contracts/tasks.ts";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { API_SCOPES } from "#shared/domain/api-scopes.ts";
import { DEFAULT_WORKING_PREFERENCES } from "#shared/domain/planner/defaults.ts";
import { buyPlan, createVerifiedUser } from "../support/factories.ts";
import { testServerForFile } from "../support/integration.ts";
import type { TestClient } from "../support/test-client.ts";

const { server, db } = testServerForFile();

type Answer = { method: string; path: string; status: number; contentType: string; body: unknown };
/** Every /api/v1 answer of this file, checked against the document at the end. */
const answers: Answer[] = [];

type Person = { client: TestClient; key: string; keyId: string };

async function teamPerson(scopes: readonly string[] = API_SCOPES): Promise<Person> {
  const p = await createVerifiedUser(server);
  await buyPlan(server, p.client, "team", 2);
  return withKey(p.client, scopes);
}

async function withKey(client: TestClient, scopes: readonly string[] = API_SCOPES): Promise<Person> {
  const p = { client };
  const made = await p.client.post<CreatedApiKeyResponse>("/api/developer/keys", {
    name: "Test",
    scopes,
    expiresInDays: 30,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { client: p.client, key: made.body.secret, keyId: made.body.key.id };
}

async function anotherKey(p: Person, scopes: readonly string[]) {
  const made = await p.client.post<CreatedApiKeyResponse>("/api/developer/keys", {
    name: "Narrow",
    scopes,
    expiresInDays: 30,
  });
  return made.body.secret;
}

async function v1(
  key: string | null,
  method: string,
  path: string,
  o: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(o.body !== undefined ? { "content-type": "application/json" } : {}),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const contentType = res.headers.get("content-type") ?? "";
  const text = await res.text();
  const body = text && contentType.includes("json") ? JSON.parse(text) : text;
  answers.push({
    method: method.toLowerCase(),
    path: path.split("?")[0]!,
    status: res.status,
    contentType,
    body,
  });
  return { status: res.status, headers: res.headers, body };
}

const missingId = "00000000-0000-4000-8000-000000000000";

describe("errors as RFC 9457 problem details", () => {
  it("answers /api/v1's errors as problem documents with our code, and leaves the rest of /api as it was", async () => {
    const me = await teamPerson();
    const missing = await v1(me.key, "GET", `/tasks/${missingId}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(missing.body).toEqual({
      type: "/api/v1/docs#problem-not-found",
      title: "Not Found",
      status: 404,
      detail: "Task not found.",
      code: "NOT_FOUND",
    });
    const bad = await v1(me.key, "POST", "/tasks", { body: { title: "", category: "General" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, code: "VALIDATION", title: "Bad Request" });
    expect(Object.keys((bad.body as { fields: object }).fields)).toContain("title");
    const unknown = await v1(me.key, "GET", "/no-such-thing");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const none = await v1(null, "GET", "/me");
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });

    const own = await me.client.get(`/api/tasks/${missingId}`);
    expect(own.status).toBe(404);
    expect(own.headers.get("content-type")).toMatch(/^application\/json/);
    expect(own.body).toEqual({ error: { code: "NOT_FOUND", message: "Task not found." } });
  });
});

describe("RateLimit headers per credential", () => {
  it("counts each credential apart, announces the policy, and answers 429 past the limit", async () => {
    const me = await teamPerson();
    const first = await v1(me.key, "GET", "/me");
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"hourly";q=1000;w=3600');
    expect(first.headers.get("ratelimit")).toMatch(/^"hourly";r=999;t=\d+$/);
    const second = await v1(me.key, "GET", "/me");
    expect(second.headers.get("ratelimit")).toMatch(/^"hourly";r=998;t=\d+$/);
    // Another key of the same person has its own count; so has the session.
    const other = await anotherKey(me, ["tasks:read"]);
    expect((await v1(other, "GET", "/me")).headers.get("ratelimit")).toMatch(/r=999;/);
    const bySession = await me.client.get("/api/v1/me");
    expect(bySession.headers.get("ratelimit")).toMatch(/r=999;/);

    // Use up the key's hour in the counter store, then ask once more.
    const window = Math.floor(server.clock.now().getTime() / 3_600_000);
    const store = server.kairo.deps.rateLimitStore;
    for (let i = 0; i < 998; i++) await store.increment(`kairo:rl:api-v1:key:${me.keyId}:${window}`, 3605);
    const limited = await v1(me.key, "GET", "/me");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit")).toMatch(/^"hourly";r=0;t=\d+$/);
    expect(limited.body).toMatchObject({ status: 429, code: "RATE_LIMITED", title: "Too Many Requests" });
    expect((await v1(other, "GET", "/me")).status).toBe(200);
  });
});

describe("tasks: Idempotency-Key, ETag and If-Match", () => {
  it("answers a repeated creation with the first answer and creates one task", async () => {
    const me = await teamPerson();
    const body = { title: "Idempotent errand", category: "General" };
    const headers = { "idempotency-key": "3f2a1c9e-key-1" };
    const first = await v1(me.key, "POST", "/tasks", { body, headers });
    expect(first.status).toBe(201);
    const again = await v1(me.key, "POST", "/tasks", { body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const listed = await v1(me.key, "GET", "/tasks?q=Idempotent");
    expect((listed.body as { tasks: unknown[] }).tasks).toHaveLength(1);
    const otherBody = await v1(me.key, "POST", "/tasks", { body: { ...body, title: "Else" }, headers });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    const badKey = await v1(me.key, "POST", "/tasks", { body, headers: { "idempotency-key": "" } });
    expect(badKey.status).toBe(400);
    // The key is the person's: another person's same key creates their own task.
    const bob = await teamPerson();
    const bobs = await v1(bob.key, "POST", "/tasks", { body, headers });
    expect(bobs.status).toBe(201);
    expect((bobs.body as { id: string }).id).not.toBe((first.body as { id: string }).id);
    // After 24 hours the key is forgotten.
    server.clock.advance(24 * 3_600_000 + 1000);
    const later = await v1(me.key, "POST", "/tasks", { body, headers });
    expect((later.body as { id: string }).id).not.toBe((first.body as { id: string }).id);
  });

  it("creates one task when two calls race with the same key", async () => {
    const me = await teamPerson();
    const body = { title: "Raced errand", category: "General" };
    const headers = { "idempotency-key": "race-1" };
    const both = await Promise.all([1, 2].map(() => v1(me.key, "POST", "/tasks", { body, headers })));
    for (const res of both) expect([201, 409]).toContain(res.status);
    expect(both.some((r) => r.status === 201)).toBe(true);
    const listed = await v1(me.key, "GET", "/tasks?q=Raced");
    expect((listed.body as { tasks: unknown[] }).tasks).toHaveLength(1);
  });

  it("answers the version as the ETag, and 412 when If-Match no longer matches", async () => {
    const me = await teamPerson();
    const created = await v1(me.key, "POST", "/tasks", { body: { title: "Versioned", category: "General" } });
    const id = (created.body as { id: string }).id;
    const read = await v1(me.key, "GET", `/tasks/${id}`);
    const etag = read.headers.get("etag")!;
    expect(etag).toBe('"1"');
    const changed = await v1(me.key, "PATCH", `/tasks/${id}`, {
      body: { title: "Versioned, once" },
      headers: { "if-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).toBe('"2"');
    const stale = await v1(me.key, "PATCH", `/tasks/${id}`, {
      body: { title: "Lost update" },
      headers: { "if-match": etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: "PRECONDITION_FAILED", status: 412 });
    const now = await v1(me.key, "GET", `/tasks/${id}`);
    expect((now.body as { task: { title: string } }).task.title).toBe("Versioned, once");
    expect((await v1(me.key, "PATCH", `/tasks/${id}`, { body: { title: "Free" } })).status).toBe(200);
  });
});

describe("conditional GET: If-None-Match", () => {
  it("answers 304 with no body while the client's ETag is current, and the task once it changed", async () => {
    const me = await teamPerson();
    const created = await v1(me.key, "POST", "/tasks", { body: { title: "Cached", category: "General" } });
    const id = (created.body as { id: string }).id;
    const first = await v1(me.key, "GET", `/tasks/${id}`);
    const etag = first.headers.get("etag")!;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const same = await v1(me.key, "GET", `/tasks/${id}`, { headers: { "if-none-match": tag } });
      expect(same.status, tag).toBe(304);
      expect(same.body).toBe("");
      expect(same.headers.get("etag")).toBe(etag);
      expect(same.headers.get("ratelimit")).toMatch(/^"hourly";r=\d+;t=\d+$/);
    }
    const otherTag = await v1(me.key, "GET", `/tasks/${id}`, { headers: { "if-none-match": '"999"' } });
    expect(otherTag.status).toBe(200);
    expect((await v1(me.key, "PATCH", `/tasks/${id}`, { body: { title: "Cached, changed" } })).status).toBe(
      200,
    );
    const changed = await v1(me.key, "GET", `/tasks/${id}`, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).toBe('"2"');
    expect((changed.body as { task: { title: string } }).task.title).toBe("Cached, changed");
    // Another person's task is not found, whatever the tag.
    const bob = await teamPerson();
    const foreign = await v1(bob.key, "GET", `/tasks/${id}`, { headers: { "if-none-match": "*" } });
    expect(foreign.status).toBe(404);
  });
});

describe("projects, comments, time, Pomodoro and calendar", () => {
  it("serves each resource through the use cases, with paging by id", async () => {
    const me = await teamPerson();
    for (const name of ["Alpha", "Beta"]) {
      expect((await me.client.post("/api/projects", { name })).status).toBe(201);
    }
    const page1 = await v1(me.key, "GET", "/projects?limit=2");
    expect(page1.status).toBe(200);
    const p1 = page1.body as { projects: { id: string }[]; nextCursor: string | null };
    expect(p1.projects).toHaveLength(2);
    expect(p1.nextCursor).toBe(p1.projects[1]!.id);
    const page2 = await v1(me.key, "GET", `/projects?limit=2&cursor=${p1.nextCursor}`);
    const p2 = page2.body as { projects: { id: string }[]; nextCursor: string | null };
    expect(p2.projects.length).toBeGreaterThanOrEqual(1); // the Inbox, Alpha and Beta
    expect(p2.projects.map((p) => p.id)).not.toContain(p1.projects[0]!.id);
    expect((await v1(me.key, "GET", `/projects/${p1.projects[0]!.id}`)).status).toBe(200);
    expect((await v1(me.key, "GET", "/projects?limit=0")).status).toBe(400);

    const task = await v1(me.key, "POST", "/tasks", { body: { title: "Resourceful", category: "General" } });
    const id = (task.body as { id: string }).id;
    const comment = await v1(me.key, "POST", `/tasks/${id}/comments`, { body: { body: "First note" } });
    expect(comment.status).toBe(201);
    const comments = await v1(me.key, "GET", `/tasks/${id}/comments`);
    expect((comments.body as { comments: { body: string }[] }).comments.map((c) => c.body)).toEqual([
      "First note",
    ]);
    expect((await v1(me.key, "POST", `/tasks/${id}/timer/start`)).status).toBe(200);
    server.clock.advance(5 * 60_000);
    const stopped = await v1(me.key, "POST", `/tasks/${id}/timer/stop`);
    expect(stopped.status).toBe(200);
    const logs = await v1(me.key, "GET", `/tasks/${id}/time-logs`);
    expect((logs.body as { timeLogs: unknown[] }).timeLogs).toHaveLength(1);
    const pomodoro = await v1(me.key, "GET", "/pomodoro-sessions?tz=Europe/Paris");
    expect(pomodoro.status).toBe(200);
    const from = new Date(server.clock.now().getTime() - 86_400_000).toISOString();
    const to = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const calendar = await v1(me.key, "GET", `/calendar-items?from=${from}&to=${to}`);
    expect(calendar.status).toBe(200);
    expect((await v1(me.key, "GET", `/calendar-items?from=${to}&to=${from}`)).status).toBe(400);
  });

  it("serves repeating tasks, subtasks, reminders, milestones and the plan", async () => {
    const me = await teamPerson();
    // Daily at 09:00 UTC from tomorrow.
    const day = (n: number) =>
      new Date(server.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const at9 = (n: number) => `${day(n)}T09:00:00.000Z`;
    const series = await v1(me.key, "POST", "/tasks", {
      body: {
        title: "Water the plants",
        category: "General",
        recurrence: { rrule: "FREQ=DAILY", start: `${day(1)}T09:00`, timeZone: "UTC" },
      },
    });
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    const id = (series.body as { id: string }).id;
    const done = await v1(me.key, "POST", `/tasks/${id}/occurrences/complete`, {
      body: { due: at9(1) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ recorded: true, next: at9(2) });
    // The same occurrence again: its record, nothing advanced.
    const again = await v1(me.key, "POST", `/tasks/${id}/occurrences/complete`, {
      body: { due: at9(1) },
    });
    expect(again.body).toMatchObject({ recorded: false });
    const skipped = await v1(me.key, "POST", `/tasks/${id}/occurrences/skip`, {
      body: { due: at9(2) },
    });
    expect(skipped.body).toMatchObject({
      occurrence: { outcome: "skipped" },
      next: at9(3),
    });

    const added = await v1(me.key, "POST", `/tasks/${id}/subtasks`, { body: { title: "Kitchen" } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const sub = (added.body as { subtasks: { id: string }[] }).subtasks[0]!;
    const ticked = await v1(me.key, "PATCH", `/tasks/${id}/subtasks/${sub.id}`, { body: { done: true } });
    expect(ticked.status).toBe(200);
    expect((ticked.body as { subtasks: { done: boolean }[] }).subtasks[0]!.done).toBe(true);
    expect(
      (await v1(me.key, "PATCH", `/tasks/${id}/subtasks/${sub.id}`, { body: { title: "" } })).status,
    ).toBe(400);

    const reminder = await v1(me.key, "POST", `/tasks/${id}/reminders`, {
      body: { before: { amount: 30, unit: "minutes" } },
    });
    expect(reminder.status, JSON.stringify(reminder.body)).toBe(201);
    const reminders = await v1(me.key, "GET", `/tasks/${id}/reminders`);
    expect((reminders.body as { reminders: unknown[] }).reminders).toHaveLength(1);

    const project = await me.client.post<{ id: string }>("/api/projects", { name: "Launch" });
    expect(
      (await me.client.post(`/api/projects/${project.body.id}/milestones`, { name: "Beta" })).status,
    ).toBe(201);
    const milestones = await v1(me.key, "GET", `/projects/${project.body.id}/milestones`);
    expect((milestones.body as { milestones: { name: string }[] }).milestones.map((m) => m.name)).toEqual([
      "Beta",
    ]);
    const plan = await v1(me.key, "GET", "/plan");
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ blocks: [], proposed: [] });
  });

  it("deletes and reorders subtasks, deletes reminders and tasks, and manages milestones", async () => {
    const me = await teamPerson();
    const task = await v1(me.key, "POST", "/tasks", { body: { title: "Moving day", category: "General" } });
    const id = (task.body as { id: string }).id;
    for (const title of ["Pack", "Load", "Unload"]) {
      expect((await v1(me.key, "POST", `/tasks/${id}/subtasks`, { body: { title } })).status).toBe(201);
    }
    const detail = await v1(me.key, "GET", `/tasks/${id}`);
    const subs = (detail.body as { subtasks: { id: string; title: string }[] }).subtasks;
    const reordered = await v1(me.key, "PUT", `/tasks/${id}/subtasks/order`, {
      body: { ids: [subs[2]!.id, subs[0]!.id, subs[1]!.id] },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    const titles = (b: unknown) => (b as { subtasks: { title: string }[] }).subtasks.map((s) => s.title);
    expect(titles(reordered.body)).toEqual(["Unload", "Pack", "Load"]);
    // An order missing a subtask is stale: 409, nothing moved.
    const stale = await v1(me.key, "PUT", `/tasks/${id}/subtasks/order`, { body: { ids: [subs[0]!.id] } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "CONFLICT" });
    const removed = await v1(me.key, "DELETE", `/tasks/${id}/subtasks/${subs[0]!.id}`);
    expect(removed.status).toBe(200);
    expect(titles(removed.body)).toEqual(["Unload", "Load"]);
    expect((await v1(me.key, "DELETE", `/tasks/${id}/subtasks/${subs[0]!.id}`)).status).toBe(404);

    const due = new Date(server.clock.now().getTime() + 3 * 86_400_000).toISOString();
    const reminder = await v1(me.key, "POST", `/tasks/${id}/reminders`, { body: { at: due } });
    expect(reminder.status, JSON.stringify(reminder.body)).toBe(201);
    const reminderId = (reminder.body as { id: string }).id;
    const gone = await v1(me.key, "DELETE", `/tasks/${id}/reminders/${reminderId}`);
    expect(gone.status).toBe(204);
    expect(gone.body).toBe("");
    expect((await v1(me.key, "GET", `/tasks/${id}/reminders`)).body).toEqual({ reminders: [] });
    expect((await v1(me.key, "DELETE", `/tasks/${id}/reminders/${reminderId}`)).status).toBe(404);

    // Deleting with a stale If-Match answers 412 and keeps the task; a current one deletes it.
    expect((await v1(me.key, "PATCH", `/tasks/${id}`, { body: { title: "Moving day!" } })).status).toBe(200);
    const staleDelete = await v1(me.key, "DELETE", `/tasks/${id}`, { headers: { "if-match": '"1"' } });
    expect(staleDelete.status).toBe(412);
    expect(staleDelete.body).toMatchObject({ code: "PRECONDITION_FAILED" });
    expect((await v1(me.key, "DELETE", `/tasks/${id}?version=1`)).status).toBe(409);
    expect((await v1(me.key, "GET", `/tasks/${id}`)).status).toBe(200);
    const current = (await v1(me.key, "GET", `/tasks/${id}`)).headers.get("etag")!;
    const deleted = await v1(me.key, "DELETE", `/tasks/${id}`, { headers: { "if-match": current } });
    expect(deleted.status).toBe(204);
    expect((await v1(me.key, "GET", `/tasks/${id}`)).status).toBe(404);
    expect((await v1(me.key, "DELETE", `/tasks/${id}`)).status).toBe(404);

    const projects = await v1(me.key, "GET", "/projects");
    const inbox = (projects.body as { projects: { id: string }[] }).projects[0]!.id;
    const project = await me.client.post<{ id: string }>("/api/projects", { name: "House" });
    const made = await v1(me.key, "POST", `/projects/${project.body.id}/milestones`, {
      body: { name: "Keys handed over", dueDate: "2026-12-20" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: "Keys handed over", dueDate: "2026-12-20", progress: "0 of 0" });
    expect(inbox).toBeTruthy();
    const milestoneId = (made.body as { id: string }).id;
    expect(
      (await v1(me.key, "POST", `/projects/${project.body.id}/milestones`, { body: { name: "" } })).status,
    ).toBe(400);
    const renamed = await v1(me.key, "PATCH", `/milestones/${milestoneId}`, { body: { name: "Keys" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Keys", dueDate: "2026-12-20" });
    expect((await v1(me.key, "PATCH", `/milestones/${milestoneId}`, { body: {} })).status).toBe(400);
    const listed = await v1(me.key, "GET", `/projects/${project.body.id}/milestones`);
    expect((listed.body as { milestones: { name: string }[] }).milestones.map((m) => m.name)).toEqual([
      "Keys",
    ]);
    expect((await v1(me.key, "DELETE", `/milestones/${milestoneId}`)).status).toBe(204);
    expect((await v1(me.key, "GET", `/projects/${project.body.id}/milestones`)).body).toEqual({
      milestones: [],
    });
    expect((await v1(me.key, "DELETE", `/milestones/${milestoneId}`)).status).toBe(404);
  });

  it("serves the insights summary, for the person or one project", async () => {
    const me = await teamPerson();
    const task = await v1(me.key, "POST", "/tasks", { body: { title: "Insightful", category: "General" } });
    const id = (task.body as { id: string }).id;
    expect((await v1(me.key, "PATCH", `/tasks/${id}`, { body: { status: "completed" } })).status).toBe(200);
    const summary = await v1(me.key, "GET", "/insights?tz=Europe/Paris");
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body).toMatchObject({ rangeDays: 30, metrics: { totalTasks: 1 } });
    // The app's own page reads the same use case: the same figures.
    const page = await me.client.get<{ metrics: unknown }>("/api/ai-insights?tz=Europe/Paris");
    expect((summary.body as { metrics: unknown }).metrics).toEqual(page.body.metrics);
    const project = await me.client.post<{ id: string }>("/api/projects", { name: "Quiet" });
    const scoped = await v1(me.key, "GET", `/insights?projectId=${project.body.id}`);
    expect(scoped.status).toBe(200);
    expect(scoped.body).toMatchObject({
      project: { id: project.body.id, name: "Quiet" },
      metrics: { totalTasks: 0 },
    });
    expect((await v1(me.key, "GET", "/insights?tz=Not/AZone")).status).toBe(400);
    expect((await v1(me.key, "GET", `/insights?projectId=${missingId}`)).status).toBe(404);
  });

  it("asks each operation's scope", async () => {
    const me = await teamPerson();
    const task = await v1(me.key, "POST", "/tasks", { body: { title: "Scoped", category: "General" } });
    const id = (task.body as { id: string }).id;
    const readOnly = await anotherKey(me, ["tasks:read"]);
    const refused: [string, string, unknown?][] = [
      ["GET", "/projects"],
      ["GET", `/projects/${missingId}`],
      ["POST", `/tasks/${id}/comments`, { body: "No" }],
      ["PATCH", `/tasks/${id}`, { title: "No" }],
      ["GET", `/tasks/${id}/time-logs`],
      ["POST", `/tasks/${id}/timer/start`],
      ["POST", `/tasks/${id}/timer/stop`],
      ["GET", "/pomodoro-sessions"],
      ["GET", "/calendar-items?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z"],
      ["POST", `/tasks/${id}/occurrences/complete`, {}],
      ["POST", `/tasks/${id}/occurrences/skip`, {}],
      ["POST", `/tasks/${id}/subtasks`, { title: "No" }],
      ["PATCH", `/tasks/${id}/subtasks/${missingId}`, { done: true }],
      ["POST", `/tasks/${id}/reminders`, { before: { amount: 1, unit: "hours" } }],
      ["GET", `/projects/${missingId}/milestones`],
      ["GET", "/plan"],
      ["DELETE", `/tasks/${id}`],
      ["PUT", `/tasks/${id}/subtasks/order`, { ids: [] }],
      ["DELETE", `/tasks/${id}/subtasks/${missingId}`],
      ["DELETE", `/tasks/${id}/reminders/${missingId}`],
      ["POST", `/projects/${missingId}/milestones`, { name: "No" }],
      ["PATCH", `/milestones/${missingId}`, { name: "No" }],
      ["DELETE", `/milestones/${missingId}`],
      ["GET", "/insights"],
      ["POST", "/projects", { name: "No" }],
      ["PATCH", `/projects/${missingId}`, { name: "No" }],
      ["POST", `/projects/${missingId}/archive`],
      ["POST", `/projects/${missingId}/restore`],
      ["DELETE", `/projects/${missingId}?confirm=true`],
      ["POST", "/plan/proposal", { scope: "week" }],
      ["DELETE", "/plan/proposal"],
      ["POST", "/plan/proposal/accept"],
      ["POST", `/plan/blocks/${missingId}/accept`],
      ["POST", `/plan/blocks/${missingId}/reject`],
      ["POST", "/insights/refresh", {}],
    ];
    for (const [method, path, body] of refused) {
      const res = await v1(readOnly, method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ code: "FORBIDDEN", error: "insufficient_scope" });
    }
    expect((await v1(readOnly, "GET", `/tasks/${id}/comments`)).status).toBe(200);
    // Reading a resource is not writing it: each write asks its own scope.
    const readers = await anotherKey(me, ["projects:read", "calendar:read", "insights:read"]);
    for (const [method, path, body, scope] of [
      ["POST", "/projects", { name: "No" }, "projects:write"],
      ["POST", "/plan/proposal", { scope: "week" }, "calendar:write"],
      ["POST", "/insights/refresh", {}, "insights:write"],
    ] as const) {
      const res = await v1(readers, method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ error: "insufficient_scope" });
      expect(res.headers.get("www-authenticate")).toContain(scope);
    }
    expect((await me.client.get<{ projects: ProjectDto[] }>("/api/projects")).body.projects).toHaveLength(1);
  });

  it("answers 404 for another person's task or project, as if it did not exist", async () => {
    const alice = await teamPerson();
    const bob = await teamPerson();
    const task = await v1(alice.key, "POST", "/tasks", { body: { title: "Alice's", category: "General" } });
    const taskId = (task.body as { id: string }).id;
    const project = await alice.client.post<{ id: string }>("/api/projects", { name: "Alice's project" });
    const calls: [string, string, unknown?][] = [
      ["GET", `/tasks/${taskId}`],
      ["PATCH", `/tasks/${taskId}`, { title: "Bob was here" }],
      ["GET", `/tasks/${taskId}/comments`],
      ["POST", `/tasks/${taskId}/comments`, { body: "Bob was here" }],
      ["GET", `/tasks/${taskId}/time-logs`],
      ["POST", `/tasks/${taskId}/timer/start`],
      ["POST", `/tasks/${taskId}/timer/stop`],
      ["GET", `/projects/${project.body.id}`],
      ["GET", `/projects/${project.body.id}/milestones`],
      ["POST", `/tasks/${taskId}/occurrences/complete`, {}],
      ["POST", `/tasks/${taskId}/subtasks`, { title: "Bob was here" }],
      ["GET", `/tasks/${taskId}/reminders`],
      ["POST", `/tasks/${taskId}/reminders`, { before: { amount: 1, unit: "hours" } }],
      ["PUT", `/tasks/${taskId}/subtasks/order`, { ids: [] }],
      ["POST", `/projects/${project.body.id}/milestones`, { name: "Bob's" }],
      ["GET", `/insights?projectId=${project.body.id}`],
      ["DELETE", `/tasks/${taskId}`],
      ["PATCH", `/projects/${project.body.id}`, { name: "Bob's now" }],
      ["POST", `/projects/${project.body.id}/archive`],
      ["POST", `/projects/${project.body.id}/restore`],
      ["DELETE", `/projects/${project.body.id}`],
      ["DELETE", `/projects/${project.body.id}?confirm=true`],
    ];
    for (const [method, path, body] of calls) {
      const res = await v1(bob.key, method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await v1(alice.key, "GET", `/projects/${project.body.id}`)).body).toMatchObject({
      name: "Alice's project",
      archivedAt: null,
    });
    // Bob's task list by cursor never reaches Alice's tasks.
    const bobsTasks = await v1(bob.key, "GET", "/tasks");
    expect((bobsTasks.body as { tasks: unknown[]; nextCursor: null }).tasks).toEqual([]);
    const bobsProjects = await v1(bob.key, "GET", "/projects");
    expect(JSON.stringify(bobsProjects.body)).not.toContain("Alice's project");
    const milestone = await v1(alice.key, "POST", `/projects/${project.body.id}/milestones`, {
      body: { name: "Alice's milestone" },
    });
    const milestoneId = (milestone.body as { id: string }).id;
    for (const [method, body] of [
      ["PATCH", { name: "Bob's now" }],
      ["DELETE", undefined],
    ] as const) {
      expect((await v1(bob.key, method, `/milestones/${milestoneId}`, { body })).status).toBe(404);
    }
    expect((await v1(alice.key, "GET", `/projects/${project.body.id}/milestones`)).body).toMatchObject({
      milestones: [{ name: "Alice's milestone" }],
    });
    const still = await v1(alice.key, "GET", `/tasks/${taskId}`);
    expect((still.body as { task: { title: string; timerStartedAt?: unknown } }).task.title).toBe("Alice's");
    expect((await v1(alice.key, "GET", `/tasks/${taskId}/comments`)).body).toMatchObject({ comments: [] });
  });
});

describe("task list cursor", () => {
  type Page = { tasks: { id: string; title: string }[]; total: number; nextCursor: string | null };
  /** Every page of `query` by cursor, `limit` at a time. */
  async function allPages(key: string, query: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await v1(
        key,
        "GET",
        `/tasks?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body as Page;
      ids.push(...page.tasks.map((t) => t.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    return { ids, pages };
  }

  it("pages through the list in the app's order, each task once, and null after the last page", async () => {
    const me = await teamPerson();
    const day = 86_400_000;
    const now = server.clock.now().getTime();
    const specs = [
      { title: "Paged A", priority: "high", deadline: new Date(now + 2 * day).toISOString() },
      { title: "Paged B", priority: "low" },
      { title: "Paged C", priority: "medium", deadline: new Date(now + 5 * day).toISOString() },
      { title: "Paged D", priority: "high" },
      { title: "Paged E", priority: "medium" },
      { title: "Paged F", priority: "low", deadline: new Date(now + day).toISOString() },
      { title: "Paged G", priority: "medium" },
    ];
    for (const body of specs)
      expect((await v1(me.key, "POST", "/tasks", { body: { category: "General", ...body } })).status).toBe(
        201,
      );
    // The app's own list, in one page, is the order the cursor must follow.
    const app = await me.client.get<Page>("/api/tasks?limit=100");
    const order = app.body.tasks.map((t) => t.id);
    expect(order).toHaveLength(7);
    for (const limit of [1, 2, 3, 7]) {
      const { ids, pages } = await allPages(me.key, "q=Paged", limit);
      expect(ids, `limit ${limit}`).toEqual(order);
      expect(pages).toBe(Math.ceil(7 / limit));
    }
    const first = await v1(me.key, "GET", "/tasks?q=Paged&limit=3");
    expect(first.body).toMatchObject({ total: 7, limit: 3, offset: 0 });
    // Offset paging still works, as the app's does.
    const byOffset = await v1(me.key, "GET", "/tasks?q=Paged&limit=3&offset=3");
    expect((byOffset.body as Page).tasks.map((t) => t.id)).toEqual(order.slice(3, 6));
    // Filters apply on every page: the unfiltered list is paged the same way.
    const { ids: unfiltered } = await allPages(me.key, "status=todo", 4);
    expect(unfiltered).toEqual(order);
  });

  it("shifts nothing when a task is created or deleted between two pages", async () => {
    const me = await teamPerson();
    for (const title of ["Stable 1", "Stable 2", "Stable 3", "Stable 4"])
      await v1(me.key, "POST", "/tasks", { body: { title, category: "General" } });
    const order = (await me.client.get<Page>("/api/tasks?q=Stable")).body.tasks.map((t) => t.id);
    const first = (await v1(me.key, "GET", "/tasks?q=Stable&limit=2")).body as Page;
    expect(first.tasks.map((t) => t.id)).toEqual(order.slice(0, 2));
    // The first page's first task goes, and a new one (newest: it sorts first) comes.
    expect((await v1(me.key, "DELETE", `/tasks/${order[0]}`)).status).toBe(204);
    await v1(me.key, "POST", "/tasks", { body: { title: "Stable new", category: "General" } });
    const second = await v1(me.key, "GET", `/tasks?q=Stable&limit=2&cursor=${first.nextCursor}`);
    expect((second.body as Page).tasks.map((t) => t.id)).toEqual(order.slice(2, 4));
    expect((second.body as Page).nextCursor).toBeNull();
    expect((second.body as Page).total).toBe(4);
  });

  it("tells apart tasks created within the same millisecond", async () => {
    const me = await teamPerson();
    for (const title of ["Twin 1", "Twin 2", "Twin 3"])
      await v1(me.key, "POST", "/tasks", { body: { title, category: "General" } });
    await v1(me.key, "GET", "/tasks?q=Twin"); // the scores are fresh: no re-score before the pages
    const twins = await db()
      .select({ id: tasks.id, title: tasks.title })
      .from(tasks)
      .where(inArray(tasks.title, ["Twin 1", "Twin 2", "Twin 3"]));
    // Equal scores, one millisecond, microseconds apart: only the microseconds order them.
    for (const t of twins) {
      const micro = Number(t.title.slice(-1)) * 100;
      await db()
        .update(tasks)
        .set({ priorityScore: 42.5, createdAt: sql.raw(`'2026-11-01 10:00:00.000${micro}+00'::timestamptz`) })
        .where(eq(tasks.id, t.id));
    }
    const byTitle = new Map(twins.map((t) => [t.title, t.id]));
    const { ids } = await allPages(me.key, "q=Twin", 1);
    expect(ids).toEqual([byTitle.get("Twin 3"), byTitle.get("Twin 2"), byTitle.get("Twin 1")]);
  });

  it("refuses a cursor it did not make, and a cursor with an offset, with 400", async () => {
    const me = await teamPerson();
    for (const title of ["Cursor 1", "Cursor 2"])
      await v1(me.key, "POST", "/tasks", { body: { title, category: "General" } });
    const first = (await v1(me.key, "GET", "/tasks?q=Cursor&limit=1")).body as Page;
    expect(first.nextCursor).toMatch(/^t1\./);
    const forged = (parts: unknown[]) => `t1.${Buffer.from(JSON.stringify(parts)).toString("base64url")}`;
    const id = first.tasks[0]!.id;
    for (const cursor of [
      "not-a-cursor",
      "t1.%%%",
      forged([1, null, "2026-02-30 10:00:00+00", id]),
      forged([1, "2026-13-01 10:00:00+00", "2026-02-01 10:00:00+00", id]),
      forged(["1", null, "2026-02-01 10:00:00+00", id]),
      forged([1, null, "2026-02-01 10:00:00+00", "1; drop table tasks"]),
      forged([1, null, "yesterday", id]),
      "x".repeat(401),
    ]) {
      const res = await v1(me.key, "GET", `/tasks?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", fields: { cursor: expect.any(String) } });
    }
    const both = await v1(me.key, "GET", `/tasks?cursor=${first.nextCursor}&offset=1`);
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ fields: { cursor: "Send either cursor or offset, not both." } });
    // A well-formed cursor from another person's list pages the caller's own tasks only.
    const bob = await teamPerson();
    const bobs = await v1(bob.key, "GET", `/tasks?cursor=${first.nextCursor}`);
    expect(bobs.status).toBe(200);
    expect((bobs.body as Page).tasks).toEqual([]);
  });
});

describe("projects: create, change, archive, restore and delete", () => {
  it("creates a project once per Idempotency-Key, changes it, archives and restores it", async () => {
    const me = await teamPerson();
    const body = { name: "Garden", colour: "#22c55e", description: "Beds and paths", dueDate: "2026-12-31" };
    const headers = { "idempotency-key": "garden-1" };
    const made = await v1(me.key, "POST", "/projects", { body, headers });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const project = made.body as ProjectDto;
    expect(project).toMatchObject({ ...body, kind: "personal", archivedAt: null, isInbox: false });
    const again = await v1(me.key, "POST", "/projects", { body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(made.body);
    const reused = await v1(me.key, "POST", "/projects", { body: { name: "Other" }, headers });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    const mine = await me.client.get<{ projects: ProjectDto[] }>("/api/projects");
    expect(mine.body.projects.filter((p) => p.name === "Garden")).toHaveLength(1);

    const changed = await v1(me.key, "PATCH", `/projects/${project.id}`, {
      body: { name: "Garden 2027", colour: "#0ea5e9", description: null, dueDate: null },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      name: "Garden 2027",
      colour: "#0ea5e9",
      description: null,
      dueDate: null,
    });
    // The app reads the same project.
    expect((await me.client.get<ProjectDto>(`/api/projects/${project.id}`)).body.name).toBe("Garden 2027");

    const archived = await v1(me.key, "POST", `/projects/${project.id}/archive`);
    expect(archived.status).toBe(200);
    expect((archived.body as ProjectDto).archivedAt).not.toBeNull();
    const active = await v1(me.key, "GET", "/projects");
    expect(JSON.stringify(active.body)).not.toContain("Garden 2027");
    const inArchive = await v1(me.key, "GET", "/projects?archived=true");
    expect((inArchive.body as { projects: ProjectDto[] }).projects.map((p) => p.id)).toEqual([project.id]);
    // Archived is read-only: a change is refused until restored.
    const frozen = await v1(me.key, "PATCH", `/projects/${project.id}`, { body: { name: "Frozen" } });
    expect(frozen.status).toBe(403);
    const restored = await v1(me.key, "POST", `/projects/${project.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ archivedAt: null, name: "Garden 2027" });
    expect((await v1(me.key, "PATCH", `/projects/${project.id}`, { body: { name: "Thawed" } })).status).toBe(
      200,
    );
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const me = await teamPerson();
    const made = await v1(me.key, "POST", "/projects", { body: { name: "Tidy" } });
    const id = (made.body as ProjectDto).id;
    for (const body of [
      { name: "" },
      { name: "x".repeat(101) },
      { name: "Bad colour", colour: "green" },
      { name: "Bad date", dueDate: "31/12/2026" },
      { name: "Alone", restricted: true },
      { name: "Extra", owner: "someone" },
    ]) {
      const res = await v1(me.key, "POST", "/projects", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION" });
    }
    for (const body of [{}, { name: "" }, { colour: "#12" }, { restricted: true }, { archived: true }]) {
      const res = await v1(me.key, "PATCH", `/projects/${id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const projects = (await me.client.get<{ projects: ProjectDto[] }>("/api/projects")).body.projects;
    expect(projects.map((p) => p.name).sort()).toEqual(["Inbox", "Tidy"]);
    expect((await v1(me.key, "DELETE", `/projects/${id}?confirm=yes`)).status).toBe(400);
    // The Inbox stays what it is.
    const inbox = projects.find((p) => p.isInbox)!;
    expect((await v1(me.key, "PATCH", `/projects/${inbox.id}`, { body: { name: "Outbox" } })).status).toBe(
      409,
    );
    expect((await v1(me.key, "POST", `/projects/${inbox.id}/archive`)).status).toBe(409);
    expect((await v1(me.key, "DELETE", `/projects/${inbox.id}?confirm=true`)).status).toBe(409);
  });

  it("deletes a project with its tasks only once confirmed, naming how many would go", async () => {
    const me = await teamPerson();
    const project = (await v1(me.key, "POST", "/projects", { body: { name: "Move out" } }))
      .body as ProjectDto;
    const ids: string[] = [];
    for (const title of ["Boxes", "Van"]) {
      const t = await v1(me.key, "POST", "/tasks", {
        body: { title, category: "General", projectId: project.id },
      });
      ids.push((t.body as { id: string }).id);
    }
    const unconfirmed = await v1(me.key, "DELETE", `/projects/${project.id}`);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({
      code: "CONFLICT",
      detail: 'Delete "Move out" and its 2 tasks? This cannot be undone. Send confirm=true to delete it.',
      fields: { confirm: "2" },
    });
    expect((await v1(me.key, "DELETE", `/projects/${project.id}?confirm=false`)).status).toBe(409);
    expect((await v1(me.key, "GET", `/projects/${project.id}`)).status).toBe(200);
    expect((await v1(me.key, "GET", `/tasks/${ids[0]}`)).status).toBe(200);
    const deleted = await v1(me.key, "DELETE", `/projects/${project.id}?confirm=true`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true, deletedTasks: 2 });
    expect((await v1(me.key, "GET", `/projects/${project.id}`)).status).toBe(404);
    for (const id of ids) expect((await v1(me.key, "GET", `/tasks/${id}`)).status).toBe(404);
    expect((await v1(me.key, "DELETE", `/projects/${project.id}?confirm=true`)).status).toBe(404);
  });

  it("follows the team's permission table, as the app does", async () => {
    const owner = await teamPerson();
    const teamId = (await owner.client.get<TeamResponse>("/api/team")).body.team!.id;
    const memberPerson = await createVerifiedUser(server);
    const memberId = (await memberPerson.client.get<{ id: string }>("/api/me")).body.id;
    await db()
      .insert(member)
      .values({ id: randomUUID(), organizationId: teamId, userId: memberId, role: "member" });
    const mate = await withKey(memberPerson.client);
    const shared = await v1(owner.key, "POST", "/projects", { body: { name: "Shared", teamId } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    expect(shared.body).toMatchObject({ kind: "team", teamId, ownerId: null });
    const id = (shared.body as ProjectDto).id;
    // A member sees the team's project but may not manage it: the API answers what the app answers.
    expect((await v1(mate.key, "GET", `/projects/${id}`)).status).toBe(200);
    const calls: [string, string, string, unknown?][] = [
      ["PATCH", `/projects/${id}`, `/api/projects/${id}`, { name: "Mine now" }],
      ["POST", `/projects/${id}/archive`, `/api/projects/${id}/archive`],
      ["DELETE", `/projects/${id}?confirm=true`, `/api/projects/${id}?confirm=true`],
      ["POST", "/projects", "/api/projects", { name: "Member's", teamId }],
    ];
    for (const [method, path, appPath, body] of calls) {
      const api = await v1(mate.key, method, path, { body });
      const app = await memberPerson.client.request(
        method,
        appPath,
        body === undefined ? {} : { json: body },
      );
      expect(api.status, `${method} ${path}`).toBe(app.status);
      expect(api.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
    expect((await v1(owner.key, "GET", `/projects/${id}`)).body).toMatchObject({
      name: "Shared",
      archivedAt: null,
    });
    // Someone outside the team cannot create in it.
    const stranger = await teamPerson();
    const outside = await v1(stranger.key, "POST", "/projects", { body: { name: "Intruder", teamId } });
    expect(outside.status).toBe(404);
  });
});

describe("the plan: propose, accept and reject", () => {
  // Monday 11 May 2026, 07:00 in Berlin.
  const NOW = "2026-05-11T05:00:00.000Z";
  const week = { 1: [{ start: "09:00", end: "17:00" }], 2: [{ start: "09:00", end: "17:00" }] };

  async function planner() {
    server.clock.set(NOW);
    const me = await teamPerson();
    const prefs = await me.client.put("/api/planner/preferences", {
      ...DEFAULT_WORKING_PREFERENCES,
      timeZone: "Europe/Berlin",
      workingHours: week,
    });
    expect(prefs.status, JSON.stringify(prefs.body)).toBe(200);
    for (const [title, estimatedMinutes] of [
      ["Report", 120],
      ["Slides", 60],
      ["Review", 60],
    ] as const)
      await v1(me.key, "POST", "/tasks", { body: { title, category: "General", estimatedMinutes } });
    return me;
  }

  it("proposes a week that changes nothing until accepted, accepts one block, rejects one, then accepts the rest", async () => {
    const me = await planner();
    const proposed = await v1(me.key, "POST", "/plan/proposal", { body: { scope: "week" } });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const plan = proposed.body as PlanResponse;
    expect(plan.proposal?.scope).toBe("week");
    expect(plan.blocks).toEqual([]);
    expect(plan.proposed.length).toBeGreaterThanOrEqual(3);
    // The app's Calendar shows the same proposal.
    const seen = await me.client.get<PlanResponse>("/api/planner/plan");
    expect(seen.body.proposed.map((b) => b.id)).toEqual(plan.proposed.map((b) => b.id));

    const [one, two, ...rest] = plan.proposed;
    const accepted = await v1(me.key, "POST", `/plan/blocks/${one!.id}/accept`);
    expect(accepted.status).toBe(200);
    expect((accepted.body as PlanResponse).blocks.map((b) => b.id)).toContain(one!.id);
    expect((await v1(me.key, "POST", `/plan/blocks/${one!.id}/accept`)).status).toBe(409);
    const rejected = await v1(me.key, "POST", `/plan/blocks/${two!.id}/reject`);
    expect(rejected.status).toBe(200);
    const afterReject = rejected.body as PlanResponse;
    expect(afterReject.proposed.map((b) => b.id)).toEqual(rest.map((b) => b.id));
    expect([...afterReject.blocks, ...afterReject.proposed].map((b) => b.id)).not.toContain(two!.id);
    expect((await v1(me.key, "POST", `/plan/blocks/${two!.id}/reject`)).status).toBe(404);

    const all = await v1(me.key, "POST", "/plan/proposal/accept");
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ accepted: rest.length, removed: 0 });
    const now = await v1(me.key, "GET", "/plan");
    expect((now.body as PlanResponse).proposed).toEqual([]);
    expect((now.body as PlanResponse).blocks).toHaveLength(rest.length + 1);
    const nothing = await v1(me.key, "POST", "/plan/proposal/accept");
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ code: "CONFLICT" });
  });

  it("plans a day, drops a proposal, and refuses bad input with nothing changed", async () => {
    const me = await planner();
    const day = await v1(me.key, "POST", "/plan/proposal?tz=Europe/Berlin", {
      body: { scope: "day", startDate: "2026-05-12" },
    });
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    const plan = day.body as PlanResponse;
    expect(plan.proposal).toMatchObject({ scope: "day", startDate: "2026-05-12", days: 1 });
    expect(plan.proposed.length).toBeGreaterThan(0);
    for (const b of plan.proposed) expect(b.start.slice(0, 10)).toBe("2026-05-12");
    for (const [query, body] of [
      ["", { scope: "year" }],
      ["", { scope: "day", startDate: "12/05/2026" }],
      ["", { scope: "week", days: 0 }],
      ["", { scope: "week", extra: true }],
      ["?tz=Not/AZone", { scope: "week" }],
      ["?zone=UTC", { scope: "week" }],
    ] as const) {
      const res = await v1(me.key, "POST", `/plan/proposal${query}`, { body });
      expect(res.status, `${query} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await v1(me.key, "GET", "/plan")).body).toMatchObject({
      proposal: { scope: "day", startDate: "2026-05-12" },
    });
    expect((await v1(me.key, "POST", `/plan/blocks/${missingId}/accept`)).status).toBe(404);
    expect((await v1(me.key, "POST", "/plan/blocks/not-an-id/reject")).status).toBe(404);
    const dropped = await v1(me.key, "DELETE", "/plan/proposal");
    expect(dropped.status).toBe(200);
    expect(dropped.body).toMatchObject({ proposal: null, proposed: [], blocks: [] });
  });
});

describe("insights: refresh", () => {
  it("refreshes as the page's button does, and refuses a bad time zone", async () => {
    const me = await teamPerson();
    const task = await v1(me.key, "POST", "/tasks", { body: { title: "Refreshing", category: "General" } });
    const id = (task.body as { id: string }).id;
    expect((await v1(me.key, "PATCH", `/tasks/${id}`, { body: { status: "completed" } })).status).toBe(200);
    const fresh = await v1(me.key, "POST", "/insights/refresh", { body: { tz: "Europe/Paris" } });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body).toMatchObject({ rangeDays: 30, metrics: { totalTasks: 1 } });
    const page = await me.client.get<{ metrics: unknown }>("/api/ai-insights?tz=Europe/Paris");
    expect((fresh.body as { metrics: unknown }).metrics).toEqual(page.body.metrics);
    expect((await v1(me.key, "POST", "/insights/refresh", { body: { tz: "Not/AZone" } })).status).toBe(400);
    expect((await v1(me.key, "POST", "/insights/refresh", { body: { zone: "UTC" } })).status).toBe(400);
    expect((await v1(me.key, "POST", "/insights/refresh", { body: {} })).status).toBe(200);
  });

  it("shares the page's refresh limit: past it, 429 with Retry-After from either", async () => {
    const me = await teamPerson();
    // Two refreshes from the page's button, three from the API: the person's five.
    for (let i = 0; i < 2; i++)
      expect((await me.client.post("/api/ai-insights/refresh", {})).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await v1(me.key, "POST", "/insights/refresh", { body: {} })).status).toBe(200);
    const limited = await v1(me.key, "POST", "/insights/refresh", { body: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect((await me.client.post("/api/ai-insights/refresh", {})).status).toBe(429);
    // Reading the summary is not refreshing it.
    expect((await v1(me.key, "GET", "/insights")).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("documents the very contracts the handlers read their bodies with", () => {
    const bodyOf = (id: string) => V1_OPERATIONS.find((o) => o.operationId === id)!;
    expect((bodyOf("createTask") as { body: unknown }).body).toBe(taskCreateBody);
    expect((bodyOf("updateTask") as { body: unknown }).body).toBe(taskUpdateBody);
    expect((bodyOf("createTaskComment") as { body: unknown }).body).toBe(commentBody);
  });

  it("is a valid OpenAPI 3.1 document, and the reference page lists every operation", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");

    const page = await fetch(`${server.baseUrl}/api/v1/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    for (const [path, methods] of Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string }>>,
    )) {
      for (const op of Object.values(methods)) {
        expect(html).toContain(`id="op-${op.operationId}"`);
        expect(html).toContain(`/api/v1${path}`);
      }
    }
  });

  it("describes every answer this file received, and every operation answered at least once", async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/v1/openapi.json`)).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(doc.components.schemas.Problem, "#/components/schemas/Problem");
    const resolve = (schema: { $ref?: string }) =>
      schema.$ref === "#/components/schemas/Problem" ? doc.components.schemas.Problem : schema;
    const operations = Object.entries(
      doc.paths as Record<
        string,
        Record<
          string,
          {
            operationId: string;
            responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
          }
        >
      >,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method,
        op,
        pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
      })),
    );
    const answered = new Set<string>();
    let checked = 0;
    for (const a of answers) {
      const match = operations.find((o) => o.method === a.method && o.pattern.test(a.path));
      if (!match) continue; // an address the API does not have (the 404 test)
      const response = match.op.responses[String(a.status)];
      expect(response, `${a.method} ${a.path} answered ${a.status}, not in the document`).toBeDefined();
      if (a.status === 204 || a.status === 304) {
        // No content: the document says none, and none came.
        expect(response!.content, `${a.method} ${a.path} ${a.status}`).toBeUndefined();
        expect(a.body).toBe("");
        checked++;
        if (a.status === 204) answered.add(match.op.operationId);
        continue;
      }
      const [mediaType, content] = Object.entries(response!.content!)[0]!;
      expect(a.contentType.startsWith(mediaType), `${a.method} ${a.path}: ${a.contentType}`).toBe(true);
      const validate = ajv.compile(resolve(content.schema));
      const ok = validate(a.body);
      expect(ok, `${a.method} ${a.path} ${a.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      checked++;
      if (a.status < 300) answered.add(match.op.operationId);
    }
    expect(checked).toBeGreaterThan(50);
    const documented = operations.map((o) => o.op.operationId).sort();
    expect([...answered].sort()).toEqual(documented);
  });
});
