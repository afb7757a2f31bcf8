// The daily retention job: each kind of row that grows by itself (delivered mail and lapsed leases
// too) is deleted once past the retention the README states, and nothing younger (nor a run still
// queued, an event not yet dispatched, mail not yet sent); the bell and the run history show what
// is left. On PostgreSQL, two instances running it at once
// delete each row once between them.
import { randomUUID } from "node:crypto";
import { count, eq, inArray, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { clientErrorReports } from "#server/db/schema/admin.ts";
import { organization } from "#server/db/schema/auth.ts";
import { leases, mailOutbox } from "#server/db/schema/background.ts";
import { calendarConnections, syncLogs } from "#server/db/schema/calendar.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { oauthApps } from "#server/db/schema/platform.ts";
import { teamActivity } from "#server/db/schema/team.ts";
import { workflowEvents, workflowExecutions } from "#server/db/schema/workflows.ts";
import { RETENTION_JOB } from "#server/jobs/definitions/retention.ts";
import { applyRetention, RETENTION_DAYS } from "#server/modules/retention/retention.ts";
import type { NotificationListResponse } from "#shared/contracts/notifications.ts";
import type { WorkflowExecutionListResponse } from "#shared/contracts/workflows.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";
const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const db = () => server.kairo.deps.database.db;

/** One row of each kind `ageDays` old at `now`, for `userId`; answers their ids by kind. */
async function seed(d: Db, userId: string, now: Date, ageDays: number, tag: string) {
  const at = new Date(now.getTime() - ageDays * DAY);
  const [org] = await d
    .insert(organization)
    .values({ id: randomUUID(), name: `Team ${tag}`, slug: `team-${randomUUID()}`, createdAt: at })
    .returning();
  const [conn] = await d
    .insert(calendarConnections)
    .values({ userId, provider: "google", calendarEmail: `${randomUUID()}@example.com` })
    .returning();
  const [event] = await d
    .insert(workflowEvents)
    .values({ userId, type: "schedule.due", payload: {}, createdAt: at, dispatchedAt: at })
    .returning();
  const [pending] = await d
    .insert(workflowEvents)
    .values({ userId, type: "schedule.due", payload: {}, createdAt: at })
    .returning();
  const [run] = await d
    .insert(workflowExecutions)
    .values({ userId, workflowName: `Run ${tag}`, status: "completed", createdAt: at, startedAt: at })
    .returning();
  const [queued] = await d
    .insert(workflowExecutions)
    .values({ userId, workflowName: `Queued ${tag}`, status: "queued", createdAt: at, startedAt: at })
    .returning();
  const [activity] = await d
    .insert(teamActivity)
    .values({ teamId: org!.id, userId, userEmail: "a@example.com", action: "task.completed", createdAt: at })
    .returning();
  const [note] = await d
    .insert(notifications)
    .values({ userId, kind: "workflow", title: `Note ${tag}`, createdAt: at })
    .returning();
  const [report] = await d
    .insert(clientErrorReports)
    .values({ userId, message: `Broke ${tag}`, createdAt: at })
    .returning();
  const [log] = await d
    .insert(syncLogs)
    .values({
      userId,
      connectionId: conn!.id,
      status: "success",
      syncType: "scheduled",
      provider: "google",
      startedAt: at,
    })
    .returning();
  const [mail] = await d
    .insert(mailOutbox)
    .values({
      idempotencyKey: randomUUID(),
      userId,
      to: "a@example.com",
      subject: `Sent ${tag}`,
      text: "x",
      html: "<p>x</p>",
      status: "sent",
      createdAt: at,
      sentAt: at,
    })
    .returning();
  const [unsent] = await d
    .insert(mailOutbox)
    .values({
      idempotencyKey: randomUUID(),
      userId,
      to: "a@example.com",
      subject: `Pending ${tag}`,
      text: "x",
      html: "<p>x</p>",
      createdAt: at,
    })
    .returning();
  const [lease] = await d
    .insert(leases)
    .values({
      key: `test:${randomUUID()}`,
      holder: "gone",
      token: randomUUID(),
      acquiredAt: at,
      expiresAt: at,
    })
    .returning();
  // A client an assistant registered for itself and nobody ever approved (decision 313).
  const [client] = await d
    .insert(oauthApps)
    .values({
      registration: "dynamic",
      name: `Assistant ${tag}`,
      clientId: `kairo_app_${randomUUID()}`,
      redirectUris: ["http://127.0.0.1:1/callback"],
      scopes: ["tasks:read"],
      createdAt: at,
    })
    .returning();
  // A team's app, however old and unused, is the team's to delete.
  const [teamApp] = await d
    .insert(oauthApps)
    .values({
      organizationId: org!.id,
      name: `Team app ${tag}`,
      clientId: `kairo_app_${randomUUID()}`,
      clientSecretHash: "x",
      redirectUris: ["https://a.example/cb"],
      scopes: ["tasks:read"],
      createdAt: at,
    })
    .returning();
  return {
    unclaimedClients: client!.id,
    teamApp: teamApp!.id,
    mailOutbox: mail!.id,
    pendingMail: unsent!.id,
    leases: lease!.key,
    workflowEvents: event!.id,
    pendingEvent: pending!.id,
    workflowExecutions: run!.id,
    queuedRun: queued!.id,
    teamActivity: activity!.id,
    notifications: note!.id,
    clientErrorReports: report!.id,
    syncLogs: log!.id,
  };
}

async function present(d: Db, ids: Awaited<ReturnType<typeof seed>>) {
  const has = async (rows: unknown[]) => rows.length === 1;
  return {
    unclaimedClients: await has(
      await d.select().from(oauthApps).where(eq(oauthApps.id, ids.unclaimedClients)),
    ),
    teamApp: await has(await d.select().from(oauthApps).where(eq(oauthApps.id, ids.teamApp))),
    mailOutbox: await has(await d.select().from(mailOutbox).where(eq(mailOutbox.id, ids.mailOutbox))),
    pendingMail: await has(await d.select().from(mailOutbox).where(eq(mailOutbox.id, ids.pendingMail))),
    leases: await has(await d.select().from(leases).where(eq(leases.key, ids.leases))),
    workflowEvents: await has(
      await d.select().from(workflowEvents).where(eq(workflowEvents.id, ids.workflowEvents)),
    ),
    pendingEvent: await has(
      await d.select().from(workflowEvents).where(eq(workflowEvents.id, ids.pendingEvent)),
    ),
    workflowExecutions: await has(
      await d.select().from(workflowExecutions).where(eq(workflowExecutions.id, ids.workflowExecutions)),
    ),
    queuedRun: await has(
      await d.select().from(workflowExecutions).where(eq(workflowExecutions.id, ids.queuedRun)),
    ),
    teamActivity: await has(await d.select().from(teamActivity).where(eq(teamActivity.id, ids.teamActivity))),
    notifications: await has(
      await d.select().from(notifications).where(eq(notifications.id, ids.notifications)),
    ),
    clientErrorReports: await has(
      await d.select().from(clientErrorReports).where(eq(clientErrorReports.id, ids.clientErrorReports)),
    ),
    syncLogs: await has(await d.select().from(syncLogs).where(eq(syncLogs.id, ids.syncLogs))),
  };
}

describe("the daily retention job", () => {
  it("keeps the periods the README states", () => {
    expect(RETENTION_DAYS).toEqual({
      workflowEvents: 30,
      workflowExecutions: 90,
      teamActivity: 90,
      notifications: 90,
      clientErrorReports: 30,
      syncLogs: 30,
      mailOutbox: 30,
      leases: 1,
      unclaimedClients: 1,
    });
    expect(server.kairo.deps.jobs.definitions.get(RETENTION_JOB)?.schedule).toBe("47 3 * * *");
  });

  it("deletes each kind of row a day past its retention, keeps those a day short of it, and runs twice harmlessly", async () => {
    const p = await createVerifiedUser(server);
    const userId = (await p.client.get<{ id: string }>("/api/me")).body.id;
    const now = new Date(Date.now() + 365 * DAY);
    // For each kind: one row a day past its retention and one a day short of it.
    const old: Record<string, Awaited<ReturnType<typeof seed>>> = {};
    const young: Record<string, Awaited<ReturnType<typeof seed>>> = {};
    for (const days of new Set(Object.values(RETENTION_DAYS))) {
      old[days] = await seed(db(), userId, now, days + 1, `old ${days}`);
      young[days] = await seed(db(), userId, now, days - 1, `young ${days}`);
    }
    server.clock.set(now);
    await server.kairo.deps.jobs.run(RETENTION_JOB);
    server.clock.reset();
    for (const [kind, days] of Object.entries(RETENTION_DAYS)) {
      const k = kind as keyof typeof RETENTION_DAYS;
      expect((await present(db(), old[days]!))[k], `${kind} past ${days} days`).toBe(false);
      expect((await present(db(), young[days]!))[k], `${kind} within ${days} days`).toBe(true);
    }
    // Work not finished is never cut, however old: an event not dispatched, a run still queued.
    for (const ids of Object.values(old)) {
      expect(await present(db(), ids)).toMatchObject({
        pendingEvent: true,
        queuedRun: true,
        pendingMail: true,
        teamApp: true,
      });
    }
    // What the person sees: the bell and the history hold only what is within retention (newest first).
    const bell = await p.client.get<NotificationListResponse>("/api/notifications");
    expect(bell.body.notifications.map((n) => n.title)).toEqual([
      "Note young 1",
      "Note old 1",
      "Note young 30",
      "Note old 30",
      "Note young 90",
    ]);
    const runs = await p.client.get<WorkflowExecutionListResponse>("/api/workflow-executions");
    const names = runs.body.executions.map((r) => r.workflowName);
    expect(names.filter((n) => n.startsWith("Run "))).toEqual([
      "Run young 1 (deleted workflow)",
      "Run old 1 (deleted workflow)",
      "Run young 30 (deleted workflow)",
      "Run old 30 (deleted workflow)",
      "Run young 90 (deleted workflow)",
    ]);

    // The same day again: nothing more to delete.
    expect(await applyRetention(db(), now)).toEqual({
      workflowEvents: 0,
      workflowExecutions: 0,
      teamActivity: 0,
      notifications: 0,
      clientErrorReports: 0,
      syncLogs: 0,
      mailOutbox: 0,
      leases: 0,
      unclaimedClients: 0,
    });
  });
});

describe.runIf(onPostgres)("two instances at once", () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({}, { shareDatabaseWith: server });
  });
  afterAll(() => other?.close());

  it("delete each old row once between them, past several batches", async () => {
    const p = await createVerifiedUser(server);
    const userId = (await p.client.get<{ id: string }>("/api/me")).body.id;
    const now = new Date(Date.now() + 2 * 365 * DAY);
    const old = new Date(now.getTime() - 100 * DAY);
    const n = 3500;
    const titles = Array.from({ length: n }, (_, i) => ({
      userId,
      kind: "workflow",
      title: `Old ${i}`,
      createdAt: old,
    }));
    for (let i = 0; i < n; i += 500)
      await db()
        .insert(notifications)
        .values(titles.slice(i, i + 500));
    const kept = await db()
      .insert(notifications)
      .values({ userId, kind: "workflow", title: "Recent", createdAt: now })
      .returning();
    // Every notification of the file older than 90 days at `now`: these, and the first test's.
    const [due] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(lt(notifications.createdAt, new Date(now.getTime() - 90 * DAY)));
    expect(due?.n).toBeGreaterThanOrEqual(n);
    const [a, b] = await Promise.all([
      applyRetention(server.kairo.deps.database.db, now),
      applyRetention(other.kairo.deps.database.db, now),
    ]);
    // No row was counted twice, none was left, and neither failed waiting on the other.
    expect(a.notifications + b.notifications).toBe(due?.n);
    const [left] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(inArray(notifications.userId, [userId]));
    expect(left?.n).toBe(1);
    expect(kept[0]!.title).toBe("Recent");
  });
});
