// Two Kairo instances on one PostgreSQL, as behind a load balancer: the 15-minute schedule, run by
// both at the same moment, syncs each due connection exactly once, and a Sync Now sent to both
// instances at once runs one sync (the other is told a sync is running). PGlite has one process,
// so there is no second instance to try there.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncLogs } from "#server/db/schema/calendar.ts";
import { CALENDAR_AUTO_SYNC_JOB } from "#server/jobs/definitions/calendar-auto-sync.ts";
import type {
  CalendarCallbackResponse,
  CalendarConnectResponse,
} from "#shared/contracts/calendar-integrations.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { type FakeCalendars, startFakeCalendars } from "../support/fake-calendars.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";
const GOOGLE_EVENTS = "/google/calendar/v3/calendars/primary/events";

describe.runIf(onPostgres)("calendar sync on two instances", () => {
  let a: TestServer;
  let b: TestServer;
  let fake: FakeCalendars;

  beforeAll(async () => {
    fake = await startFakeCalendars();
    a = await startTestServer(fake.env());
    b = await startTestServer(fake.env(), { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  async function connect(client: TestClient) {
    const start = await client.post<CalendarConnectResponse>("/api/calendar-integrations/connect", {
      provider: "google",
    });
    const back = new URL((await fetch(start.body.authUrl, { redirect: "manual" })).headers.get("location")!);
    const res = await client.post<CalendarCallbackResponse>("/api/calendar-integrations/callback", {
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
    });
    expect(res.status).toBe(200);
    return res.body.connection.id;
  }

  it("the schedule run by both instances at once syncs each due connection once", async () => {
    fake.addEvent("google", {
      id: "e1",
      title: "Standup",
      start: new Date(Date.now() + 86_400_000).toISOString(),
      end: new Date(Date.now() + 90_000_000).toISOString(),
    });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await connect((await createVerifiedUser(a)).client));
    const listedBefore = fake.count(GOOGLE_EVENTS);

    const later = new Date(Date.now() + 17 * 60_000);
    a.clock.set(later);
    b.clock.set(later);
    const run = (s: TestServer) => s.kairo.deps.jobs.run(CALENDAR_AUTO_SYNC_JOB);
    await Promise.all([run(a), run(b), run(a), run(b)]);

    for (const id of ids) {
      const logs = await a.testDb.database.db.select().from(syncLogs).where(eq(syncLogs.connectionId, id));
      expect(logs.filter((l) => l.syncType === "scheduled")).toHaveLength(1);
    }
    expect(fake.count(GOOGLE_EVENTS) - listedBefore).toBe(ids.length);
  });

  it("Sync Now sent to both instances at once runs one sync", async () => {
    const person = await createVerifiedUser(a);
    const id = await connect(person.client);
    fake.behaviour.delayMs = 400;
    const path = `/api/calendar-integrations/connections/${id}/sync`;
    const results = await Promise.all([person.client.post(path), person.client.at(b.baseUrl).post(path)]);
    fake.behaviour.delayMs = 0;
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const busy = results.find((r) => r.status === 409)!;
    expect(busy.body).toMatchObject({ error: { code: "CALENDAR_SYNC_BUSY" } });
  });
});
