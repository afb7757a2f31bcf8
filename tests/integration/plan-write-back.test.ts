// Plan write-back end to end (issue 25, point 5; decisions 185-187), through the real HTTP app against
// the local fake Google and Microsoft: turning it on asks for the write scope (and only then), Accept
// all writes marked events (free while there is slack, busy at risk), a drag patches, a reject and a
// completed task delete, a rate limit is waited out, the person's own move or delete in their
// calendar comes back as a pin or a release, Kairo's events are not busy time for the planner, and
// one person's plan never reaches another's calendar.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { calendarConnections } from "#server/db/schema/calendar.ts";
import { planBlockEvents, planBlocks } from "#server/db/schema/planner.ts";
import { writeBackPlan } from "#server/modules/calendar-integrations/plan-write-back.ts";
import { calendarSyncDeps } from "#server/modules/calendar-integrations/sync-deps.ts";
import { busyEvents } from "#server/modules/planner/plan-inputs.ts";
import { PLAN_WRITE_BACK_JOB } from "#server/modules/planner/write-back-queue.ts";
import type {
  CalendarCallbackResponse,
  CalendarConnectResponse,
  PlanWriteBackResponse,
} from "#shared/contracts/calendar-integrations.ts";
import type { PlanningPreferences, PlanResponse } from "#shared/contracts/planner.ts";
import { type FakeCalendars, startFakeCalendars } from "../support/fake-calendars.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";

let fake: FakeCalendars;
beforeAll(async () => {
  fake = await startFakeCalendars({ pageSize: 50 });
  return () => fake.close();
});
const { server, db, person } = testServerForFile(() => fake.env());
beforeEach(() => fake.reset());

// Monday 4 January 2027, 07:00 UTC.
const NOW = "2027-01-04T07:00:00.000Z";
const LATER = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

const PREFS: PlanningPreferences = {
  timeZone: "UTC",
  workingHours: {
    1: [{ start: "09:00", end: "17:00" }],
    2: [{ start: "09:00", end: "17:00" }],
    3: [{ start: "09:00", end: "17:00" }],
    4: [{ start: "09:00", end: "17:00" }],
    5: [{ start: "09:00", end: "17:00" }],
  },
  focusHours: [],
  lunch: { start: "12:00", end: "13:00" },
  minBlockMinutes: 30,
  maxBlockMinutes: 120,
  bufferMinutes: 0,
  dailyCapMinutes: 420,
};

type Provider = "google" | "microsoft";
const cases: Array<{ provider: Provider; eventPath: (id: string) => string; writeScope: string }> = [
  {
    provider: "google",
    eventPath: (id) => `/google/calendar/v3/calendars/primary/events/${id}`,
    writeScope: "https://www.googleapis.com/auth/calendar.events",
  },
  {
    provider: "microsoft",
    eventPath: (id) => `/microsoft/graph/v1.0/me/events/${id}`,
    writeScope: "Calendars.ReadWrite",
  },
];

/** Plays the browser through a consent at the fake and back to the callback. */
async function consent(p: SignedInPerson, authUrl: string) {
  const res = await fetch(authUrl, { redirect: "manual" });
  const back = new URL(res.headers.get("location")!);
  const done = await p.client.post<CalendarCallbackResponse>("/api/calendar-integrations/callback", {
    code: back.searchParams.get("code"),
    state: back.searchParams.get("state"),
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body;
}

async function connect(p: SignedInPerson, provider: Provider) {
  const start = await p.client.post<CalendarConnectResponse>("/api/calendar-integrations/connect", {
    provider,
  });
  expect(start.status).toBe(200);
  return (await consent(p, start.body.authUrl)).connection.id;
}

async function task(p: SignedInPerson, body: Record<string, unknown>) {
  const res = await p.client.post<{ id: string }>("/api/tasks", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Two tasks, planned and accepted: one with slack, one whose deadline is at risk. */
async function acceptedPlan(p: SignedInPerson) {
  expect((await p.client.put("/api/planner/preferences", PREFS)).status).toBe(200);
  const slack = await task(p, {
    title: "Write the newsletter",
    estimatedMinutes: 60,
    priority: "low",
    deadline: "2027-01-15T16:00:00.000Z",
  });
  const tight = await task(p, {
    title: "Tax return",
    estimatedMinutes: 480,
    priority: "high",
    deadline: "2027-01-04T17:00:00.000Z",
  });
  const plan = await p.client.post<PlanResponse>("/api/planner/plan", { scope: "week" });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  expect((await p.client.post("/api/planner/plan/accept")).status).toBe(200);
  const blocks = await db().select().from(planBlocks).where(eq(planBlocks.userId, p.id));
  return { slack, tight, blocks };
}

const runWriteBack = (userId: string) => server.kairo.deps.jobs.run(PLAN_WRITE_BACK_JOB, { userId });

const liveEvents = (provider: Provider) =>
  [...fake.accounts[provider].events.values()].filter((e) => !e.cancelled && e.mark);

async function recordOf(blockId: string) {
  const [r] = await db().select().from(planBlockEvents).where(eq(planBlockEvents.blockId, blockId));
  return r;
}

describe.each(cases)("$provider", ({ provider, eventPath, writeScope }) => {
  /** A person with a connected calendar, write-back turned on through the write-scope consent. */
  async function writingPerson() {
    server.clock.set(NOW);
    const p = await person();
    const connectionId = await connect(p, provider);
    const [plain] = await db()
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connectionId));
    expect(plain!.writeGranted).toBe(false);
    const on = await p.client.put<PlanWriteBackResponse>("/api/calendar-integrations/write-back", {
      connectionId,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    // Not on yet: the write scope is asked for first, on top of what was granted.
    expect(on.body.connectionId).toBeNull();
    const auth = new URL(on.body.authUrl!);
    expect(auth.searchParams.get("scope")).toContain(writeScope);
    if (provider === "google") expect(auth.searchParams.get("include_granted_scopes")).toBe("true");
    await consent(p, on.body.authUrl!);
    const now = await p.client.get<PlanWriteBackResponse>("/api/calendar-integrations/write-back");
    expect(now.body).toMatchObject({ connectionId, authUrl: null, calendarsError: null });
    // The main calendar until another is chosen, among those the person may write to.
    expect(now.body.calendars.find((c) => c.primary)?.id).toBe(now.body.calendarId);
    return { p, connectionId };
  }

  it("the plain connect asks only to read; turning write-back on asks for the write scope", async () => {
    server.clock.set(NOW);
    const p = await person();
    const start = await p.client.post<CalendarConnectResponse>("/api/calendar-integrations/connect", {
      provider,
    });
    expect(new URL(start.body.authUrl).searchParams.get("scope")).not.toContain(writeScope);
    await consent(p, start.body.authUrl);
    // Without the write scope the fake refuses writes: nothing has been written.
    const { blocks } = await acceptedPlan(p);
    expect(blocks.length).toBeGreaterThan(0);
    await runWriteBack(p.id);
    expect(liveEvents(provider)).toEqual([]);
  });

  it("accept writes marked events, free with slack and busy at risk; drag patches; reject and done delete", async () => {
    const { p } = await writingPerson();
    const { slack, tight, blocks } = await acceptedPlan(p);
    await runWriteBack(p.id);

    const events = liveEvents(provider);
    expect(events.map((e) => e.mark).sort()).toEqual(blocks.map((b) => b.id).sort());
    for (const b of blocks) {
      const e = events.find((x) => x.mark === b.id)!;
      expect(e.start).toBe(b.startTime.toISOString());
      expect(e.end).toBe(b.endTime.toISOString());
      expect(e.calendarId).toBe(provider === "google" ? "primary" : "default");
      expect(e.busy).toBe(b.taskId === tight);
      expect((await recordOf(b.id))!.eventId).toBe(e.id);
    }
    // Kairo's own events, once synced, are the blocks themselves: not busy time for the planner.
    server.clock.set(LATER(1));
    const conn = (
      await db().select().from(calendarConnections).where(eq(calendarConnections.userId, p.id))
    )[0]!;
    expect((await p.client.post(`/api/calendar-integrations/connections/${conn.id}/sync`)).status).toBe(200);
    const busy = await busyEvents(db(), p.id, new Date(NOW), new Date("2027-01-20T00:00:00Z"));
    expect(busy).toEqual([]);

    // Drag the newsletter's block to Friday 14:00-15:00: the same event is patched, after a 429.
    const block = blocks.find((b) => b.taskId === slack)!;
    const eventId = (await recordOf(block.id))!.eventId;
    fake.failNext(eventPath(eventId), { status: 429, retryAfter: "0" });
    const moved = await p.client.patch<PlanResponse>(`/api/planner/blocks/${block.id}`, {
      start: "2027-01-08T14:00:00.000Z",
      end: "2027-01-08T15:00:00.000Z",
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await runWriteBack(p.id);
    const patched = fake.accounts[provider].events.get(eventId)!;
    expect([patched.start, patched.end]).toEqual(["2027-01-08T14:00:00.000Z", "2027-01-08T15:00:00.000Z"]);
    expect(fake.requests.filter((r) => r.method === "PATCH" && r.path === eventPath(eventId))).toHaveLength(
      2,
    );

    // Reject one of the tax return's accepted blocks: its event is deleted, the others stay.
    const rejected = blocks.find((b) => b.taskId === tight)!;
    const rejectedEvent = (await recordOf(rejected.id))!.eventId;
    expect((await p.client.post(`/api/planner/blocks/${rejected.id}/reject`)).status).toBe(200);
    await runWriteBack(p.id);
    expect(fake.accounts[provider].events.get(rejectedEvent)!.cancelled).toBe(true);
    expect(await recordOf(rejected.id)).toBeUndefined();

    // The newsletter done: its event leaves the calendar.
    expect((await p.client.patch(`/api/tasks/${slack}`, { completed: true })).status).toBe(200);
    await runWriteBack(p.id);
    expect(fake.accounts[provider].events.get(eventId)!.cancelled).toBe(true);
    expect(liveEvents(provider).every((e) => blocks.find((b) => b.id === e.mark)!.taskId === tight)).toBe(
      true,
    );

    // Turning write-back off removes the rest.
    const off = await p.client.put<PlanWriteBackResponse>("/api/calendar-integrations/write-back", {
      connectionId: null,
    });
    expect(off.body).toEqual({
      connectionId: null,
      calendarId: null,
      calendars: [],
      calendarsError: null,
      authUrl: null,
    });
    await runWriteBack(p.id);
    expect(liveEvents(provider)).toEqual([]);
  });

  it("each occurrence of a repeating task has its own event; completing one deletes only its event", async () => {
    const { p } = await writingPerson();
    expect((await p.client.put("/api/planner/preferences", PREFS)).status).toBe(200);
    // Every Tuesday and Thursday at 16:00 UTC: two occurrences this week.
    const id = await task(p, {
      title: "Status report",
      estimatedMinutes: 60,
      recurrence: { rrule: "FREQ=WEEKLY;BYDAY=TU,TH", start: "2027-01-05T16:00", timeZone: "UTC" },
    });
    expect((await p.client.post("/api/planner/plan", { scope: "week" })).status).toBe(200);
    expect((await p.client.post("/api/planner/plan/accept")).status).toBe(200);
    const blocks = await db().select().from(planBlocks).where(eq(planBlocks.userId, p.id));
    expect(blocks.map((b) => b.occurrenceDue?.toISOString()).sort()).toEqual([
      "2027-01-05T16:00:00.000Z",
      "2027-01-07T16:00:00.000Z",
    ]);
    await runWriteBack(p.id);
    expect(
      liveEvents(provider)
        .map((e) => e.mark)
        .sort(),
    ).toEqual(blocks.map((b) => b.id).sort());

    const tuesday = blocks.find((b) => b.occurrenceDue!.toISOString() === "2027-01-05T16:00:00.000Z")!;
    const thursday = blocks.find((b) => b !== tuesday)!;
    const done = await p.client.post(`/api/tasks/${id}/occurrences/complete`, {
      due: "2027-01-05T16:00:00.000Z",
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await runWriteBack(p.id);
    expect(liveEvents(provider).map((e) => e.mark)).toEqual([thursday.id]);
    expect(await recordOf(tuesday.id)).toBeUndefined();
  });

  it("reads the person's move back as a pin and their delete as a release", async () => {
    const { p, connectionId } = await writingPerson();
    const { tight, blocks } = await acceptedPlan(p);
    await runWriteBack(p.id);
    const [first, second] = blocks.filter((b) => b.taskId === tight);
    const movedId = (await recordOf(first!.id))!.eventId;
    const deletedId = (await recordOf(second!.id))!.eventId;
    fake.updateEvent(provider, movedId, {
      start: "2027-01-04T15:00:00.000Z",
      end: "2027-01-04T16:00:00.000Z",
    });
    fake.cancelEvent(provider, deletedId);

    server.clock.set(LATER(5));
    expect((await p.client.post(`/api/calendar-integrations/connections/${connectionId}/sync`)).status).toBe(
      200,
    );
    const [pinned] = await db().select().from(planBlocks).where(eq(planBlocks.id, first!.id));
    expect(pinned!.state).toBe("pinned");
    expect(pinned!.startTime.toISOString()).toBe("2027-01-04T15:00:00.000Z");
    expect(pinned!.endTime.toISOString()).toBe("2027-01-04T16:00:00.000Z");
    expect(await db().select().from(planBlocks).where(eq(planBlocks.id, second!.id))).toEqual([]);
    expect(await recordOf(second!.id)).toBeUndefined();
    // Nothing to write back: the moved event stays where the person put it.
    const before = fake.requests.length;
    await runWriteBack(p.id);
    expect(fake.requests.slice(before).filter((r) => r.method !== "GET" && r.path.includes(movedId))).toEqual(
      [],
    );
  });

  it("a move of an event the person deleted releases its block", async () => {
    const { p } = await writingPerson();
    const { slack, blocks } = await acceptedPlan(p);
    await runWriteBack(p.id);
    const block = blocks.find((b) => b.taskId === slack)!;
    fake.cancelEvent(provider, (await recordOf(block.id))!.eventId);
    expect(
      (
        await p.client.patch(`/api/planner/blocks/${block.id}`, {
          start: "2027-01-08T14:00:00.000Z",
          end: "2027-01-08T15:00:00.000Z",
        })
      ).status,
    ).toBe(200);
    await runWriteBack(p.id);
    expect(await db().select().from(planBlocks).where(eq(planBlocks.id, block.id))).toEqual([]);
    expect(await recordOf(block.id)).toBeUndefined();
  });

  it("rate limits that persist ask for a later run; a refused token is refreshed and the write retried", async () => {
    const { p } = await writingPerson();
    const { blocks } = await acceptedPlan(p);
    const insertPath =
      provider === "google"
        ? "/google/calendar/v3/calendars/primary/events"
        : "/microsoft/graph/v1.0/me/events";
    for (let i = 0; i < 4; i++) fake.failNext(insertPath, { status: 429, retryAfter: "0" });
    const deps = calendarSyncDeps(server.kairo.deps);
    const limited = await writeBackPlan(deps, p.id, new Date(NOW));
    expect(limited.retry).toBe(true);
    expect(limited.created).toBe(blocks.length - 1);
    // The access token expires: the next run refreshes it (the stored one changes) and writes the rest.
    fake.expireAccessTokens();
    const [before] = await db()
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, p.id));
    const again = await writeBackPlan(deps, p.id, new Date(NOW));
    expect(again).toMatchObject({ retry: false, created: 1 });
    const [after] = await db().select().from(calendarConnections).where(eq(calendarConnections.userId, p.id));
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(liveEvents(provider)).toHaveLength(blocks.length);
  });

  it("a create whose answer was lost is not made twice, and a deleted event's id is not reused", async () => {
    const { p, connectionId } = await writingPerson();
    const { blocks } = await acceptedPlan(p);
    const insertPath =
      provider === "google"
        ? "/google/calendar/v3/calendars/primary/events"
        : "/microsoft/graph/v1.0/me/events";
    // The provider writes the first event, then the answer is lost (the run ends without its record,
    // as a crash between the create and the record would leave it).
    fake.failNext(insertPath, { status: 500, afterApplying: true });
    const deps = calendarSyncDeps(server.kairo.deps);
    const first = await writeBackPlan(deps, p.id, new Date(NOW));
    expect(first.retry).toBe(true);
    expect(liveEvents(provider)).toHaveLength(blocks.length);
    // Meanwhile the block whose answer was lost moves.
    const unrecorded = [];
    for (const b of blocks) if (!(await recordOf(b.id))) unrecorded.push(b);
    expect(unrecorded).toHaveLength(1);
    const lost = unrecorded[0]!;
    const moved = { start: "2027-01-08T14:00:00.000Z", end: "2027-01-08T15:00:00.000Z" };
    expect((await p.client.patch(`/api/planner/blocks/${lost.id}`, moved)).status).toBe(200);
    const again = await writeBackPlan(deps, p.id, new Date(NOW));
    expect(again).toMatchObject({ retry: false });
    const events = liveEvents(provider);
    expect(events).toHaveLength(blocks.length);
    expect(new Set(events.map((e) => e.mark)).size).toBe(blocks.length);
    for (const b of blocks)
      expect((await recordOf(b.id))?.eventId).toBe(events.find((e) => e.mark === b.id)!.id);
    // The event the lost answer made is the block's, at the block's new time.
    const adopted = events.find((e) => e.mark === lost.id)!;
    expect([adopted.start, adopted.end].map((t) => new Date(t).toISOString())).toEqual([
      moved.start,
      moved.end,
    ]);
    // Write-back off (Kairo deletes its events) and on again: every block gets an event once more.
    expect((await p.client.put("/api/calendar-integrations/write-back", { connectionId: null })).status).toBe(
      200,
    );
    await runWriteBack(p.id);
    expect(liveEvents(provider)).toEqual([]);
    expect((await p.client.put("/api/calendar-integrations/write-back", { connectionId })).status).toBe(200);
    await runWriteBack(p.id);
    expect(new Set(liveEvents(provider).map((e) => e.mark))).toEqual(new Set(blocks.map((b) => b.id)));
  });

  it("writes to another calendar of the account when chosen, moving Kairo's events there", async () => {
    const { p, connectionId } = await writingPerson();
    const { blocks } = await acceptedPlan(p);
    await runWriteBack(p.id);
    const listed = (await p.client.get<PlanWriteBackResponse>("/api/calendar-integrations/write-back")).body;
    // Every page of the account's list, only the calendars the person may write to.
    expect(listed.calendars.map((c) => c.name).sort()).toEqual(
      [provider === "google" ? fake.accounts.google.email : "Calendar", "Focus blocks", "Team plans"].sort(),
    );
    const team = listed.calendars.find((c) => c.name === "Team plans")!;
    const chosen = await p.client.put<PlanWriteBackResponse>("/api/calendar-integrations/write-back", {
      connectionId,
      calendarId: team.id,
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.calendarId).toBe(team.id);
    await runWriteBack(p.id);
    const events = liveEvents(provider);
    expect(events).toHaveLength(blocks.length);
    if (provider === "google") expect(new Set(events.map((e) => e.calendarId))).toEqual(new Set([team.id]));
    for (const b of blocks) expect((await recordOf(b.id))?.calendarId).toBe(team.id);
    // A calendar the person may only read, or none of theirs: refused, nothing changed.
    for (const calendarId of [
      provider === "google" ? "en.usa#holiday@group.v.calendar.google.com" : "cal-birthdays",
      "x",
    ])
      expectError(
        await p.client.put("/api/calendar-integrations/write-back", { connectionId, calendarId }),
        400,
        /calendarId must be the id of one of your calendars that Kairo may write to/,
      );
    expect(
      (await p.client.get<PlanWriteBackResponse>("/api/calendar-integrations/write-back")).body.calendarId,
    ).toBe(team.id);
    // Back to the main calendar: the events follow.
    const main = listed.calendars.find((c) => c.primary)!;
    expect(
      (await p.client.put("/api/calendar-integrations/write-back", { connectionId, calendarId: main.id }))
        .status,
    ).toBe(200);
    await runWriteBack(p.id);
    expect(liveEvents(provider)).toHaveLength(blocks.length);
    for (const b of blocks) expect((await recordOf(b.id))?.calendarId).not.toBe(team.id);
  });

  it("another person's plan never reaches my calendar, nor can they choose my connection", async () => {
    const { connectionId } = await writingPerson();
    const other = await person();
    await acceptedPlan(other);
    await runWriteBack(other.id);
    expect(liveEvents(provider)).toEqual([]);
    expectError(await other.client.put("/api/calendar-integrations/write-back", { connectionId }), 404);
    expect(
      await db()
        .select()
        .from(planBlockEvents)
        .where(and(eq(planBlockEvents.userId, other.id))),
    ).toEqual([]);
  });
});

describe("bad input", () => {
  it("refuses a body that is not a connection id or null", async () => {
    const p = await person();
    for (const body of [{}, { connectionId: "x" }, { connectionId: 3 }, { connectionId: null, extra: 1 }])
      expectError(await p.client.put("/api/calendar-integrations/write-back", body), 400);
  });
});
