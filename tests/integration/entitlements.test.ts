// The entitlements service as every limited route answers it: a free person with a live demo
// preview and a person on a live trial get the same answers everywhere a plan limit applies, and a
// free person without either gets the free plan's; /api/subscription reports the limits it decided.
// And its facts read in one UNION ALL statement (decision 120) give the answers the separate readers
// it replaced gave (the subscription row, membership of a live team, the latest live preview), after
// random subscriptions of any plan and status, teams whose plan is live, ending, cancelled or over,
// and previews live or expired.
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { member, organization, user } from "#server/db/schema/auth.ts";
import { demoGrants, subscriptions } from "#server/db/schema/billing.ts";
import { getPlanStatus, getSubscriptionRow, memberOfLiveTeam } from "#server/modules/billing/subscription.ts";
import { createEntitlements } from "#server/modules/entitlements/entitlements.ts";
import { decideEntitlements } from "#shared/domain/entitlements.ts";
import { FEATURE_IDS } from "#shared/domain/features.ts";
import { planStatus } from "#shared/domain/subscription.ts";
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

const NOW = new Date("2026-11-24T12:00:00.000Z");
const MIN = 60_000;

const db = (): Db => server.testDb.database.db;

/** Instants either side of now: long gone, just gone, just ahead, well ahead. */
const instant = fc.constantFrom(-10 * DAY, -MIN, MIN, 10 * DAY).map((ms) => new Date(NOW.getTime() + ms));
const subscription = fc.record({
  planId: fc.constantFrom(null, "trial", "pro", "team", "elite"),
  status: fc.constantFrom("trialing", "active", "past_due", "canceled", "expired"),
  trialEndsAt: fc.option(instant, { nil: null }),
  currentPeriodEnd: fc.option(instant, { nil: null }),
  cancelAtPeriodEnd: fc.boolean(),
});
const facts = fc.record({
  own: fc.option(subscription, { nil: null }),
  /** Teams the person belongs to, each with its owner's subscription (or none). */
  teams: fc.array(fc.option(subscription, { nil: null }), { maxLength: 2 }),
  /** The person owns a team too, paid by their own subscription (never counted as "a team"). */
  ownsTeam: fc.boolean(),
  previews: fc.array(instant, { maxLength: 2 }),
});

async function newPerson() {
  const id = randomUUID();
  await db()
    .insert(user)
    .values({ id, name: "Person", email: `${id}@example.com` });
  return id;
}

async function newTeam(ownerId: string) {
  const id = randomUUID();
  await db().insert(organization).values({ id, name: "Team", slug: id });
  await db().insert(member).values({ id: randomUUID(), organizationId: id, userId: ownerId, role: "owner" });
  return id;
}

type Facts = typeof facts extends fc.Arbitrary<infer T> ? T : never;

async function arrange(f: Facts) {
  const personId = await newPerson();
  const ownTeam = f.ownsTeam ? await newTeam(personId) : null;
  if (f.own)
    await db()
      .insert(subscriptions)
      .values({ userId: personId, ...f.own, organizationId: ownTeam });
  for (const sub of f.teams) {
    const ownerId = await newPerson();
    const teamId = await newTeam(ownerId);
    await db().insert(member).values({ id: randomUUID(), organizationId: teamId, userId: personId });
    if (sub)
      await db()
        .insert(subscriptions)
        .values({ userId: ownerId, ...sub, organizationId: teamId });
  }
  for (const expiresAt of f.previews)
    await db()
      .insert(demoGrants)
      .values({ userId: personId, plan: "team", startedAt: new Date(expiresAt.getTime() - DAY), expiresAt });
  return personId;
}

/** The answers as the three separate readers before decision 120 gave them. */
async function before(personId: string) {
  const [live] = await db()
    .select({ expiresAt: demoGrants.expiresAt })
    .from(demoGrants)
    .where(and(eq(demoGrants.userId, personId), gt(demoGrants.expiresAt, NOW)))
    .orderBy(desc(demoGrants.expiresAt))
    .limit(1);
  const own = planStatus(await getSubscriptionRow(db(), personId), NOW);
  const teamMember = await memberOfLiveTeam(db(), personId, NOW);
  return {
    plan: await getPlanStatus(db(), personId, NOW),
    decision: decideEntitlements(
      { ownPlan: own.plan, teamMember, demoExpiresAt: live?.expiresAt ?? null },
      NOW,
    ),
  };
}

const decided = (d: Omit<ReturnType<typeof decideEntitlements>, "requiredPlan">) => ({
  tier: d.tier,
  demoLive: d.demoLive,
  taskLimit: d.taskLimit,
  historyDays: d.historyDays,
  workflowLimit: d.workflowLimit,
  calendarConnectionLimit: d.calendarConnectionLimit,
  features: Object.fromEntries(FEATURE_IDS.map((f) => [f, d.can(f)])),
});

describe("the entitlements service's facts in one statement (decision 120)", () => {
  it("answer as the separate readers did, for any subscription, teams and previews", async () => {
    const service = createEntitlements({ db: db(), clock: () => NOW });
    await fc.assert(
      fc.asyncProperty(facts, async (f) => {
        const personId = await arrange(f);
        const now = await service.forPerson(personId);
        const then = await before(personId);
        expect(now.plan, JSON.stringify(f)).toEqual(then.plan);
        expect(decided(now), JSON.stringify(f)).toEqual(decided(then.decision));
      }),
      { numRuns: 40 },
    );
  });
});
