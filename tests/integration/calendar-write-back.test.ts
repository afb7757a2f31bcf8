// Writing plan blocks to Google Calendar and Outlook (issue 25, point 5) through the adapters in
// src/server/providers/calendars/write-back.ts, against the local fakes speaking both protocols:
// create (marked as Kairo's, free), move (busy once at risk), delete, an event the person deleted,
// rate limits waited out, and a refused token.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CalendarApiError } from "#server/providers/calendars/calendar-provider.ts";
import {
  type CalendarWriter,
  googleWriter,
  microsoftWriter,
} from "#server/providers/calendars/write-back.ts";
import { type FakeCalendars, startFakeCalendars } from "../support/fake-calendars.ts";

let fake: FakeCalendars;
beforeAll(async () => {
  fake = await startFakeCalendars();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

const sleeps: number[] = [];
const http = { sleep: async (ms: number) => void sleeps.push(ms) };

const cases: Array<{
  provider: "google" | "microsoft";
  writer: () => CalendarWriter;
  calendar: string;
  eventPath: (id: string) => string;
  insertPath: string;
}> = [
  {
    provider: "google",
    writer: () => googleWriter({ apiUrl: `${fake.url}/google/calendar/v3`, http }),
    calendar: "work@example.com",
    eventPath: (id) => `/google/calendar/v3/calendars/work%40example.com/events/${id}`,
    insertPath: "/google/calendar/v3/calendars/work%40example.com/events",
  },
  {
    provider: "microsoft",
    writer: () => microsoftWriter({ graphUrl: `${fake.url}/microsoft/graph/v1.0`, http }),
    calendar: "default",
    eventPath: (id) => `/microsoft/graph/v1.0/me/events/${id}`,
    insertPath: "/microsoft/graph/v1.0/me/events",
  },
];

describe.each(cases)("$provider", ({ provider, writer, calendar, eventPath, insertPath }) => {
  const block = {
    blockId: "6f1c2c1e-1111-4111-8111-111111111111",
    title: "Quarterly report",
    start: new Date("2026-05-12T07:00:00.000Z"),
    end: new Date("2026-05-12T09:00:00.000Z"),
    busy: false,
  };

  it("creates a marked, free event, moves it (busy), and deletes it", async () => {
    const token = fake.issueToken(provider);
    const w = writer();
    const { eventId } = await w.insert(token, calendar, block);
    const stored = fake.accounts[provider].events.get(eventId)!;
    expect(stored).toMatchObject({
      title: "Quarterly report",
      start: "2026-05-12T07:00:00.000Z",
      end: "2026-05-12T09:00:00.000Z",
      busy: false,
      mark: block.blockId,
    });
    if (provider === "google") expect(stored.calendarId).toBe("work@example.com");

    await w.move(token, calendar, eventId, {
      start: new Date("2026-05-13T12:00:00.000Z"),
      end: new Date("2026-05-13T13:00:00.000Z"),
      busy: true,
    });
    expect(fake.accounts[provider].events.get(eventId)).toMatchObject({
      start: "2026-05-13T12:00:00.000Z",
      end: "2026-05-13T13:00:00.000Z",
      busy: true,
      mark: block.blockId,
    });

    await w.remove(token, calendar, eventId);
    expect(fake.accounts[provider].events.get(eventId)?.cancelled).toBe(true);
    // Deleting again (or an event the person already deleted) is done, not an error.
    await w.remove(token, calendar, eventId);
  });

  it("says when the person deleted the event: a move answers 404", async () => {
    const token = fake.issueToken(provider);
    const w = writer();
    const { eventId } = await w.insert(token, calendar, block);
    fake.cancelEvent(provider, eventId);
    const err = await w
      .move(token, calendar, eventId, { start: block.start, end: block.end, busy: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CalendarApiError);
    expect((err as CalendarApiError).status).toBe(404);
  });

  it("waits out a rate limit, and refuses a bad token without writing", async () => {
    const token = fake.issueToken(provider);
    const w = writer();
    sleeps.length = 0;
    fake.failNext(insertPath, { status: 429, retryAfter: "2" });
    const { eventId } = await w.insert(token, calendar, block);
    expect(sleeps).toEqual([2000]);
    expect(fake.accounts[provider].events.get(eventId)?.mark).toBe(block.blockId);
    fake.failNext(eventPath(eventId), { status: 429, retryAfter: "1" });
    await w.move(token, calendar, eventId, { start: block.start, end: block.end, busy: true });
    expect(sleeps).toEqual([2000, 1000]);

    const before = fake.accounts[provider].events.size;
    const err = await w.insert("not-a-token", calendar, block).catch((e: unknown) => e);
    expect((err as CalendarApiError).kind).toBe("auth");
    expect(fake.accounts[provider].events.size).toBe(before);
  });
});
