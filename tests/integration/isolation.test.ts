// Isolation between people: B (signed in, on the Team plan, with data of their own) tries every API
// route that takes an id on A's data, in its path or in its body, and is refused with 404 or 403, the
// usual error body, nothing of A's in the answer and nothing changed in the database. The case tables
// are checked against the route rules and the body schemas, so a new id route or id field without a
// case fails here. Positive controls at the end prove the
// ids are A's real ones: the same calls by A (or by the invited person, or an administrator) work.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session as sessionTable, user as userTable } from "#server/db/schema/auth.ts";
import { calendarConnections } from "#server/db/schema/calendar.ts";
import { saveConnectionTokens } from "#server/modules/calendar-integrations/connection-tokens.ts";
import { createNotification } from "#server/modules/notifications/notifications.ts";
import type { LocalCheckoutDto } from "#shared/contracts/billing.ts";
import type { ActiveSessionsResponse } from "#shared/contracts/sessions.ts";
import type { PomodoroSessionDto, TaskDto } from "#shared/contracts/tasks.ts";
import type { InvitationPreview, TeamResponse } from "#shared/contracts/team.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { dbFingerprint } from "../support/db-fingerprint.ts";
import { createVerifiedUser, userData } from "../support/factories.ts";
import { AUTH_BODY_SCHEMAS, bodyKeys, OWN_BODY_SCHEMAS } from "../support/route-bodies.ts";
import { RULES } from "../support/route-rules.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { waitFor } from "../support/wait-for.ts";

type Person = Awaited<ReturnType<typeof createVerifiedUser>>;

/** A's ids, one for every kind of thing an id route names. */
type Ids = {
  /** A task whose timer ran and was stopped: it has a closed time log. */
  task: string;
  /** A task whose timer is running now (open time log). */
  runningTask: string;
  pomodoro: string;
  /** A local checkout that was started and not paid. */
  checkout: string;
  /** A pending invitation to D, who has not signed up. */
  pendingInvitation: string;
  /** C's invitation, already accepted. */
  acceptedInvitation: string;
  /** C's membership row in A's team, and A's own (owner) row. */
  memberC: string;
  memberA: string;
  userA: string;
  /** A's signed-in session (its row id, as the Active sessions list names it). */
  sessionA: string;
  /** An unread notification of A's. */
  notification: string;
  /** A's connected calendar (stored as a connect would store it; no provider is called). */
  calendarConnection: string;
  /** One of A's AI recommendations, not applied. */
  recommendation: string;
  /** A's workflow, and one of its runs. */
  workflow: string;
  execution: string;
};

let server: TestServer;
let a: Person;
let b: Person;
let c: Person;
let d: ReturnType<typeof userData>;
let ids: Ids;
/** Everything of A's that must never show up in an answer to B. */
let secrets: string[];

const db = () => server.kairo.deps.database.db;
// B's own session row changes as B calls (Better Auth's renewal, the last-activity record): that is
// not A's data, so the session table is left out of the fingerprint and A's own session rows are
// compared on their own.
const fingerprint = () => dbFingerprint(db(), ["session"]);
const sessionsOfA = () => db().select().from(sessionTable).where(eq(sessionTable.userId, ids.userA));

async function checkout(client: TestClient, plan: "pro" | "team", quantity: number): Promise<string> {
  const res = await client.post<{ url: string }>("/api/billing/checkout", {
    plan,
    quantity,
    billing: "monthly",
    successUrl: `${server.baseUrl}/dashboard?upgrade=success`,
    cancelUrl: `${server.baseUrl}/dashboard?upgrade=cancelled`,
  });
  expect(res.status).toBe(201);
  return new URL(res.body.url).pathname.split("/").pop()!;
}

async function buyTeam(client: TestClient, seats: number) {
  const id = await checkout(client, "team", seats);
  expect((await client.post(`/api/billing/checkout-sessions/${id}/pay`)).status).toBe(200);
}

function invitationIdFor(to: string): string {
  const mail = server.outbox.list().find((m) => m.to === to && /invited/i.test(m.subject));
  const id = mail?.text.match(/\/team\/invite\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`no invitation link for ${to}`);
  return id;
}

async function createTask(client: TestClient, title: string): Promise<string> {
  const res = await client.post<TaskDto>("/api/tasks", { title, estimatedMinutes: 30 });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A calendar connection of A's with sealed tokens, as the OAuth callback leaves one. */
async function connectCalendarOf(userId: string): Promise<string> {
  const [row] = await db()
    .insert(calendarConnections)
    .values({
      userId,
      provider: "google",
      calendarEmail: "amelia-calendar@example.com",
      calendarName: "Amelia work",
    })
    .returning({ id: calendarConnections.id });
  await saveConnectionTokens(db(), server.kairo.deps.secretBox, userId, row!.id, {
    accessToken: "amelia-access-token",
    refreshToken: "amelia-refresh-token",
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return row!.id;
}

type Call = { path: string; json?: unknown };
type Case = {
  /** What B is told: 404 where the thing simply is not B's, 403 where the route says why. */
  status: 403 | 404;
  code: "NOT_FOUND" | "FORBIDDEN";
  /** One or more calls on A's ids, each with a body that would be valid for an owner. */
  calls: (ids: Ids) => Call[];
};

const CASES: Record<string, Case> = {
  "POST /api/calendar-integrations/connections/:id/sync": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/calendar-integrations/connections/${i.calendarConnection}/sync`, json: {} }],
  },
  "DELETE /api/calendar-integrations/connections/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/calendar-integrations/connections/${i.calendarConnection}` }],
  },
  "POST /api/ai-insights/recommendations/:id/apply": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/ai-insights/recommendations/${i.recommendation}/apply`, json: { tz: "UTC" } },
    ],
  },
  "POST /api/ai-insights/schedule/:id/postpone": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/ai-insights/schedule/${i.task}/postpone`, json: { days: 7, tz: "UTC" } }],
  },
  "PATCH /api/workflows/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/workflows/${i.workflow}`, json: { isActive: false } },
      { path: `/api/workflows/${i.workflow}`, json: { isActive: true } },
    ],
  },
  "DELETE /api/workflows/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/workflows/${i.workflow}` }],
  },
  "GET /api/workflow-executions/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/workflow-executions/${i.execution}` }],
  },
  "PATCH /api/tasks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/tasks/${i.task}`, json: { title: "Taken over by B", completed: true } },
      // Completing a running task would also stop its timer.
      { path: `/api/tasks/${i.runningTask}`, json: { status: "completed" } },
    ],
  },
  "DELETE /api/tasks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}` }, { path: `/api/tasks/${i.runningTask}` }],
  },
  "POST /api/tasks/:id/timer/start": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/timer/start`, json: {} }],
  },
  "POST /api/tasks/:id/timer/stop": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.runningTask}/timer/stop`, json: {} }],
  },
  "GET /api/tasks/:id/time-logs": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/tasks/${i.task}/time-logs` },
      { path: `/api/tasks/${i.runningTask}/time-logs` },
    ],
  },
  "POST /api/pomodoro-sessions/:id/complete": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/pomodoro-sessions/${i.pomodoro}/complete`, json: {} }],
  },
  "GET /api/billing/checkout-sessions/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/billing/checkout-sessions/${i.checkout}` }],
  },
  "POST /api/billing/checkout-sessions/:id/pay": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/billing/checkout-sessions/${i.checkout}/pay`, json: {} }],
  },
  "POST /api/billing/checkout-sessions/:id/cancel": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/billing/checkout-sessions/${i.checkout}/cancel`, json: {} }],
  },
  // The invitation preview is for the invited person only: anyone else gets a 403 that names
  // neither the team, the inviter nor the invited address (see the dedicated test below).
  "GET /api/team/invitations/:id": {
    status: 403,
    code: "FORBIDDEN",
    calls: (i) => [
      { path: `/api/team/invitations/${i.pendingInvitation}` },
      { path: `/api/team/invitations/${i.acceptedInvitation}` },
    ],
  },
  "POST /api/team/invitations/:id/accept": {
    status: 403,
    code: "FORBIDDEN",
    calls: (i) => [
      { path: `/api/team/invitations/${i.pendingInvitation}/accept`, json: {} },
      { path: `/api/team/invitations/${i.acceptedInvitation}/accept`, json: {} },
    ],
  },
  // B owns a team of their own, so B passes the feature gate and the owner check: the refusal is
  // that the invitation or member is not in B's team.
  "DELETE /api/team/invitations/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/team/invitations/${i.pendingInvitation}` },
      { path: `/api/team/invitations/${i.acceptedInvitation}` },
    ],
  },
  "DELETE /api/team/members/:memberId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/team/members/${i.memberC}` }, { path: `/api/team/members/${i.memberA}` }],
  },
  "DELETE /api/account/sessions/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/account/sessions/${i.sessionA}` }],
  },
  // B is no administrator.
  "PUT /api/admin/users/:id/role": {
    status: 403,
    code: "FORBIDDEN",
    calls: (i) => [{ path: `/api/admin/users/${i.userA}/role`, json: { role: "user" } }],
  },
  "POST /api/admin/users/:id/ban": {
    status: 403,
    code: "FORBIDDEN",
    calls: (i) => [{ path: `/api/admin/users/${i.userA}/ban`, json: { reason: "B says so" } }],
  },
  "POST /api/admin/users/:id/unban": {
    status: 403,
    code: "FORBIDDEN",
    calls: (i) => [{ path: `/api/admin/users/${i.userA}/unban`, json: {} }],
  },
  "PUT /api/admin/users/:id/plan": {
    status: 403,
    code: "FORBIDDEN",
    calls: (i) => [{ path: `/api/admin/users/${i.userA}/plan`, json: { plan: "free" } }],
  },
};

/**
 * Ids carried in request bodies, "<route> <field>" → the case: B sends A's id in that field. Found
 * from the body schemas (tests/support/route-bodies.ts, which bad-input-property.test.ts proves
 * complete): every field named `id` or `...Id(s)`.
 */
const BODY_ID_CASES: Record<string, Case> = {
  // Marking read names notifications: one of someone else's makes the whole call a 404.
  "POST /api/notifications/read ids": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: "/api/notifications/read", json: { ids: [i.notification] } }],
  },
  // A Pomodoro session may name the task it is for: only one of the caller's own.
  "POST /api/pomodoro-sessions taskId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      {
        path: "/api/pomodoro-sessions",
        json: { durationMinutes: 25, breakDurationMinutes: 5, taskId: i.task },
      },
      {
        path: "/api/pomodoro-sessions",
        json: { durationMinutes: 45, breakDurationMinutes: 10, taskId: i.runningTask },
      },
    ],
  },
};

/** Body fields named like ids that name nobody's data, and why. */
const NOT_RECORD_IDS: Record<string, string> = {
  "POST /api/workflows templateId": "a template of the built-in catalogue, the same for everyone",
  "POST /api/billing/checkout priceId": "a plan's price in the public catalogue, the same for everyone",
};

const ID_FIELD = /^(ids?|\w+Ids?)$/;
const bodyIdFields = () =>
  Object.entries({ ...OWN_BODY_SCHEMAS, ...AUTH_BODY_SCHEMAS })
    .flatMap(([route, schema]) =>
      bodyKeys(schema)
        .filter((key) => ID_FIELD.test(key))
        .map((key) => `${route} ${key}`),
    )
    .sort();

beforeAll(async () => {
  server = await startTestServer();

  // A: Team with 3 seats (A, C who joined, D still invited), tasks with time logs, a Pomodoro
  // session, and a checkout started and left unpaid.
  a = await createVerifiedUser(server, { name: "Amelia Isolated" });
  await buyTeam(a.client, 3);
  const task = await createTask(a.client, "Amelia secret plan");
  expect((await a.client.post(`/api/tasks/${task}/timer/start`)).status).toBe(200);
  expect((await a.client.post(`/api/tasks/${task}/timer/stop`)).status).toBe(200);
  const runningTask = await createTask(a.client, "Amelia running errand");
  expect((await a.client.post(`/api/tasks/${runningTask}/timer/start`)).status).toBe(200);
  const pomodoro = await a.client.post<PomodoroSessionDto>("/api/pomodoro-sessions", {
    durationMinutes: 25,
    breakDurationMinutes: 5,
    taskId: task,
  });
  expect(pomodoro.status).toBe(201);
  const openCheckout = await checkout(a.client, "team", 5);

  const cData = userData({ name: "Cyrus Joined" });
  d = userData({ name: "Dana Invited" });
  for (const email of [cData.email, d.email]) {
    expect((await a.client.post("/api/team/invitations", { email })).status).toBe(201);
  }
  c = await createVerifiedUser(server, cData);
  const acceptedInvitation = invitationIdFor(c.email);
  expect((await c.client.post(`/api/team/invitations/${acceptedInvitation}/accept`)).status).toBe(200);

  const team = (await a.client.get<TeamResponse>("/api/team")).body.team!;
  expect(team).toMatchObject({ seats: 3, seatsUsed: 3, isOwner: true });
  const me = await a.client.get<{ id: string }>("/api/me");
  const insights = await a.client.get<{ recommendations: { id: string }[] }>("/api/ai-insights");
  expect(insights.status).toBe(200);
  ids = {
    recommendation: insights.body.recommendations[0]!.id,
    task,
    runningTask,
    pomodoro: pomodoro.body.id,
    checkout: openCheckout,
    pendingInvitation: invitationIdFor(d.email),
    acceptedInvitation,
    memberC: team.members.find((m) => m.email === c.email)!.id,
    memberA: team.members.find((m) => m.role === "owner")!.id,
    userA: me.body.id,
    sessionA: (await a.client.get<ActiveSessionsResponse>("/api/account/sessions")).body.sessions[0]!.id,
    ...(await workflowWithRun(a.client)),
    notification: (
      await createNotification({
        db: db(),
        events: server.kairo.deps.events,
        userId: me.body.id,
        kind: "workflow",
        title: "Amelia secret notice",
      })
    ).id,
    calendarConnection: await connectCalendarOf(me.body.id),
  };
  expect(team.invitations.map((i) => i.id)).toEqual([ids.pendingInvitation]);
  secrets = [
    ...Object.values(ids),
    a.email,
    a.name,
    "Amelia",
    team.name,
    c.email,
    c.name,
    d.email,
    d.name,
    "Amelia secret plan",
    "amelia-calendar@example.com",
    "Amelia work",
    "Amelia running errand",
    "Amelia secret notice",
    "Amelia secret automation",
  ];

  // B: signed in, on Team (a team of their own, so no feature gate hides anything), with a task.
  b = await createVerifiedUser(server, { name: "Bruno Outsider" });
  await buyTeam(b.client, 2);
  await createTask(b.client, "Bruno's own task");
  expect((await b.client.get<TeamResponse>("/api/team")).body.team).toMatchObject({ isOwner: true });
}, 60_000);
afterAll(() => server?.close());

/** A workflow of A's that ran once (completing the task triggers it), and that run. */
async function workflowWithRun(client: TestClient) {
  await server.kairo.deps.jobs.start();
  const taskId = await createTask(client, "Amelia workflow trigger");
  const created = await client.post<{ id: string }>("/api/workflows", {
    name: "Amelia secret automation",
    triggerType: "task_status",
    triggerConfig: { toStatus: "completed" },
    actions: [{ type: "send_notification", config: { title: "Done: {{task.title}}" } }],
  });
  expect(created.status).toBe(201);
  expect((await client.patch(`/api/tasks/${taskId}`, { status: "completed" })).status).toBe(200);
  const list = await waitFor(
    () => client.get<{ executions: { id: string; status: string }[] }>("/api/workflow-executions"),
    (r) => r.body.executions[0]?.status === "completed",
    { what: "A's workflow run" },
  );
  const execution = list.body.executions[0]!.id;
  await server.kairo.deps.jobs.stop();
  return { workflow: created.body.id, execution };
}

/** The id routes of the route rules: every rule whose path has a ":" parameter. */
const idRoutes = () =>
  Object.keys(RULES)
    .filter((route) => route.split(" ")[1]!.includes(":"))
    .sort();

describe("the isolation case table", () => {
  it("covers exactly the id routes of the route rules", () => {
    expect(idRoutes().length).toBeGreaterThan(0);
    expect(Object.keys(CASES).sort()).toEqual(idRoutes());
  });

  it("covers every id carried in a request body", () => {
    expect(bodyIdFields().length).toBeGreaterThan(0);
    expect([...Object.keys(BODY_ID_CASES), ...Object.keys(NOT_RECORD_IDS)].sort()).toEqual(bodyIdFields());
  });

  it("and those are exactly the id routes the app serves", () => {
    const served = [
      ...new Set(
        server.kairo.app.routes
          .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && r.path.includes(":"))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ].sort();
    expect(served).toEqual(idRoutes());
  });
});

const ALL_CASES: Record<string, Case> = { ...CASES, ...BODY_ID_CASES };

describe("B cannot reach A's data through any id route or id in a body", () => {
  it.each(Object.keys(ALL_CASES).sort())("%s", async (route) => {
    const [method] = route.split(" ") as [string, string];
    const rule = ALL_CASES[route]!;
    for (const call of rule.calls(ids)) {
      const before = await fingerprint();
      const aBefore = await sessionsOfA();
      const res = await b.client.request<ErrorBody>(method, call.path, { json: call.json });
      const after = await fingerprint();
      expect(await sessionsOfA(), `${method} ${call.path} changed A's sessions`).toEqual(aBefore);

      expect(res.status, `${method} ${call.path}`).toBe(rule.status);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(res.body).toEqual({ error: { code: rule.code, message: expect.any(String) } });
      expect(res.body.error.message.length).toBeGreaterThan(0);
      expect(after, `${method} ${call.path} changed the database`).toEqual(before);

      // Nothing of A's comes back (the id B sent in the path aside: B knows it already).
      const text = JSON.stringify(res.body);
      for (const secret of secrets.filter((s) => !call.path.includes(s))) {
        expect(text, `${method} ${call.path} leaks ${secret}`).not.toContain(secret);
      }
    }
  });
});

describe("special cases", () => {
  it("the invitation preview tells someone else only that it is not theirs", async () => {
    const res = await b.client.get<ErrorBody>(`/api/team/invitations/${ids.pendingInvitation}`);
    expect(res.status).toBe(403);
    // Exactly this: no team name, inviter, invited address, status or expiry.
    expect(res.body).toEqual({
      error: {
        code: "FORBIDDEN",
        message:
          "This invitation was sent to a different email address. Sign in with that address to accept it.",
      },
    });
  });

  it("B's refused accept leaves B outside A's team and A's team as it was", async () => {
    const res = await b.client.post<ErrorBody>(`/api/team/invitations/${ids.pendingInvitation}/accept`);
    expect(res.status).toBe(403);
    const team = (await a.client.get<TeamResponse>("/api/team")).body.team!;
    expect(team.members.map((m) => m.email).sort()).toEqual([a.email, c.email].sort());
    expect(team.invitations.map((i) => i.id)).toEqual([ids.pendingInvitation]);
    const bTeam = (await b.client.get<TeamResponse>("/api/team")).body.team!;
    expect(bTeam.members.map((m) => m.email)).toEqual([b.email]);
  });
});

// Runs after the refusals above (tests in a file run in order): these calls change A's data.
describe("positive controls: the same ids work for their owner", () => {
  it("A disconnects the calendar B could not", async () => {
    const res = await a.client.delete(`/api/calendar-integrations/connections/${ids.calendarConnection}`);
    expect(res.status).toBe(200);
  });

  it("A reads the time logs and the checkout", async () => {
    const logs = await a.client.get<{ timeLogs: Array<{ id: string }> }>(`/api/tasks/${ids.task}/time-logs`);
    expect(logs.status).toBe(200);
    expect(logs.body.timeLogs).toHaveLength(1);
    const running = await a.client.get<{ timeLogs: unknown[] }>(`/api/tasks/${ids.runningTask}/time-logs`);
    expect(running.status).toBe(200);
    expect(running.body.timeLogs).toHaveLength(1);
    const shown = await a.client.get<LocalCheckoutDto>(`/api/billing/checkout-sessions/${ids.checkout}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ plan: "team", seats: 5, status: "open" });
  });

  it("A changes tasks, timers, the Pomodoro session and the checkout", async () => {
    expect((await a.client.post(`/api/tasks/${ids.runningTask}/timer/stop`)).status).toBe(200);
    expect((await a.client.post(`/api/tasks/${ids.task}/timer/start`)).status).toBe(200);
    const before = await fingerprint();
    const patched = await a.client.patch<TaskDto>(`/api/tasks/${ids.task}`, { title: "Renamed by A" });
    expect(patched.status).toBe(200);
    expect(patched.body.title).toBe("Renamed by A");
    // The fingerprint the refusals were checked with does see a change of one title.
    expect(await fingerprint()).not.toEqual(before);
    expect((await a.client.post(`/api/pomodoro-sessions/${ids.pomodoro}/complete`)).status).toBe(200);
    expect((await a.client.post(`/api/billing/checkout-sessions/${ids.checkout}/cancel`)).status).toBe(200);
    // The checkout is found (it is cancelled now), not missing.
    expect((await a.client.post(`/api/billing/checkout-sessions/${ids.checkout}/pay`)).status).toBe(409);
    expect((await a.client.delete(`/api/tasks/${ids.runningTask}`)).status).toBe(204);
  });

  it("the invited person previews and accepts; A manages the team", async () => {
    const dana = await createVerifiedUser(server, d);
    const preview = await dana.client.get<InvitationPreview>(
      `/api/team/invitations/${ids.pendingInvitation}`,
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ inviterName: a.name, status: "pending" });
    const accepted = await dana.client.post(`/api/team/invitations/${ids.pendingInvitation}/accept`);
    expect(accepted.status).toBe(200);
    // Both invitations are A's (found, already accepted), and C's membership is A's to remove.
    for (const id of [ids.pendingInvitation, ids.acceptedInvitation]) {
      const revoke = await a.client.delete<ErrorBody>(`/api/team/invitations/${id}`);
      expect(revoke.status).toBe(409);
      expect(revoke.body.error.message).toMatch(/already been accepted/);
    }
    const removed = await a.client.delete<TeamResponse>(`/api/team/members/${ids.memberC}`);
    expect(removed.status).toBe(200);
    expect(removed.body.team!.members.map((m) => m.email)).toEqual([a.email, dana.email]);
    const owner = await a.client.delete<ErrorBody>(`/api/team/members/${ids.memberA}`);
    expect(owner.status).toBe(409);
  });

  it("A starts a Pomodoro for a task of their own and signs out a session of their own by its id", async () => {
    const started = await a.client.post<PomodoroSessionDto>("/api/pomodoro-sessions", {
      durationMinutes: 25,
      breakDurationMinutes: 5,
      taskId: ids.task,
    });
    expect(started.status).toBe(201);
    expect(started.body.taskId).toBe(ids.task);
    const laptop = new TestClient(server.baseUrl);
    expect(
      (await laptop.post("/api/auth/sign-in/email", { email: a.email, password: a.password })).status,
    ).toBe(200);
    const sessions = (await a.client.get<ActiveSessionsResponse>("/api/account/sessions")).body.sessions;
    const other = sessions.find((s) => !s.current)!;
    expect((await a.client.delete(`/api/account/sessions/${other.id}`)).status).toBe(204);
    expect((await laptop.get("/api/me")).status).toBe(401);
    expect(sessions.map((s) => s.id)).toContain(ids.sessionA);
  });

  it("an administrator reaches A through the admin id routes", async () => {
    const admin = await createVerifiedUser(server, { name: "Ada Admin" });
    await db().update(userTable).set({ role: "admin" }).where(eq(userTable.email, admin.email));
    const role = await admin.client.request<{ id: string; email: string }>(
      "PUT",
      `/api/admin/users/${ids.userA}/role`,
      { json: { role: "user" } },
    );
    expect(role.status).toBe(200);
    expect(role.body).toMatchObject({ id: ids.userA, email: a.email });
    expect((await admin.client.post(`/api/admin/users/${ids.userA}/ban`, { reason: "test" })).status).toBe(
      200,
    );
    expect((await admin.client.post(`/api/admin/users/${ids.userA}/unban`, {})).status).toBe(200);
    const plan = await admin.client.request("PUT", `/api/admin/users/${ids.userA}/plan`, {
      json: { plan: "pro" },
    });
    expect(plan.status).toBe(200);
  });
});
