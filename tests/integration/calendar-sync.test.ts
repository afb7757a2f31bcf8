// Calendar sync end to end through the HTTP app, against the local fake Google and Microsoft:
// connect (PKCE, state), first sync, incremental changes, 410 resync, token refresh and rotation,
// a revoked grant, rate limits, failures, disconnect, the free plan's limit, isolation, bad input
// and the 15-minute schedule on an injected clock.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { calendarConnections, syncedEvents, syncLogs } from "#server/db/schema/calendar.ts";
import { CALENDAR_AUTO_SYNC_JOB } from "#server/jobs/definitions/calendar-auto-sync.ts";
import { syncConnection } from "#server/modules/calendar-integrations/sync.ts";
import type {
  CalendarCallbackResponse,
  CalendarConnectResponse,
  CalendarIntegrationsResponse,
} from "#shared/contracts/calendar-integrations.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { type FakeCalendars, startFakeCalendars } from "../support/fake-calendars.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let fake: FakeCalendars;
const db = () => server.testDb.database.db;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const GOOGLE_EVENTS = "/google/calendar/v3/calendars/primary/events";
const GRAPH_DELTA = "/microsoft/graph/v1.0/me/calendarView/delta";

beforeAll(async () => {
  fake = await startFakeCalendars({ pageSize: 2 });
  server = await startTestServer(fake.env());
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  server.clock.reset();
});

const inDays = (d: number, hour = 9) => {
  const at = new Date(Date.now() + d * DAY);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

function seed(provider: "google" | "microsoft", ids: string[]) {
  for (const [i, id] of ids.entries()) {
    fake.addEvent(provider, {
      id,
      title: `Meeting ${id}`,
      start: inDays(i + 1),
      end: inDays(i + 1, 10),
      location: "Room 1",
      attendees: ["bob@example.com"],
    });
  }
}

async function personId(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/** Plays the browser: Connect, the provider's consent (the fake approves), the callback. */
async function authorize(client: TestClient, provider: "google" | "microsoft") {
  const start = await client.post<CalendarConnectResponse>("/api/calendar-integrations/connect", {
    provider,
  });
  expect(start.status).toBe(200);
  const res = await fetch(start.body.authUrl, { redirect: "manual" });
  const back = new URL(res.headers.get("location")!);
  return {
    start: start.body,
    back,
    code: back.searchParams.get("code")!,
    state: back.searchParams.get("state")!,
  };
}

async function connect(client: TestClient, provider: "google" | "microsoft") {
  const { code, state } = await authorize(client, provider);
  const res = await client.post<CalendarCallbackResponse>("/api/calendar-integrations/callback", {
    code,
    state,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function storedTitles(connectionId: string) {
  const rows = await db()
    .select({ externalId: syncedEvents.externalId, title: syncedEvents.title })
    .from(syncedEvents)
    .where(eq(syncedEvents.connectionId, connectionId));
  return Object.fromEntries(rows.map((r) => [r.externalId, r.title]));
}

const syncNow = (client: TestClient, id: string) =>
  client.post<{ eventsSynced: number; calendarName: string; error?: { code: string; message: string } }>(
    `/api/calendar-integrations/connections/${id}/sync`,
  );

describe("connect and first sync", () => {
  it("Google: PKCE and state, tokens sealed, the window's events stored and shown", async () => {
    seed("google", ["a", "b", "c"]);
    fake.addEvent("google", { id: "far", title: "Far away", start: inDays(45), end: inDays(45, 10) });
    const person = await createVerifiedUser(server);
    const { start, code, state } = await authorize(person.client, "google");
    const auth = new URL(start.authUrl);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("redirect_uri")).toBe(`${server.baseUrl}/calendar-callback`);
    expect(start.validRedirectUris).toEqual([
      `${server.baseUrl}/calendar-callback`,
      "http://localhost:5173/calendar-callback",
      "http://127.0.0.1:5173/calendar-callback",
    ]);

    const announced: { connectionId: string; provider: string }[] = [];
    const off = server.kairo.deps.events.on("calendar.connected", (e) => {
      announced.push({ connectionId: e.connectionId, provider: e.provider });
    });
    const res = await person.client.post<CalendarCallbackResponse>("/api/calendar-integrations/callback", {
      code,
      state,
    });
    expect(res.status).toBe(200);
    await server.kairo.deps.events.idle();
    off();
    expect(announced).toEqual([{ connectionId: res.body.connection.id, provider: "google" }]);
    expect(res.body.sync).toEqual({ eventsSynced: 3, calendarName: "Ada's calendar" });
    expect(res.body.connection).toMatchObject({
      provider: "google",
      calendarEmail: "ada@example.com",
      calendarName: "Ada's calendar",
      needsReconnect: false,
      errorMessage: null,
    });
    expect(res.body.connection.lastSync).not.toBeNull();
    expect(new Date(res.body.connection.nextSyncAt!).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    const id = res.body.connection.id;
    expect(await storedTitles(id)).toEqual({ a: "Meeting a", b: "Meeting b", c: "Meeting c" });
    const [row] = await db().select().from(calendarConnections).where(eq(calendarConnections.id, id));
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.refreshToken).toMatch(/^v1\./);
    const grant = fake.grants.at(-1)!;
    expect(JSON.stringify(row)).not.toContain(grant.accessToken);

    const view = await person.client.get<CalendarIntegrationsResponse>("/api/calendar-integrations");
    expect(view.body.connections.map((c) => c.id)).toEqual([id]);
    expect(view.body.syncLogs[0]).toMatchObject({ status: "success", syncType: "manual", eventsSynced: 3 });
    expect(JSON.stringify(view.body)).not.toContain(grant.accessToken);
    expect(JSON.stringify(view.body)).not.toContain(grant.refreshToken);

    const week = await person.client.get<{ events: { title: string; location: string; provider: string }[] }>(
      `/api/calendar?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 10 * DAY).toISOString())}`,
    );
    expect(week.status).toBe(200);
    expect(week.body.events.map((e) => e.title)).toEqual(["Meeting a", "Meeting b", "Meeting c"]);
    expect(week.body.events[0]).toMatchObject({ location: "Room 1", provider: "google" });
  });

  it("Microsoft: /me and /me/calendar name the connection; the delta pages are followed", async () => {
    seed("microsoft", ["m1", "m2", "m3"]);
    const person = await createVerifiedUser(server);
    const body = await connect(person.client, "microsoft");
    expect(body.connection).toMatchObject({ calendarEmail: "grace@example.com", calendarName: "Calendar" });
    expect(body.sync).toEqual({ eventsSynced: 3, calendarName: "Calendar" });
    expect(fake.count(GRAPH_DELTA)).toBe(2); // two pages of two
  });
});

describe("Sync Now", () => {
  it("follows the changes: added, changed and cancelled events", async () => {
    seed("google", ["a", "b", "c"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    fake.addEvent("google", { id: "d", title: "", start: inDays(5), end: inDays(5, 11) });
    fake.updateEvent("google", "a", { title: "Renamed" });
    fake.cancelEvent("google", "b");
    const res = await syncNow(person.client, connection.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eventsSynced: 2, calendarName: "Ada's calendar" });
    expect(await storedTitles(connection.id)).toEqual({ a: "Renamed", c: "Meeting c", d: "Untitled Event" });
    const last = fake.requests.filter((r) => r.path === GOOGLE_EVENTS).at(-1)!;
    expect(last.query).toContain("syncToken=");
  });

  it("Microsoft: changes through the delta link, deletions as @removed", async () => {
    seed("microsoft", ["m1", "m2"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "microsoft");
    fake.cancelEvent("microsoft", "m1");
    fake.updateEvent("microsoft", "m2", { title: "Moved", start: inDays(3), end: inDays(3, 10) });
    expect((await syncNow(person.client, connection.id)).body.eventsSynced).toBe(1);
    expect(await storedTitles(connection.id)).toEqual({ m2: "Moved" });
    expect(fake.requests.filter((r) => r.path === GRAPH_DELTA).at(-1)!.query).toContain("$deltatoken=");
  });

  it("an expired sync token (410) is answered by a full resync that drops what is gone", async () => {
    seed("google", ["a", "b"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    // Removed at the provider while the sync token is lost: only a full listing can tell.
    fake.accounts.google.events.delete("b");
    fake.expireSyncState();
    const res = await syncNow(person.client, connection.id);
    expect(res.status).toBe(200);
    expect(await storedTitles(connection.id)).toEqual({ a: "Meeting a" });
    const calls = fake.requests.filter((r) => r.path === GOOGLE_EVENTS).slice(-2);
    expect(calls[0]!.query).toContain("syncToken=");
    expect(calls[1]!.query).toContain("timeMin=");
  });

  it("refreshes an expired token first, and a refused one once; Microsoft's rotated refresh token is kept", async () => {
    seed("microsoft", ["m1"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "microsoft");
    const sealedBefore = (
      await db().select().from(calendarConnections).where(eq(calendarConnections.id, connection.id))
    )[0]!;
    // Refused by the provider: refreshed and retried within the same sync.
    fake.expireAccessTokens();
    expect((await syncNow(person.client, connection.id)).status).toBe(200);
    // Expired by our own clock: refreshed before the call; this refresh needs the rotated token.
    server.clock.set(new Date(Date.now() + 2 * HOUR));
    expect((await syncNow(person.client, connection.id)).status).toBe(200);
    expect(fake.count("/microsoft/common/oauth2/v2.0/token")).toBe(3); // exchange + two refreshes
    const sealedAfter = (
      await db().select().from(calendarConnections).where(eq(calendarConnections.id, connection.id))
    )[0]!;
    expect(sealedAfter.refreshToken).not.toBe(sealedBefore.refreshToken);
    expect(sealedAfter.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 2 * HOUR);
  });

  it("a revoked grant: Authentication Required, the connection needs reconnecting, the person is told", async () => {
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    fake.revokeAll("google");
    fake.expireAccessTokens();
    const res = await syncNow(person.client, connection.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "CALENDAR_RECONNECT_REQUIRED",
      message: "Please reconnect your calendar to continue syncing",
    });
    const view = await person.client.get<CalendarIntegrationsResponse>("/api/calendar-integrations");
    expect(view.body.connections[0]).toMatchObject({
      needsReconnect: true,
      nextSyncAt: null,
      errorMessage: "Authorization expired. Please reconnect your account.",
    });
    expect(view.body.syncLogs[0]).toMatchObject({
      status: "failed",
      errorMessage: "Authorization expired. Please reconnect your account.",
    });
    const mail = server.outbox
      .list()
      .filter((m) => m.to === person.email && /Reconnect your calendar/.test(m.subject));
    expect(mail).toHaveLength(1);
    const notices = await person.client.get<{
      notifications: { kind: string; title: string; link: string }[];
    }>("/api/notifications");
    expect(notices.body.notifications).toEqual([
      expect.objectContaining({
        kind: "calendar",
        title: "Reconnect Ada's calendar",
        link: "/settings#calendar",
      }),
    ]);
    // Told once, not at every failed attempt.
    await syncNow(person.client, connection.id);
    expect(
      server.outbox.list().filter((m) => m.to === person.email && /Reconnect/.test(m.subject)),
    ).toHaveLength(1);
    // Connecting again clears it.
    const again = await connect(person.client, "google");
    expect(again.connection).toMatchObject({ id: connection.id, needsReconnect: false, errorMessage: null });
  });

  it("waits out a 429 with Retry-After and succeeds", async () => {
    seed("google", ["a"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    fake.failNext(GOOGLE_EVENTS, { status: 429, retryAfter: "1" });
    const t0 = Date.now();
    const res = await syncNow(person.client, connection.id);
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  });

  it("a provider failure or a malformed answer: Sync Failed, a failed log row, nothing half-stored", async () => {
    seed("google", ["a"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    fake.failNext(GOOGLE_EVENTS, { status: 500 });
    const failed = await syncNow(person.client, connection.id);
    expect(failed.status).toBe(502);
    expect(failed.body.error!.code).toBe("CALENDAR_SYNC_FAILED");

    fake.addEvent("google", { id: "ok", title: "Fine", start: inDays(2), end: inDays(2, 10) });
    fake.addEvent("google", {
      id: "bad",
      title: "No date",
      start: inDays(3),
      end: inDays(3, 10),
      noDate: true,
    });
    const malformed = await syncNow(person.client, connection.id);
    expect(malformed.status).toBe(502);
    expect(malformed.body.error!.message).toBe("The calendar provider sent an event without a date.");
    expect(await storedTitles(connection.id)).toEqual({ a: "Meeting a" });
    const logs = await db().select().from(syncLogs).where(eq(syncLogs.connectionId, connection.id));
    expect(logs.filter((l) => l.status === "failed")).toHaveLength(2);
  });

  it("a connection without a token fails with No access token found", async () => {
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    await db()
      .update(calendarConnections)
      .set({ accessToken: null })
      .where(eq(calendarConnections.id, connection.id));
    const res = await syncNow(person.client, connection.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: "CALENDAR_NO_TOKEN", message: "No access token found" });
  });
});

describe("disconnect", () => {
  it("revokes at Google, removes tokens and events, keeps the history", async () => {
    seed("google", ["a", "b"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    const res = await person.client.delete(`/api/calendar-integrations/connections/${connection.id}`);
    expect(res.status).toBe(200);
    expect(fake.count("/google/revoke")).toBe(1);
    expect(fake.grants.at(-1)!.revoked).toBe(true);
    const [row] = await db()
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row).toMatchObject({ isActive: false, accessToken: null, refreshToken: null, syncCursor: null });
    expect(await storedTitles(connection.id)).toEqual({});
    const view = await person.client.get<CalendarIntegrationsResponse>("/api/calendar-integrations");
    expect(view.body.connections).toEqual([]);
    expect(view.body.syncLogs).toHaveLength(1);
    expect((await syncNow(person.client, connection.id)).status).toBe(404);
    expect(
      (await person.client.delete(`/api/calendar-integrations/connections/${connection.id}`)).status,
    ).toBe(404);
  });
  it("a token refresh that finishes after Disconnect writes no token back (Microsoft cannot revoke)", async () => {
    seed("microsoft", ["m1"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "microsoft");
    // The access token has run out: the next sync refreshes it before anything else.
    await db()
      .update(calendarConnections)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(calendarConnections.id, connection.id));
    const token = fake.holdNext("/microsoft/common/oauth2/v2.0/token");
    const syncing = syncNow(person.client, connection.id);
    await token.reached;
    const gone = await person.client.delete(`/api/calendar-integrations/connections/${connection.id}`);
    expect(gone.status).toBe(200);
    // Microsoft answers the refresh with live tokens, a rotated refresh token among them.
    token.release();
    expect((await syncing).status).toBe(404);
    const [row] = await db()
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row).toMatchObject({
      isActive: false,
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
      syncLeaseUntil: null,
      errorMessage: null,
    });
    expect(await storedTitles(connection.id)).toEqual({});
  });
});

const syncDeps = (leaseTimings?: { leaseMs: number; renewMs: number }) => ({
  db: db(),
  secretBox: server.kairo.deps.secretBox,
  calendars: server.kairo.deps.calendars,
  logger: server.kairo.deps.logger,
  clock: server.kairo.deps.clock,
  leaseTimings,
});
const connectionRow = async (id: string) =>
  (await db().select().from(calendarConnections).where(eq(calendarConnections.id, id)))[0]!;

describe("the sync's lease", () => {
  it("is renewed while the sync pages: a sync far longer than its lease is never taken over", async () => {
    seed("google", ["a", "b", "c", "d", "e", "f"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    // A full sync of three pages, with a lease of 600 ms renewed every 150 ms.
    await db()
      .update(calendarConnections)
      .set({ syncCursor: null })
      .where(eq(calendarConnections.id, connection.id));
    const page = fake.holdNext(GOOGLE_EVENTS);
    const deps = syncDeps({ leaseMs: 600, renewMs: 150 });
    const syncing = syncConnection(deps, {
      connectionId: connection.id,
      syncType: "manual",
      now: new Date(),
    });
    try {
      await page.reached;
      // Held at the provider for more than three leases: the heartbeat keeps the lease.
      await new Promise((r) => setTimeout(r, 2000));
      const held = await connectionRow(connection.id);
      expect(held.syncLeaseUntil!.getTime()).toBeGreaterThan(Date.now());
      expect(held.nextSyncAt!.getTime()).toBe(held.syncLeaseUntil!.getTime());
      expect(await server.kairo.calendarTakeover.sweep()).toBe(0);
      expect((await syncNow(person.client, connection.id)).status).toBe(409);
    } finally {
      page.release();
    }
    expect(await syncing).toMatchObject({ status: "success", eventsSynced: 6 });
    const done = await connectionRow(connection.id);
    expect(done.syncLeaseUntil).toBeNull();
    expect(done.nextSyncAt!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const logs = await db().select().from(syncLogs).where(eq(syncLogs.connectionId, connection.id));
    expect(logs.map((l) => l.status)).toEqual(["success", "success"]);
  });

  it("left behind by a dead instance, runs out and the takeover sweep syncs the connection again", async () => {
    seed("google", ["a"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    fake.addEvent("google", { id: "late", title: "Added later", start: inDays(2), end: inDays(2, 10) });
    // What a killed instance leaves: its lease, written as the connection's next turn, still running.
    const until = new Date(Date.now() + 60_000);
    await db()
      .update(calendarConnections)
      .set({ syncLeaseUntil: until, nextSyncAt: until })
      .where(eq(calendarConnections.id, connection.id));
    expect(await server.kairo.calendarTakeover.sweep()).toBe(0);
    expect((await syncNow(person.client, connection.id)).status).toBe(409);
    // Once it has run out, the sweep takes the connection over.
    const lapsed = new Date(Date.now() - 1000);
    await db()
      .update(calendarConnections)
      .set({ syncLeaseUntil: lapsed, nextSyncAt: lapsed })
      .where(eq(calendarConnections.id, connection.id));
    expect(await server.kairo.calendarTakeover.sweep()).toBe(1);
    expect(await storedTitles(connection.id)).toEqual({ a: "Meeting a", late: "Added later" });
    const logs = await db().select().from(syncLogs).where(eq(syncLogs.connectionId, connection.id));
    expect(logs.map((l) => [l.status, l.syncType])).toEqual([
      ["success", "manual"],
      ["success", "scheduled"],
    ]);
    expect((await connectionRow(connection.id)).syncLeaseUntil).toBeNull();
    expect(await server.kairo.calendarTakeover.sweep()).toBe(0);
  });
});

describe("the free plan and isolation", () => {
  it("the free plan holds one connection; a second Connect offers Pro", async () => {
    const person = await createVerifiedUser(server);
    await db()
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, await personId(person.email)));
    await connect(person.client, "google");
    const second = await person.client.post<{
      error: { code: string; message: string; requiredPlan: string };
    }>("/api/calendar-integrations/connect", { provider: "microsoft" });
    expect(second.status).toBe(403);
    expect(second.body.error).toEqual({
      code: "PLAN_REQUIRED",
      message: "The free plan connects 1 calendar. Upgrade to Pro to connect more.",
      requiredPlan: "pro",
    });
    const view = await person.client.get<CalendarIntegrationsResponse>("/api/calendar-integrations");
    expect(view.body.connectionLimit).toBe(1);
    // Reconnecting the same provider is not a second connection.
    expect((await connect(person.client, "google")).connection.calendarEmail).toBe("ada@example.com");
  });

  it("any plan holds at most 10 connections: the 11th is refused and its grant handed back", async () => {
    const person = await createVerifiedUser(server);
    const userId = await personId(person.email);
    // Ten connected accounts, one of them the fake Microsoft account.
    await db()
      .insert(calendarConnections)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          userId,
          provider: "microsoft",
          calendarEmail: i === 0 ? "grace@example.com" : `account-${i}@example.com`,
          calendarName: `Calendar ${i}`,
        })),
      );
    const { code, state } = await authorize(person.client, "google");
    const refused = await person.client.post<{ error: { code: string; message: string } }>(
      "/api/calendar-integrations/callback",
      { code, state },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "CONFLICT",
      message: "You can connect up to 10 calendars. Disconnect one to connect another.",
    });
    expect(fake.grants.filter((g) => g.provider === "google").at(-1)?.revoked).toBe(true);
    const view = await person.client.get<CalendarIntegrationsResponse>("/api/calendar-integrations");
    expect(view.body.connections).toHaveLength(10);
    expect(view.body.connections.some((c) => c.provider === "google")).toBe(false);
    // Reconnecting one of the ten is not an eleventh.
    expect((await connect(person.client, "microsoft")).connection.calendarEmail).toBe("grace@example.com");
  });

  it("another person can neither see, sync, disconnect nor finish someone's connect", async () => {
    seed("google", ["a"]);
    const owner = await createVerifiedUser(server);
    const other = await createVerifiedUser(server);
    const { connection } = await connect(owner.client, "google");
    expect((await syncNow(other.client, connection.id)).status).toBe(404);
    expect(
      (await other.client.delete(`/api/calendar-integrations/connections/${connection.id}`)).status,
    ).toBe(404);
    expect(
      (await other.client.get<CalendarIntegrationsResponse>("/api/calendar-integrations")).body.connections,
    ).toEqual([]);
    const { code, state } = await authorize(owner.client, "google");
    const stolen = await other.client.post<{ error: { reason: string } }>(
      "/api/calendar-integrations/callback",
      { code, state },
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.reason).toBe("invalid_state");
    // The owner's own state still works: the other person's attempt consumed nothing.
    const own = await owner.client.post("/api/calendar-integrations/callback", { code, state });
    expect(own.status).toBe(200);
  });
});

describe("bad input at the callback", () => {
  it("forged, replayed and expired states, a missing code, the provider's errors", async () => {
    const person = await createVerifiedUser(server);
    const callback = (body: object) =>
      person.client.post<{
        error: { code: string; reason: string; message: string; validRedirectUris?: string[] };
      }>("/api/calendar-integrations/callback", body);
    const forged = await callback({ code: "x", state: "v1.AAAA.BBBB.CCCC" });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatchObject({ code: "CALENDAR_CONNECT_FAILED", reason: "invalid_state" });

    const first = await authorize(person.client, "google");
    expect((await callback({ code: first.code, state: first.state })).status).toBe(200);
    const replay = await callback({ code: first.code, state: first.state });
    expect(replay.body.error.reason).toBe("invalid_state");

    const late = await authorize(person.client, "google");
    server.clock.set(new Date(Date.now() + 11 * 60_000));
    expect((await callback({ code: late.code, state: late.state })).body.error.reason).toBe("invalid_state");
    server.clock.reset();

    const noCode = await authorize(person.client, "google");
    expect((await callback({ state: noCode.state })).body.error.reason).toBe("failed");

    const wrongCode = await authorize(person.client, "google");
    const wrong = await callback({ code: "code-not-issued", state: wrongCode.state });
    expect(wrong.body.error).toMatchObject({
      reason: "invalid_grant",
      message: "Authorization expired. Please reconnect your account.",
    });

    const denied = await authorize(person.client, "google");
    const deny = await callback({ error: "access_denied", state: denied.state });
    expect(deny.body.error).toMatchObject({
      reason: "access_denied",
      message: "Permission denied. Please grant the required permissions.",
    });

    const mismatch = await authorize(person.client, "google");
    const mm = await callback({ error: "redirect_uri_mismatch", state: mismatch.state });
    expect(mm.body.error.reason).toBe("redirect_uri_mismatch");
    expect(mm.body.error.validRedirectUris).toContain(`${server.baseUrl}/calendar-callback`);

    expect((await callback({ code: "x" })).status).toBe(400); // no state: validation
    expect(
      (await person.client.post("/api/calendar-integrations/connect", { provider: "yahoo" })).status,
    ).toBe(400);
    expect((await syncNow(person.client, "not-a-uuid")).status).toBe(404);
  });
});

describe("the 15-minute schedule", () => {
  it("syncs each due connection once per period, skips those needing reconnection", async () => {
    seed("google", ["a"]);
    const person = await createVerifiedUser(server);
    const { connection } = await connect(person.client, "google");
    const run = () => server.kairo.deps.jobs.run(CALENDAR_AUTO_SYNC_JOB);
    const scheduled = async () =>
      (await db().select().from(syncLogs).where(eq(syncLogs.connectionId, connection.id))).filter(
        (l) => l.syncType === "scheduled",
      );

    await run();
    expect(await scheduled()).toHaveLength(0); // not due yet
    server.clock.set(new Date(Date.now() + 16 * 60_000));
    await run();
    await run();
    expect(await scheduled()).toHaveLength(1);
    server.clock.set(new Date(Date.now() + 32 * 60_000));
    await run();
    expect(await scheduled()).toHaveLength(2);

    await db()
      .update(calendarConnections)
      .set({ needsReconnect: true })
      .where(eq(calendarConnections.id, connection.id));
    server.clock.set(new Date(Date.now() + 60 * 60_000));
    await run();
    expect(await scheduled()).toHaveLength(2);
  });
});
