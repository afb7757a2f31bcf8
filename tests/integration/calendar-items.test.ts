// GET /api/calendar beyond tasks and time blocks (analytics.test.ts covers those): synced calendar
// events, written straight into the database as a calendar sync would leave them, show for their
// owner in range and never for anyone else; and tracked time obeys the free plan's 7-day history
// like the time-log and analytics calls, while deadlines and synced events, which are plans rather
// than history, always show.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { calendarConnections, syncedEvents } from "#server/db/schema/calendar.ts";
import type { CalendarItemsResponse, TaskDto } from "#shared/contracts/tasks.ts";
import { type SignedInPerson, testServerForFile } from "../support/integration.ts";

type Person = SignedInPerson;

const { server, db, person } = testServerForFile();
const MIN = 60_000;
const DAY = 86_400_000;
// "Now" of these tests: Wednesday 13 May 2026, noon UTC.
const NOW = "2026-05-13T12:00:00.000Z";
const WEEK = "from=2026-05-11T00:00:00.000Z&to=2026-05-18T00:00:00.000Z";

async function calendar(p: Person, query: string) {
  const res = await p.client.get<CalendarItemsResponse>(`/api/calendar?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function connect(userId: string, opts: { email?: string; isActive?: boolean } = {}) {
  const [row] = await db()
    .insert(calendarConnections)
    .values({
      userId,
      provider: "google",
      calendarEmail: opts.email ?? `${userId}@example.com`,
      calendarName: "Work",
      isActive: opts.isActive ?? true,
    })
    .returning();
  return row!;
}

async function syncEvent(
  userId: string,
  connectionId: string,
  e: { externalId: string; title: string; start: string; end: string | null; location?: string },
) {
  const [row] = await db()
    .insert(syncedEvents)
    .values({
      userId,
      connectionId,
      externalId: e.externalId,
      title: e.title,
      startTime: new Date(e.start),
      endTime: e.end ? new Date(e.end) : null,
      location: e.location ?? null,
      provider: "google",
      rawData: { id: e.externalId },
    })
    .returning();
  return row!;
}

describe("synced calendar events", () => {
  let me: Person;
  let other: Person;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    me = await person();
    other = await person();
    const mine = await connect(me.id);
    const theirs = await connect(other.id);
    ids.standup = (
      await syncEvent(me.id, mine.id, {
        externalId: "standup",
        title: "Team stand-up",
        start: "2026-05-12T09:00:00.000Z",
        end: "2026-05-12T09:15:00.000Z",
        location: "Room 4",
      })
    ).id;
    // Began the Sunday before and runs into Monday: overlaps the week, so it shows.
    ids.offsite = (
      await syncEvent(me.id, mine.id, {
        externalId: "offsite",
        title: "Offsite",
        start: "2026-05-10T22:00:00.000Z",
        end: "2026-05-11T02:00:00.000Z",
      })
    ).id;
    // No end time (a reminder): placed by its start.
    ids.reminder = (
      await syncEvent(me.id, mine.id, {
        externalId: "reminder",
        title: "Pay rent",
        start: "2026-05-15T08:00:00.000Z",
        end: null,
      })
    ).id;
    // Outside the week on both sides.
    await syncEvent(me.id, mine.id, {
      externalId: "before",
      title: "Last week's review",
      start: "2026-05-08T09:00:00.000Z",
      end: "2026-05-08T10:00:00.000Z",
    });
    await syncEvent(me.id, mine.id, {
      externalId: "after",
      title: "Next week's planning",
      start: "2026-05-18T00:00:00.000Z",
      end: "2026-05-18T01:00:00.000Z",
    });
    // Someone else's event at the same time as mine.
    ids.theirs = (
      await syncEvent(other.id, theirs.id, {
        externalId: "standup",
        title: "Their private interview",
        start: "2026-05-12T09:00:00.000Z",
        end: "2026-05-12T10:00:00.000Z",
      })
    ).id;
  });

  it("lists the person's events that overlap the range, in start order, with their details", async () => {
    server.clock.set(NOW);
    const res = await calendar(me, WEEK);
    expect(res.events).toEqual([
      {
        id: ids.offsite,
        title: "Offsite",
        startTime: "2026-05-10T22:00:00.000Z",
        endTime: "2026-05-11T02:00:00.000Z",
        location: null,
        provider: "google",
      },
      {
        id: ids.standup,
        title: "Team stand-up",
        startTime: "2026-05-12T09:00:00.000Z",
        endTime: "2026-05-12T09:15:00.000Z",
        location: "Room 4",
        provider: "google",
      },
      {
        id: ids.reminder,
        title: "Pay rent",
        startTime: "2026-05-15T08:00:00.000Z",
        endTime: null,
        location: null,
        provider: "google",
      },
    ]);
  });

  it("never shows another person's events, even at the same time with the same external id", async () => {
    server.clock.set(NOW);
    const mine = await calendar(me, WEEK);
    expect(JSON.stringify(mine)).not.toContain("Their private interview");
    expect(JSON.stringify(mine)).not.toContain(ids.theirs);

    const theirs = await calendar(other, WEEK);
    expect(theirs.events.map((e) => [e.id, e.title])).toEqual([[ids.theirs, "Their private interview"]]);
    expect(JSON.stringify(theirs)).not.toMatch(/Team stand-up|Offsite|Pay rent/);
  });

  it("a narrower range keeps only the events that overlap it", async () => {
    server.clock.set(NOW);
    const tuesdayMorning = await calendar(me, "from=2026-05-12T09:10:00.000Z&to=2026-05-12T12:00:00.000Z");
    expect(tuesdayMorning.events.map((e) => e.title)).toEqual(["Team stand-up"]);
    const nothing = await calendar(me, "from=2026-05-12T10:00:00.000Z&to=2026-05-12T12:00:00.000Z");
    expect(nothing.events).toEqual([]);
  });

  it("stops showing a calendar's events once it is disconnected", async () => {
    server.clock.set(NOW);
    const p = await person();
    const gone = await connect(p.id, { email: "old@example.com", isActive: false });
    const kept = await connect(p.id, { email: "new@example.com" });
    await syncEvent(p.id, gone.id, {
      externalId: "x",
      title: "From the old calendar",
      start: "2026-05-12T09:00:00.000Z",
      end: "2026-05-12T10:00:00.000Z",
    });
    await syncEvent(p.id, kept.id, {
      externalId: "x",
      title: "From the connected calendar",
      start: "2026-05-12T11:00:00.000Z",
      end: "2026-05-12T12:00:00.000Z",
    });
    expect((await calendar(p, WEEK)).events.map((e) => e.title)).toEqual(["From the connected calendar"]);
  });

  it("shows events on the free plan too: they are plans, not history", async () => {
    server.clock.set(NOW);
    await db()
      .update(subscriptions)
      .set({ trialEndsAt: new Date("2026-05-01T00:00:00.000Z") })
      .where(eq(subscriptions.userId, me.id));
    try {
      const lastWeek = await calendar(me, "from=2026-05-04T00:00:00.000Z&to=2026-05-11T00:00:00.000Z");
      expect(lastWeek.events.map((e) => e.title)).toEqual(["Last week's review", "Offsite"]);
      expect(lastWeek.trackedSince).toBe("2026-05-06T12:00:00.000Z");
    } finally {
      await db()
        .update(subscriptions)
        .set({ trialEndsAt: new Date("2026-06-01T00:00:00.000Z") })
        .where(eq(subscriptions.userId, me.id));
    }
  });
});

describe("the free plan's 7-day history", () => {
  // One person, three kinds of item around the 7-day line (6 May, 12:00 UTC):
  // a time block 10 days ago, one 8 days ago, one 6 days ago, one today; a task due 9 days ago.
  let p: Person;
  let task: TaskDto;

  async function track(from: string, minutes: number) {
    server.clock.set(from);
    expect((await p.client.post(`/api/tasks/${task.id}/timer/start`)).status).toBe(200);
    server.clock.advance(minutes * MIN);
    expect((await p.client.post(`/api/tasks/${task.id}/timer/stop`)).status).toBe(200);
  }

  async function setPlan(plan: "trial" | "free" | "pro") {
    const values =
      plan === "trial"
        ? { planId: null, status: "trialing", trialEndsAt: new Date("2026-05-20T00:00:00.000Z") }
        : plan === "free"
          ? { planId: null, status: "expired", trialEndsAt: new Date("2026-05-01T00:00:00.000Z") }
          : {
              planId: "pro",
              status: "active",
              trialEndsAt: new Date("2026-05-01T00:00:00.000Z"),
              currentPeriodEnd: new Date("2026-06-01T00:00:00.000Z"),
            };
    await db().update(subscriptions).set(values).where(eq(subscriptions.userId, p.id));
  }

  const THREE_WEEKS = "from=2026-04-27T00:00:00.000Z&to=2026-05-18T00:00:00.000Z";
  const blockStarts = (res: CalendarItemsResponse) => res.timeBlocks.map((b) => b.startTime);

  beforeAll(async () => {
    p = await person();
    server.clock.set("2026-05-01T08:00:00.000Z");
    const created = await p.client.post<TaskDto>("/api/tasks", {
      title: "Long-running work",
      category: "Design",
      deadline: "2026-05-04T10:00:00.000Z",
    });
    expect(created.status).toBe(201);
    task = created.body;
    await track("2026-05-03T09:00:00.000Z", 30); // 10 days before NOW
    await track("2026-05-05T09:00:00.000Z", 45); // 8 days before
    await track("2026-05-07T09:00:00.000Z", 20); // 6 days before
    await track("2026-05-13T09:00:00.000Z", 15); // today
    server.clock.reset();
  });

  it("on a trial, every time block in range shows and nothing is hidden", async () => {
    await setPlan("trial");
    server.clock.set(NOW);
    const res = await calendar(p, THREE_WEEKS);
    expect(blockStarts(res)).toEqual([
      "2026-05-03T09:00:00.000Z",
      "2026-05-05T09:00:00.000Z",
      "2026-05-07T09:00:00.000Z",
      "2026-05-13T09:00:00.000Z",
    ]);
    expect(res.trackedSince).toBeNull();
  });

  it("on Pro, the same", async () => {
    await setPlan("pro");
    server.clock.set(NOW);
    const res = await calendar(p, THREE_WEEKS);
    expect(res.timeBlocks).toHaveLength(4);
    expect(res.trackedSince).toBeNull();
  });

  it("on the free plan, time blocks older than 7 days are hidden however far back the range goes", async () => {
    await setPlan("free");
    server.clock.set(NOW);
    const res = await calendar(p, THREE_WEEKS);
    expect(blockStarts(res)).toEqual(["2026-05-07T09:00:00.000Z", "2026-05-13T09:00:00.000Z"]);
    expect(res.trackedSince).toBe(new Date(Date.parse(NOW) - 7 * DAY).toISOString());
    // Paging back week by week reveals nothing older either.
    for (const week of [
      "from=2026-05-04T00:00:00.000Z&to=2026-05-11T00:00:00.000Z",
      "from=2026-04-27T00:00:00.000Z&to=2026-05-04T00:00:00.000Z",
    ]) {
      const page = await calendar(p, week);
      expect(page.timeBlocks.every((b) => Date.parse(b.startTime) >= Date.parse(NOW) - 7 * DAY)).toBe(true);
    }
    expect(
      (await calendar(p, "from=2026-04-27T00:00:00.000Z&to=2026-05-04T00:00:00.000Z")).timeBlocks,
    ).toEqual([]);
    // The task's deadline, 9 days ago, is a plan rather than history: still there.
    expect(res.tasks.map((t) => t.title)).toEqual(["Long-running work"]);
  });

  it("the line moves with the clock: a day later the 6-day-old block is 7 days old and still shows, the next day it does not", async () => {
    await setPlan("free");
    server.clock.set("2026-05-14T09:00:00.000Z"); // exactly 7 days after the 7 May block
    expect(blockStarts(await calendar(p, THREE_WEEKS))).toContain("2026-05-07T09:00:00.000Z");
    server.clock.set("2026-05-14T09:00:01.000Z");
    expect(blockStarts(await calendar(p, THREE_WEEKS))).not.toContain("2026-05-07T09:00:00.000Z");
  });

  it("agrees with the time-log call, which hides the same logs", async () => {
    await setPlan("free");
    server.clock.set(NOW);
    const logs = await p.client.get<{ timeLogs: { startTime: string }[] }>(`/api/tasks/${task.id}/time-logs`);
    expect(logs.status).toBe(200);
    const fromLogs = logs.body.timeLogs.map((l) => l.startTime).sort();
    expect(blockStarts(await calendar(p, THREE_WEEKS))).toEqual(fromLogs);
  });
});
