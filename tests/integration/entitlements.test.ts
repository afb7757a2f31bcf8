// The entitlements service as every limited route answers it: a free person with a live demo
// preview and a person on a live trial get the same answers everywhere a plan limit applies, and a
// free person without either gets the free plan's; /api/subscription reports the limits it decided.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { createVerifiedUser } from "../support/factories.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Kind = "free" | "trial" | "free+demo";
const DAY = 86_400_000;

async function personOn(kind: Kind) {
  const { client } = await createVerifiedUser(server);
  const id = (await client.get<{ id: string }>("/api/me")).body.id;
  const db = server.testDb.database.db;
  // A task with 30 minutes tracked ten days ago and one today, then the plan set as asked.
  const task = (await client.post<{ id: string }>("/api/tasks", { title: "Tracked work" })).body;
  await db.execute(sql`insert into time_logs (user_id, task_id, start_time, end_time, duration_minutes)
    values (${id}, ${task.id}, now() - interval '10 days', now() - interval '10 days' + interval '30 minutes', 30),
           (${id}, ${task.id}, now() - interval '1 hour', now() - interval '30 minutes', 30)`);
  await db.execute(
    sql`insert into tasks (user_id, title) select ${id}, 'Seeded ' || g from generate_series(1, 49) g`,
  );
  if (kind !== "trial") {
    await db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, id));
  }
  if (kind === "free+demo") expect((await client.post("/api/demo")).status).toBe(201);
  return { client, id, taskId: task.id };
}

/** What each limited route answers the person, in one comparable record. */
async function answers(client: TestClient, taskId: string) {
  const from = new Date(Date.now() - 14 * DAY).toISOString();
  const to = new Date(Date.now() + DAY).toISOString();
  const [sub, analytics, logs, calendar, fifty1st] = await Promise.all([
    client.get<{ limits: unknown }>("/api/subscription"),
    client.get<{ days: unknown[]; historyLimitedTo: number | null }>("/api/analytics?range=30&tz=UTC"),
    client.get<{ timeLogs: unknown[] }>(`/api/tasks/${taskId}/time-logs`),
    client.get<{ timeBlocks: unknown[] }>(
      `/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    ),
    client.post<{ error?: { code: string } }>("/api/tasks", { title: "The fifty-first" }),
  ]);
  return {
    limits: sub.body.limits,
    analyticsDays: analytics.body.days.length,
    historyLimitedTo: analytics.body.historyLimitedTo,
    timeLogs: logs.body.timeLogs.length,
    calendarBlocks: calendar.body.timeBlocks.length,
    fifty1st: fifty1st.status,
  };
}

const UNLIMITED = {
  limits: { taskLimit: null, historyDays: null, workflowLimit: 5, calendarConnectionLimit: null },
  analyticsDays: 30,
  historyLimitedTo: null,
  timeLogs: 2,
  calendarBlocks: 2,
  fifty1st: 201,
};

describe("entitlements on every limited route", () => {
  it("answers a free person with the free plan's limits", async () => {
    const { client, taskId } = await personOn("free");
    const got = await answers(client, taskId);
    expect(got).toMatchObject({
      limits: { taskLimit: 50, historyDays: 7, workflowLimit: 0, calendarConnectionLimit: 1 },
      analyticsDays: 7,
      historyLimitedTo: 7,
      timeLogs: 1,
      calendarBlocks: 1,
      fifty1st: 403,
    });
  });

  it("lifts every limit the same way for a live trial and a demo preview", async () => {
    const trial = await personOn("trial");
    const demo = await personOn("free+demo");
    const onTrial = await answers(trial.client, trial.taskId);
    const onDemo = await answers(demo.client, demo.taskId);
    expect(onTrial).toMatchObject(UNLIMITED);
    // The preview counts as Team, so its workflows are unlimited; every other answer is the trial's.
    expect(onDemo).toEqual({ ...onTrial, limits: { ...UNLIMITED.limits, workflowLimit: null } });
  });

  it("takes the limits back when the demo preview ends", async () => {
    const { client, taskId } = await personOn("free+demo");
    server.clock.set(new Date(Date.now() + 31 * 60_000));
    try {
      expect(await answers(client, taskId)).toMatchObject({
        historyLimitedTo: 7,
        timeLogs: 1,
        calendarBlocks: 1,
        fifty1st: 403,
      });
    } finally {
      server.clock.reset();
    }
  });
});
