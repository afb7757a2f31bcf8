// A calendar sync whose instance dies in the middle: two real server processes (`main.ts`) on one
// PostgreSQL, a slow full sync (ten pages from the fake Google, a second each) started through
// instance A, and A killed with SIGKILL after its second page. Instance B must complete the sync
// within 60 s of the kill: A's lease stops being renewed, runs out, and B's takeover sweep syncs the
// connection again (src/server/modules/calendar-integrations/sync-lease.ts). PostgreSQL only: two
// processes cannot share an embedded database.
import type { ChildProcess } from "node:child_process";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { calendarConnections, syncedEvents, syncLogs } from "#server/db/schema/calendar.ts";
import type {
  CalendarCallbackResponse,
  CalendarConnectResponse,
} from "#shared/contracts/calendar-integrations.ts";
import { freePort, startChildServer, stopChildServer } from "../support/child-server.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { type FakeCalendars, startFakeCalendars } from "../support/fake-calendars.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";
const SECRET = "test-secret-test-secret-test-secret-0123456789";
const GOOGLE_EVENTS = "/google/calendar/v3/calendars/primary/events";
const EVENTS = 20;
const PAGE_MS = 1000;

let fake: FakeCalendars | undefined;
let setup: TestServer | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) await stopChildServer(child, "SIGKILL");
  await setup?.close();
  await fake?.close();
});

async function connectGoogle(client: TestClient) {
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

async function instance(env: Record<string, string>, name: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startChildServer(port, {
    ...env,
    PUBLIC_URL: url,
    KAIRO_DATA_DIR: `/tmp/kairo-test-data-${name}`,
  });
  children.push(child);
  return { url, child };
}

describe.runIf(onPostgres)("a calendar sync whose instance is killed", () => {
  it("is completed by the other instance within 60 s of the SIGKILL", { timeout: 180_000 }, async () => {
    fake = await startFakeCalendars({ pageSize: 2 });
    for (let i = 0; i < EVENTS; i++) {
      const day = new Date(Date.now() + (i + 1) * 3600_000);
      fake.addEvent("google", {
        id: `e${i}`,
        title: `Meeting ${i}`,
        start: day.toISOString(),
        end: new Date(day.getTime() + 1800_000).toISOString(),
      });
    }
    // The in-process server only makes the database, the person and the connection.
    setup = await startTestServer(fake.env());
    const db = setup.testDb.database.db;
    const person = await createVerifiedUser(setup);
    const id = await connectGoogle(person.client);
    const successes = async () =>
      (
        await db
          .select()
          .from(syncLogs)
          .where(and(eq(syncLogs.connectionId, id), eq(syncLogs.status, "success")))
      ).length;
    expect(await successes()).toBe(1);

    const env = {
      ...fake.env(),
      DATABASE_URL: setup.testDb.url!,
      BETTER_AUTH_SECRET: SECRET,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
    };
    const a = await instance(env, "crash-a");
    const b = await instance(env, "crash-b");

    // A full listing again (no sync token), each page a second late: a sync of about ten seconds.
    await db.update(calendarConnections).set({ syncCursor: null }).where(eq(calendarConnections.id, id));
    await db.delete(syncedEvents).where(eq(syncedEvents.connectionId, id));
    fake.behaviour.delayMs = PAGE_MS;
    const pagesBefore = fake.count(GOOGLE_EVENTS);
    const onA = person.client
      .at(a.url)
      .post(`/api/calendar-integrations/connections/${id}/sync`)
      .catch(() => null);
    await expect
      .poll(() => fake!.count(GOOGLE_EVENTS) - pagesBefore, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    const [running] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
    expect(running!.syncLeaseUntil).not.toBeNull();

    await stopChildServer(a.child, "SIGKILL");
    const killedAt = Date.now();
    await onA;
    const pagesAtKill = fake.count(GOOGLE_EVENTS);

    // Within 60 s B has synced the whole window again and written the success.
    await expect.poll(successes, { timeout: 60_000 - (Date.now() - killedAt), interval: 250 }).toBe(2);
    const stored = await db.select().from(syncedEvents).where(eq(syncedEvents.connectionId, id));
    expect(stored.map((e) => e.externalId).sort()).toEqual(
      Array.from({ length: EVENTS }, (_, i) => `e${i}`).sort(),
    );
    const [after] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
    expect(after).toMatchObject({ isActive: true, errorMessage: null, syncLeaseUntil: null });
    expect(after!.syncCursor).not.toBeNull();
    // B listed all ten pages after the kill (A was gone).
    expect(fake.count(GOOGLE_EVENTS) - pagesAtKill).toBeGreaterThanOrEqual(EVENTS / 2);
    const logs = await db.select().from(syncLogs).where(eq(syncLogs.connectionId, id));
    expect(logs.filter((l) => l.status === "failed")).toEqual([]);
    // B is alive and well.
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
  });
});
