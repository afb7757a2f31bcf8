// The private iCalendar feed: a secret address that serves the person's task deadlines and completed
// focus sessions as RFC 5545 events with stable UIDs in the asked-for time zone (with its VTIMEZONE),
// read back by an independent parser (ical.js); regenerating and revoking end the old address; nobody
// else's items appear.
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { pomodoroSessions } from "#server/db/schema/tasks.ts";
import { loggedPath } from "#server/http/every-response.ts";
import type { IcalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import { createVerifiedUser } from "../support/factories.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
const db = () => server.testDb.database.db;
const DAY = 86_400_000;
/** Every line the server logs, as written. */
const logLines: string[] = [];

beforeAll(async () => {
  const logger = pino({ level: "info" }, { write: (line: string) => void logLines.push(line) });
  server = await startTestServer({}, { logger });
});
afterAll(() => server?.close());

async function personId(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

async function task(client: TestClient, title: string, deadline: Date | null) {
  const res = await client.post<{ id: string }>("/api/tasks", {
    title,
    deadline: deadline?.toISOString() ?? null,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Fetched as a calendar app would: no cookies, only the address. */
async function fetchFeed(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const events = cal.getAllSubcomponents("vevent").map((v) => ({
    component: v,
    event: new ICAL.Event(v),
  }));
  return { cal, events };
}

describe("the iCalendar feed", () => {
  it("serves deadlines and completed focus sessions, in the asked-for zone, with stable UIDs", async () => {
    const person = await createVerifiedUser(server);
    const deadline = new Date(Math.ceil((Date.now() + 3 * DAY) / 60_000) * 60_000);
    const taskId = await task(person.client, "Ship the report", deadline);
    await task(person.client, "No deadline", null);
    const focusStart = new Date(Math.floor((Date.now() - DAY) / 1000) * 1000);
    const [focus] = await db()
      .insert(pomodoroSessions)
      .values({
        userId: await personId(person.email),
        taskId,
        startTime: focusStart,
        endTime: new Date(focusStart.getTime() + 25 * 60_000),
        durationMinutes: 25,
        breakDurationMinutes: 5,
        completed: true,
      })
      .returning();
    const other = await createVerifiedUser(server);
    await task(other.client, "Someone else's secret", deadline);

    expect((await person.client.get<IcalFeedResponse>("/api/calendar-integrations/ical-feed")).body).toEqual({
      url: null,
      createdAt: null,
    });
    const made = await person.client.post<IcalFeedResponse>("/api/calendar-integrations/ical-feed");
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(new RegExp(`^${server.baseUrl}/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await person.client.get<IcalFeedResponse>("/api/calendar-integrations/ical-feed")).body.url).toBe(
      made.body.url,
    );

    const feed = await fetchFeed(`${made.body.url}?tz=Europe/Paris`);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe("text/calendar; charset=utf-8");
    const { cal, events } = parse(feed.text);
    expect(cal.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("Europe/Paris");
    expect(events.map((e) => e.event.summary).sort()).toEqual([
      "Due: Ship the report",
      "Focus session: Ship the report",
    ]);
    const due = events.find((e) => e.event.uid === `task-${taskId}@kairo`)!;
    expect(due.event.startDate.zone?.tzid).toBe("Europe/Paris");
    expect(due.event.startDate.toJSDate().getTime()).toBe(deadline.getTime());
    expect(due.event.endDate.toJSDate().getTime()).toBe(deadline.getTime() + 15 * 60_000);
    const session = events.find((e) => e.event.uid === `focus-${focus!.id}@kairo`)!;
    expect(session.event.startDate.toJSDate().getTime()).toBe(focusStart.getTime());
    // DTSTAMP in UTC, as RFC 5545 requires.
    expect(String(due.component.getFirstProperty("dtstamp")?.toICALString())).toMatch(
      /^DTSTAMP:\d{8}T\d{6}Z$/,
    );
    expect(feed.text).not.toContain("Someone else's secret");

    // Stable UIDs: the same items keep theirs on the next fetch; without tz, UTC.
    const again = parse((await fetchFeed(made.body.url!)).text);
    expect(again.events.map((e) => e.event.uid).sort()).toEqual(events.map((e) => e.event.uid).sort());
    expect(again.events[0]!.event.startDate.zone?.tzid).toBe("UTC");
    expect((await fetchFeed(`${made.body.url}?tz=Not/AZone`)).status).toBe(400);
  });

  it("regenerating ends the old address, revoking ends the feed; unknown secrets are 404", async () => {
    const person = await createVerifiedUser(server);
    const first = (await person.client.post<IcalFeedResponse>("/api/calendar-integrations/ical-feed")).body
      .url!;
    const second = (await person.client.post<IcalFeedResponse>("/api/calendar-integrations/ical-feed")).body
      .url!;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    const revoked = await person.client.delete<IcalFeedResponse>("/api/calendar-integrations/ical-feed");
    expect(revoked.body).toEqual({ url: null, createdAt: null });
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await fetchFeed(`${server.baseUrl}/ical/${"a".repeat(43)}.ics`)).status).toBe(404);
    expect((await fetchFeed(`${server.baseUrl}/ical/short.ics`)).status).toBe(404);
  });

  async function feedOf(person: Awaited<ReturnType<typeof createVerifiedUser>>) {
    const made = await person.client.post<IcalFeedResponse>("/api/calendar-integrations/ical-feed");
    expect(made.status).toBe(200);
    return made.body.url!;
  }

  it("answers 404 while the account is banned or being deleted; a ban that ended opens it again", async () => {
    const banned = await createVerifiedUser(server);
    const bannedFeed = await feedOf(banned);
    const id = await personId(banned.email);
    await db().update(user).set({ banned: true, banReason: "spam" }).where(eq(user.id, id));
    expect((await fetchFeed(bannedFeed)).status).toBe(404);
    await db()
      .update(user)
      .set({ banExpires: new Date(Date.now() + DAY) })
      .where(eq(user.id, id));
    expect((await fetchFeed(bannedFeed)).status).toBe(404);
    await db()
      .update(user)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(user.id, id));
    expect((await fetchFeed(bannedFeed)).status).toBe(200);

    const leaving = await createVerifiedUser(server);
    const leavingFeed = await feedOf(leaving);
    expect((await fetchFeed(leavingFeed)).status).toBe(200);
    const deleted = await leaving.client.post("/api/account/delete", { password: leaving.password });
    expect(deleted.status).toBe(200);
    const gone = await fetchFeed(leavingFeed);
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain("BEGIN:VCALENDAR");
  });

  it("answers one feed 120 times an hour, then 429 with Retry-After; the secret never reaches the log", async () => {
    const person = await createVerifiedUser(server);
    const url = await feedOf(person);
    const secret = url.match(/\/ical\/([A-Za-z0-9_-]{43})\.ics$/)![1]!;
    const other = await feedOf(await createVerifiedUser(server));
    // Half an hour into the hour's window.
    server.clock.set("2026-11-20T10:30:00.000Z");
    try {
      for (let i = 0; i < 120; i++) expect((await fetchFeed(url)).status).toBe(200);
      const res = await fetch(url);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe("1800");
      expect(await res.text()).toBe("Too many requests for this calendar feed. Please try again later.");
      // Another person's feed is not held by this one's.
      expect((await fetchFeed(other)).status).toBe(200);
      server.clock.set("2026-11-20T11:00:00.000Z");
      expect((await fetchFeed(url)).status).toBe(200);
    } finally {
      server.clock.reset();
    }
    // The refusal was logged, under the redacted path; no line holds a feed's secret.
    const limited = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === "rate limited");
    expect(limited.map((l) => l.path)).toEqual(["/ical/[feed].ics"]);
    expect(logLines.filter((l) => l.includes(secret))).toEqual([]);
    expect(loggedPath(`/ical/${secret}.ics`)).toBe("/ical/[feed].ics");
    expect(loggedPath("/api/tasks")).toBe("/api/tasks");
  });
});
