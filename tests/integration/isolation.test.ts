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
import { oauthGrants } from "#server/db/schema/platform.ts";
import { pushSubscriptions } from "#server/db/schema/push.ts";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import { saveConnectionTokens } from "#server/modules/calendar-integrations/connection-tokens.ts";
import { createNotification } from "#server/modules/notifications/notifications.ts";
import type { LocalCheckoutDto } from "#shared/contracts/billing.ts";
import type { CreatedApiKeyResponse, CreatedAppResponse } from "#shared/contracts/platform.ts";
import type { MilestoneDto, ProjectDto } from "#shared/contracts/projects.ts";
import type { ActiveSessionsResponse } from "#shared/contracts/sessions.ts";
import type { PomodoroSessionDto, TaskDto } from "#shared/contracts/tasks.ts";
import type { InvitationPreview, TeamAnalyticsResponse, TeamResponse } from "#shared/contracts/team.ts";
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
  /** A browser A turned notifications on in (Web Push). */
  pushSubscription: string;
  /** An OAuth app of A's team, an API key of A's, and A's grant to the app (issue 26). */
  oauthApp: string;
  apiKey: string;
  oauthGrant: string;
  /** A's webhook endpoint, and a message queued for it. */
  webhook: string;
  webhookDelivery: string;
  /** A's workflow, and one of its runs. */
  workflow: string;
  /** A's comment on `task`. */
  comment: string;
  /** A subtask of A's on `task`. */
  subtask: string;
  /** A's reminder on `task`. */
  reminder: string;
  execution: string;
  /** A block of A's proposed plan (Plan my week). */
  planBlock: string;
  /** A's team, C's user id, a restricted project of the team open to C, and a milestone of it. */
  teamA: string;
  userC: string;
  project: string;
  milestone: string;
};

/** B's own things, for the calls that carry A's ids in a body on something of B's. */
let own: { task: string; project: string };

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
  /**
   * What B is told: 404 where the thing simply is not B's, 403 where the route says why, 400 where
   * an id in a body is refused as a field of B's own thing (a milestone of another project, an
   * assignee or project member who is not in B's team).
   */
  status: 400 | 403 | 404 | 409;
  code: "NOT_FOUND" | "FORBIDDEN" | "VALIDATION" | "CONFLICT";
  /** One or more calls on A's ids, each with a body that would be valid for an owner. */
  calls: (ids: Ids) => Call[];
};

const CASES: Record<string, Case> = {
  "POST /api/planner/blocks/:id/accept": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/planner/blocks/${i.planBlock}/accept`, json: {} }],
  },
  "POST /api/planner/blocks/:id/reject": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/planner/blocks/${i.planBlock}/reject`, json: {} }],
  },
  "PATCH /api/planner/blocks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      {
        path: `/api/planner/blocks/${i.planBlock}`,
        json: { start: "2030-01-07T10:00:00.000Z", end: "2030-01-07T11:00:00.000Z" },
      },
    ],
  },
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
  "GET /api/tasks/:id/comments": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/comments` }],
  },
  "POST /api/tasks/:id/comments": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/comments`, json: { body: "B was here" } }],
  },
  "PATCH /api/tasks/:id/comments/:commentId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/comments/${i.comment}`, json: { body: "B was here" } }],
  },
  "DELETE /api/tasks/:id/comments/:commentId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/comments/${i.comment}` }],
  },
  "GET /api/tasks/:id/history": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/history` }],
  },
  "GET /api/tasks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}` }, { path: `/api/tasks/${i.runningTask}` }],
  },
  "GET /api/v1/tasks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}` }],
  },
  "POST /api/tasks/:id/occurrences/complete": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/occurrences/complete`, json: {} }],
  },
  "POST /api/tasks/:id/occurrences/skip": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/occurrences/skip`, json: {} }],
  },
  "PATCH /api/v1/tasks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}`, json: { title: "B was here" } }],
  },
  "GET /api/v1/tasks/:id/comments": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}/comments` }],
  },
  "POST /api/v1/tasks/:id/comments": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}/comments`, json: { body: "B was here" } }],
  },
  "GET /api/v1/tasks/:id/time-logs": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/v1/tasks/${i.task}/time-logs` },
      { path: `/api/v1/tasks/${i.runningTask}/time-logs` },
    ],
  },
  "POST /api/v1/tasks/:id/timer/start": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}/timer/start` }],
  },
  "POST /api/v1/tasks/:id/timer/stop": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.runningTask}/timer/stop` }],
  },
  "GET /api/v1/projects/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/projects/${i.project}` }],
  },
  "GET /api/v1/projects/:id/milestones": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/projects/${i.project}/milestones` }],
  },
  "POST /api/v1/tasks/:id/occurrences/complete": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}/occurrences/complete`, json: {} }],
  },
  "POST /api/v1/tasks/:id/occurrences/skip": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}/occurrences/skip`, json: {} }],
  },
  "POST /api/v1/tasks/:id/subtasks": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}/subtasks`, json: { title: "B was here" } }],
  },
  "PATCH /api/v1/tasks/:id/subtasks/:subtaskId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/v1/tasks/${i.task}/subtasks/${i.subtask}`, json: { done: true } },
      { path: `/api/v1/tasks/${own.task}/subtasks/${i.subtask}`, json: { done: true } },
    ],
  },
  "GET /api/v1/tasks/:id/reminders": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}/reminders` }],
  },
  "POST /api/v1/tasks/:id/reminders": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      {
        path: `/api/v1/tasks/${i.task}/reminders`,
        json: { at: new Date(Date.now() + 86_400_000).toISOString() },
      },
    ],
  },
  "DELETE /api/v1/tasks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}` }, { path: `/api/v1/tasks/${i.runningTask}` }],
  },
  "PUT /api/v1/tasks/:id/subtasks/order": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/tasks/${i.task}/subtasks/order`, json: { ids: [i.subtask] } }],
  },
  "DELETE /api/v1/tasks/:id/subtasks/:subtaskId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/v1/tasks/${i.task}/subtasks/${i.subtask}` },
      { path: `/api/v1/tasks/${own.task}/subtasks/${i.subtask}` },
    ],
  },
  "DELETE /api/v1/tasks/:id/reminders/:reminderId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/v1/tasks/${i.task}/reminders/${i.reminder}` },
      { path: `/api/v1/tasks/${own.task}/reminders/${i.reminder}` },
    ],
  },
  "POST /api/v1/projects/:id/milestones": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/projects/${i.project}/milestones`, json: { name: "B's milestone" } }],
  },
  "PATCH /api/v1/milestones/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/milestones/${i.milestone}`, json: { name: "Taken over by B" } }],
  },
  "DELETE /api/v1/milestones/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/milestones/${i.milestone}` }],
  },
  "PATCH /api/v1/projects/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/v1/projects/${i.project}`, json: { name: "Taken over by B" } },
      { path: `/api/v1/projects/${i.project}`, json: { restricted: false } },
    ],
  },
  "DELETE /api/v1/projects/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/v1/projects/${i.project}?confirm=true` },
      { path: `/api/v1/projects/${i.project}` },
    ],
  },
  "POST /api/v1/projects/:id/archive": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/projects/${i.project}/archive` }],
  },
  "POST /api/v1/projects/:id/restore": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/projects/${i.project}/restore` }],
  },
  "POST /api/v1/plan/blocks/:id/accept": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/plan/blocks/${i.planBlock}/accept` }],
  },
  "POST /api/v1/plan/blocks/:id/reject": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/v1/plan/blocks/${i.planBlock}/reject` }],
  },
  "POST /api/tasks/:id/subtasks": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/subtasks`, json: { title: "B was here" } }],
  },
  "PATCH /api/tasks/:id/subtasks/:subId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/tasks/${i.task}/subtasks/${i.subtask}`, json: { title: "B was here", done: true } },
      // A's subtask named under B's own task is not found either.
      { path: `/api/tasks/${own.task}/subtasks/${i.subtask}`, json: { done: true } },
    ],
  },
  "DELETE /api/tasks/:id/subtasks/:subId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/tasks/${i.task}/subtasks/${i.subtask}` },
      { path: `/api/tasks/${own.task}/subtasks/${i.subtask}` },
    ],
  },
  "PUT /api/tasks/:id/subtasks/order": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/subtasks/order`, json: { ids: [i.subtask] } }],
  },
  "GET /api/tasks/:id/reminders": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/tasks/${i.task}/reminders` }],
  },
  "POST /api/tasks/:id/reminders": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      {
        path: `/api/tasks/${i.task}/reminders`,
        json: { at: new Date(Date.now() + 86_400_000).toISOString() },
      },
    ],
  },
  "DELETE /api/tasks/:id/reminders/:reminderId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/tasks/${i.task}/reminders/${i.reminder}` },
      // A's reminder named under B's own task is not found either.
      { path: `/api/tasks/${own.task}/reminders/${i.reminder}` },
    ],
  },
  "POST /api/reminders/:id/snooze": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/reminders/${i.reminder}/snooze`, json: { for: "10m" } }],
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
  "DELETE /api/push/subscriptions/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/push/subscriptions/${i.pushSubscription}` }],
  },
  "DELETE /api/developer/apps/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/developer/apps/${i.oauthApp}` }],
  },
  "DELETE /api/developer/keys/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/developer/keys/${i.apiKey}` }],
  },
  "DELETE /api/connected-apps/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/connected-apps/${i.oauthGrant}` }],
  },
  "PATCH /api/webhooks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/webhooks/${i.webhook}`, json: { description: "Bruno was here" } }],
  },
  "DELETE /api/webhooks/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/webhooks/${i.webhook}` }],
  },
  "POST /api/webhooks/:id/secret": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/webhooks/${i.webhook}/secret` }],
  },
  "GET /api/webhooks/:id/deliveries": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/webhooks/${i.webhook}/deliveries` }],
  },
  "POST /api/webhooks/:id/deliveries/:deliveryId/redeliver": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/webhooks/${i.webhook}/deliveries/${i.webhookDelivery}/redeliver` }],
  },
  "DELETE /api/account/sessions/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/account/sessions/${i.sessionA}` }],
  },
  // -- projects and milestones (issue 23): B is in no team of A's, so A's team project is not found.
  "GET /api/projects/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/projects/${i.project}` }],
  },
  "PATCH /api/projects/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/projects/${i.project}`, json: { name: "Taken over by B" } },
      { path: `/api/projects/${i.project}`, json: { restricted: false } },
    ],
  },
  "DELETE /api/projects/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/projects/${i.project}?confirm=true` },
      { path: `/api/projects/${i.project}` },
    ],
  },
  "POST /api/projects/:id/archive": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/projects/${i.project}/archive`, json: {} }],
  },
  "POST /api/projects/:id/restore": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/projects/${i.project}/restore`, json: {} }],
  },
  "GET /api/projects/:id/milestones": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/projects/${i.project}/milestones` }],
  },
  "POST /api/projects/:id/milestones": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/projects/${i.project}/milestones`, json: { name: "B's milestone" } }],
  },
  "GET /api/projects/:id/members": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/projects/${i.project}/members` }],
  },
  "POST /api/projects/:id/members": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/projects/${i.project}/members`, json: { userId: i.userA } }],
  },
  "DELETE /api/projects/:id/members/:userId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/projects/${i.project}/members/${i.userC}` }],
  },
  "PATCH /api/milestones/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/milestones/${i.milestone}`, json: { name: "Taken over by B" } }],
  },
  "DELETE /api/milestones/:id": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: `/api/milestones/${i.milestone}` }],
  },
  // B owns a team of their own (so has the feature), but A's members are not in it.
  "PATCH /api/team/members/:memberId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: `/api/team/members/${i.memberC}`, json: { role: "admin" } },
      { path: `/api/team/members/${i.memberA}`, json: { role: "member" } },
    ],
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
  // Plan write-back names the connection to write to: only one of the caller's own.
  "PUT /api/calendar-integrations/write-back connectionId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: "/api/calendar-integrations/write-back", json: { connectionId: i.calendarConnection } },
    ],
  },
  // Marking read names notifications: one of someone else's makes the whole call a 404.
  "POST /api/notifications/read ids": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [{ path: "/api/notifications/read", json: { ids: [i.notification] } }],
  },
  // An order for B's own task that names A's subtask is not the list of B's task: refused as stale,
  // and nothing of A's moves.
  "PUT /api/tasks/:id/subtasks/order ids": {
    status: 409,
    code: "CONFLICT",
    calls: (i) => [{ path: `/api/tasks/${own.task}/subtasks/order`, json: { ids: [i.subtask] } }],
  },
  "PUT /api/v1/tasks/:id/subtasks/order ids": {
    status: 409,
    code: "CONFLICT",
    calls: (i) => [{ path: `/api/v1/tasks/${own.task}/subtasks/order`, json: { ids: [i.subtask] } }],
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

/** A task's project, milestone and assignee, named in a new task's body or a change to B's own task. */
function taskFieldCases(method: "POST" | "PATCH", path: (i: Ids) => string): Record<string, Case> {
  const route = `${method} ${path({ task: ":id" } as Ids)}`;
  const title = method === "POST" ? { title: "B's task" } : {};
  return {
    // A's project is not found for B, whatever B's task is.
    [`${route} projectId`]: {
      status: 404,
      code: "NOT_FOUND",
      calls: (i) => [{ path: path(i), json: { ...title, projectId: i.project } }],
    },
    // A's milestone is no milestone of B's Inbox or project.
    [`${route} milestoneId`]: {
      status: 400,
      code: "VALIDATION",
      calls: (i) => [
        { path: path(i), json: { ...title, milestoneId: i.milestone } },
        { path: path(i), json: { ...title, projectId: own.project, milestoneId: i.milestone } },
      ],
    },
    // A (or C) cannot see B's project, so cannot be given B's task.
    [`${route} assigneeId`]: {
      status: 400,
      code: "VALIDATION",
      calls: (i) => [
        { path: path(i), json: { ...title, projectId: own.project, assigneeId: i.userA } },
        { path: path(i), json: { ...title, projectId: own.project, assigneeId: i.userC } },
        { path: path(i), json: { ...title, assigneeId: i.userA } },
      ],
    },
  };
}

Object.assign(BODY_ID_CASES, {
  ...taskFieldCases("POST", () => "/api/tasks"),
  ...taskFieldCases("POST", () => "/api/v1/tasks"),
  ...taskFieldCases("PATCH", (i) => (i.task === ":id" ? "/api/v1/tasks/:id" : `/api/v1/tasks/${own.task}`)),
  ...taskFieldCases("PATCH", (i) => (i.task === ":id" ? "/api/tasks/:id" : `/api/tasks/${own.task}`)),
  // B is in no team of A's: no project of B's can be put in it.
  "POST /api/projects teamId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: "/api/projects", json: { name: "B's project", teamId: i.teamA } },
      { path: "/api/projects", json: { name: "B's project", teamId: i.teamA, restricted: true } },
    ],
  },
  "POST /api/v1/projects teamId": {
    status: 404,
    code: "NOT_FOUND",
    calls: (i) => [
      { path: "/api/v1/projects", json: { name: "B's project", teamId: i.teamA } },
      { path: "/api/v1/projects", json: { name: "B's project", teamId: i.teamA, restricted: true } },
    ],
  },
  // Only a member of B's team joins B's restricted project.
  "POST /api/projects/:id/members userId": {
    status: 400,
    code: "VALIDATION",
    calls: (i) => [
      { path: `/api/projects/${own.project}/members`, json: { userId: i.userA } },
      { path: `/api/projects/${own.project}/members`, json: { userId: i.userC } },
    ],
  },
} satisfies Record<string, Case>);

/** Body fields named like ids that name nobody's data, and why. */
const NOT_RECORD_IDS: Record<string, string> = {
  "POST /api/workflows templateId": "a template of the built-in catalogue, the same for everyone",
  "POST /api/billing/checkout priceId": "a plan's price in the public catalogue, the same for everyone",
  "PUT /api/calendar-integrations/write-back calendarId":
    "a calendar's id at the provider, accepted only from the list of the person's own connection (decision 307)",
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
  const userC = (await c.client.get<{ id: string }>("/api/me")).body.id;
  const project = await a.client.post<ProjectDto>("/api/projects", {
    name: "Amelia secret project",
    teamId: team.id,
    restricted: true,
  });
  expect(project.status).toBe(201);
  expect((await a.client.post(`/api/projects/${project.body.id}/members`, { userId: userC })).status).toBe(
    200,
  );
  const milestone = await a.client.post<MilestoneDto>(`/api/projects/${project.body.id}/milestones`, {
    name: "Amelia secret milestone",
  });
  expect(milestone.status).toBe(201);
  const insights = await a.client.get<{ recommendations: { id: string }[] }>("/api/ai-insights");
  expect(insights.status).toBe(200);
  const app = await a.client.post<CreatedAppResponse>("/api/developer/apps", {
    name: "Amelia secret app",
    redirectUris: ["https://amelia.example/callback"],
    scopes: ["tasks:read"],
  });
  expect(app.status).toBe(201);
  const key = await a.client.post<CreatedApiKeyResponse>("/api/developer/keys", {
    name: "Amelia secret key",
    scopes: ["tasks:read"],
    expiresInDays: 30,
  });
  expect(key.status).toBe(201);
  const [grant] = await db()
    .insert(oauthGrants)
    .values({ appId: app.body.app.id, userId: me.body.id, scopes: ["tasks:read"] })
    .returning({ id: oauthGrants.id });
  ids = {
    teamA: team.id,
    userC,
    project: project.body.id,
    milestone: milestone.body.id,
    oauthApp: app.body.app.id,
    apiKey: key.body.key.id,
    oauthGrant: grant!.id,
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
    comment: (
      await a.client.post<{ id: string }>(`/api/tasks/${task}/comments`, { body: "Amelia secret note" })
    ).body.id,
    subtask: (
      await a.client.post<{ subtasks: { id: string }[] }>(`/api/tasks/${task}/subtasks`, {
        title: "Amelia secret step",
      })
    ).body.subtasks[0]!.id,
    reminder: (
      await a.client.post<{ id: string }>(`/api/tasks/${task}/reminders`, {
        at: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).body.id,
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
    planBlock: await proposedBlockOf(a.client),
    pushSubscription: (
      await db()
        .insert(pushSubscriptions)
        .values({
          userId: me.body.id,
          endpoint: "https://push.example.com/send/amelia-secret-endpoint",
          p256dh: "BAmelia",
          auth: "amelia-auth",
        })
        .returning({ id: pushSubscriptions.id })
    )[0]!.id,
    ...(await webhookOf(me.body.id)),
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
    "Amelia secret note",
    "Amelia secret step",
    "amelia-secret-hook",
    "Amelia secret hooked task",
    "Amelia secret project",
    "Amelia secret milestone",
  ];

  // B: signed in, on Team (a team of their own, so no feature gate hides anything), with a task.
  b = await createVerifiedUser(server, { name: "Bruno Outsider" });
  await buyTeam(b.client, 2);
  const bTask = await createTask(b.client, "Bruno's own task");
  const bTeam = (await b.client.get<TeamResponse>("/api/team")).body.team!;
  expect(bTeam).toMatchObject({ isOwner: true });
  const bProject = await b.client.post<ProjectDto>("/api/projects", {
    name: "Bruno's project",
    teamId: bTeam.id,
    restricted: true,
  });
  expect(bProject.status).toBe(201);
  own = { task: bTask, project: bProject.body.id };
}, 60_000);
afterAll(() => server?.close());

/** A webhook endpoint of A's (stored as a creation stores it) with one delivered message. */
async function webhookOf(userId: string) {
  const id = crypto.randomUUID();
  const now = new Date();
  await db()
    .insert(webhookEndpoints)
    .values({
      id,
      userId,
      url: "https://hooks.example.com/amelia-secret-hook",
      eventTypes: ["task.created"],
      secretSealed: server.kairo.deps.secretBox.seal("whsec_QW1lbGlhU2VjcmV0", `webhook:${id}`),
      createdAt: now,
      updatedAt: now,
    });
  const [delivery] = await db()
    .insert(webhookDeliveries)
    .values({
      endpointId: id,
      userId,
      eventType: "task.created",
      payload: '{"type":"task.created","data":{"title":"Amelia secret hooked task"}}',
      status: "delivered",
      nextAttemptAt: now,
      retrySince: now,
      createdAt: now,
    })
    .returning({ id: webhookDeliveries.id });
  return { webhook: id, webhookDelivery: delivery!.id };
}

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

/** Plan my week for A: the first block of the proposal (the week always has working time to fill). */
async function proposedBlockOf(client: TestClient): Promise<string> {
  const res = await client.post<{ proposed: Array<{ id: string }> }>("/api/planner/plan", { scope: "week" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.proposed.length).toBeGreaterThan(0);
  return res.body.proposed[0]!.id;
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

/** /api/v1's problem document (decision 255) read as the rest of /api's error body. */
function asErrorBody(body: unknown): ErrorBody {
  const { code, detail, fields } = body as { code: string; detail: string; fields?: Record<string, string> };
  return { error: { code, message: detail, ...(fields ? { fields } : {}) } };
}

describe("B cannot reach A's data through any id route or id in a body", () => {
  it.each(Object.keys(ALL_CASES).sort())("%s", async (route) => {
    const [method] = route.split(" ") as [string, string];
    const rule = ALL_CASES[route]!;
    for (const call of rule.calls(ids)) {
      const before = await fingerprint();
      const aBefore = await sessionsOfA();
      const res = await b.client.request<ErrorBody>(method, call.path, { json: call.json });
      if (call.path.startsWith("/api/v1/")) res.body = asErrorBody(res.body);
      const after = await fingerprint();
      expect(await sessionsOfA(), `${method} ${call.path} changed A's sessions`).toEqual(aBefore);

      expect(res.status, `${method} ${call.path}`).toBe(rule.status);
      expect(res.headers.get("content-type")).toMatch(/application\/(problem\+)?json/);
      // A refused field (400) also names the field, with the same message.
      const fields = rule.status === 400 ? { fields: expect.any(Object) } : {};
      expect(res.body).toEqual({ error: { code: rule.code, message: expect.any(String), ...fields } });
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
  it("B's team analytics hold only B's team, and A's project as a filter is not found (decisions 210, 211)", async () => {
    const res = await b.client.get<TeamAnalyticsResponse>("/api/team/analytics?range=90");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.projects!.map((p) => p.projectId)).toContain(own.project);
    const text = JSON.stringify(res.body);
    for (const secret of secrets) expect(text, `team analytics leak ${secret}`).not.toContain(secret);
    for (const path of [
      `/api/analytics?range=7&projectId=${ids.project}`,
      `/api/ai-insights?tz=UTC&projectId=${ids.project}`,
      `/api/calendar?from=2030-01-01T00:00:00.000Z&to=2030-01-08T00:00:00.000Z&projectId=${ids.project}`,
    ]) {
      const refused = await b.client.get<ErrorBody>(path);
      expect(refused.status, path).toBe(404);
      expect(refused.body.error.code).toBe("NOT_FOUND");
    }
  });

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
    const app = await a.client.post<CreatedAppResponse>("/api/developer/apps", {
      name: "Amelia secret app",
      redirectUris: ["https://amelia.example/callback"],
      scopes: ["tasks:read"],
    });
    expect(app.status).toBe(201);
    const key = await a.client.post<CreatedApiKeyResponse>("/api/developer/keys", {
      name: "Amelia secret key",
      scopes: ["tasks:read"],
      expiresInDays: 30,
    });
    expect(key.status).toBe(201);
    const [grant] = await db()
      .insert(oauthGrants)
      .values({ appId: app.body.app.id, userId: ids.userA, scopes: ["tasks:read"] })
      .returning({ id: oauthGrants.id });
    ids.oauthApp = app.body.app.id;
    ids.apiKey = key.body.key.id;
    ids.oauthGrant = grant!.id;
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
