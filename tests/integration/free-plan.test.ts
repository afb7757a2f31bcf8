// The free plan, enforced on the server: 50 tasks, 7 days of history. A trial (every new account)
// has neither limit.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function userIdOf(client: { get: <T>(p: string) => Promise<{ body: T }> }) {
  return (await client.get<{ id: string }>("/api/me")).body.id;
}

async function endTrial(userId: string) {
  await server.testDb.database.db
    .update(subscriptions)
    .set({ trialEndsAt: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.userId, userId));
}

async function seedTasks(userId: string, n: number) {
  await server.testDb.database.db.execute(
    sql`insert into tasks (user_id, title) select ${userId}, 'Seeded ' || g from generate_series(1, ${n}) g`,
  );
}

const taskCount = async (userId: string) =>
  (await server.testDb.database.db.select({ n: count() }).from(tasks).where(eq(tasks.userId, userId)))[0]!.n;

describe("free plan task limit", () => {
  it("refuses the 51st task with a message offering the upgrade, and writes nothing", async () => {
    const { client } = await createVerifiedUser(server);
    const id = await userIdOf(client);
    await endTrial(id);
    await seedTasks(id, 49);
    expect((await client.post("/api/tasks", { title: "The fiftieth" })).status).toBe(201);
    const refused = await client.post<{ error: { code: string; message: string; requiredPlan: string } }>(
      "/api/tasks",
      {
        title: "The fifty-first",
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: "PLAN_REQUIRED",
      message: "The free plan holds up to 50 tasks. Upgrade to Pro for unlimited tasks.",
      requiredPlan: "pro",
    });
    expect(await taskCount(id)).toBe(50);
  });

  it("never lets simultaneous creates pass the limit", async () => {
    const { client } = await createVerifiedUser(server);
    const id = await userIdOf(client);
    await endTrial(id);
    await seedTasks(id, 48);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => client.post("/api/tasks", { title: `Race ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(3);
    expect(await taskCount(id)).toBe(50);
  });

  it("does not limit a person on the trial", async () => {
    const { client } = await createVerifiedUser(server);
    const id = await userIdOf(client);
    await seedTasks(id, 60);
    expect((await client.post("/api/tasks", { title: "Sixty-first" })).status).toBe(201);
  });
});

describe("free plan history", () => {
  it("shows 7 days of analytics whatever range is asked for, and says so", async () => {
    const { client } = await createVerifiedUser(server);
    await endTrial(await userIdOf(client));
    const res = await client.get<{ days: unknown[]; historyLimitedTo: number | null }>(
      "/api/analytics?range=90&tz=UTC",
    );
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(7);
    expect(res.body.historyLimitedTo).toBe(7);
  });

  it("gives a trial the full range", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await client.get<{ days: unknown[]; historyLimitedTo: number | null }>(
      "/api/analytics?range=90&tz=UTC",
    );
    expect(res.body.days).toHaveLength(90);
    expect(res.body.historyLimitedTo).toBeNull();
  });

  it("hides time logs older than 7 days on the free plan", async () => {
    const { client } = await createVerifiedUser(server);
    const id = await userIdOf(client);
    const task = (await client.post<{ id: string }>("/api/tasks", { title: "Old and new work" })).body;
    server.clock.set(new Date(Date.now() - 10 * 86_400_000));
    await client.post(`/api/tasks/${task.id}/timer/start`);
    server.clock.advance(30 * 60_000);
    await client.post(`/api/tasks/${task.id}/timer/stop`);
    server.clock.reset();
    await client.post(`/api/tasks/${task.id}/timer/start`);
    await client.post(`/api/tasks/${task.id}/timer/stop`);
    const trialLogs = await client.get<{ timeLogs: unknown[] }>(`/api/tasks/${task.id}/time-logs`);
    expect(trialLogs.body.timeLogs).toHaveLength(2);
    await endTrial(id);
    const freeLogs = await client.get<{ timeLogs: unknown[] }>(`/api/tasks/${task.id}/time-logs`);
    expect(freeLogs.body.timeLogs).toHaveLength(1);
  });
});
