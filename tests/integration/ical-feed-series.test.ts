// Repeating tasks in the iCalendar feed (issue 24, point 3; decision 260): a series on schedule is
// one event with DTSTART;TZID in the series' zone, its RRULE (COUNT what is left of it) and an
// EXDATE per skipped occurrence; completed occurrences and a moved open deadline are overrides
// (RECURRENCE-ID); a series that repeats after completion is its open occurrence alone. Read back
// by an independent parser (ical.js), whose own expansion must give Kairo's dates.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { IcalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import type { OccurrenceActionResponse, TaskDto } from "#shared/contracts/tasks.ts";
import { occurrencesBetween } from "#shared/domain/recurrence.ts";
import type { Recurrence } from "#shared/domain/recurrence-rule.ts";
import { type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { server, person } = testServerForFile();
const DAY = 86_400_000;

async function newSeries(me: SignedInPerson, title: string, recurrence: Recurrence) {
  const res = await me.client.post<TaskDto>("/api/tasks", { title, recurrence });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function finish(me: SignedInPerson, id: string, action: "complete" | "skip", due: string, at: string) {
  server.clock.set(at);
  const res = await me.client.post<OccurrenceActionResponse>(`/api/tasks/${id}/occurrences/${action}`, {
    due,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.recorded).toBe(true);
  return res.body;
}

async function feed(me: SignedInPerson, tz: string) {
  const made = await me.client.post<IcalFeedResponse>("/api/calendar-integrations/ical-feed");
  expect(made.status).toBe(200);
  const res = await fetch(`${made.body.url}?tz=${tz}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const vtz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtz);
  const zones = cal.getAllSubcomponents("vtimezone").map((v) => v.getFirstPropertyValue("tzid"));
  const vevents = cal.getAllSubcomponents("vevent");
  /** The task's event (the series), with its overrides related, as a calendar app reads it. */
  const eventOf = (taskId: string) => {
    const mine = vevents.filter((v) => v.getFirstPropertyValue("uid") === `task-${taskId}@kairo`);
    const master = mine.filter((v) => !v.hasProperty("recurrence-id"));
    expect(master).toHaveLength(1);
    const event = new ICAL.Event(master[0]!);
    for (const v of mine) if (v.hasProperty("recurrence-id")) event.relateException(new ICAL.Event(v));
    return event;
  };
  return { text, zones, vevents, eventOf };
}

/**
 * The parser's own expansion of a series until `to`: each occurrence's rule date (ISO), and as a
 * calendar shows it (its override's start and summary, if any).
 */
function expansion(event: ICAL.Event, to: Date) {
  const out: { due: string; start: string; summary: string }[] = [];
  const it = event.iterator();
  for (let next = it.next(); next && next.toJSDate() < to && out.length < 2000; next = it.next()) {
    const details = event.getOccurrenceDetails(next);
    out.push({
      due: next.toJSDate().toISOString(),
      start: details.startDate.toJSDate().toISOString(),
      summary: details.item.summary,
    });
  }
  return out;
}
const expanded = (event: ICAL.Event, to: Date) => expansion(event, to).map((o) => o.due);
const shown = (event: ICAL.Event, to: Date, due: string) => expansion(event, to).find((o) => o.due === due);

const wallClock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );

describe("repeating tasks in the iCalendar feed", () => {
  it("a series on schedule is one RRULE event in its zone, skipped dates EXDATEs, COUNT what is left", async () => {
    const me = await person();
    // Monthly on the 31st, six times, in New York: Aug, Oct, Dec 2026, Jan, Mar, May 2027.
    server.clock.set("2026-08-30T12:00:00Z");
    const monthly: Recurrence = {
      rrule: "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6",
      start: "2026-08-31T09:00",
      timeZone: "America/New_York",
      afterCompletion: false,
    };
    const rent = await newSeries(me, "Pay the rent", monthly);
    await finish(me, rent.id, "skip", "2026-08-31T13:00:00.000Z", "2026-09-01T12:00:00Z");
    await finish(me, rent.id, "skip", "2026-10-31T13:00:00.000Z", "2026-11-01T12:00:00Z");
    await finish(me, rent.id, "complete", "2026-12-31T14:00:00.000Z", "2027-01-01T12:00:00Z");
    await finish(me, rent.id, "skip", "2027-01-31T14:00:00.000Z", "2027-02-01T12:00:00Z");

    // Every weekday at 08:30 in Berlin, across the change to summer time on 28 March 2027.
    server.clock.set("2027-03-14T12:00:00Z");
    const weekdays: Recurrence = {
      rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      start: "2027-03-15T08:30",
      timeZone: "Europe/Berlin",
      afterCompletion: false,
    };
    const standUp = await newSeries(me, "Stand-up notes", weekdays);
    await finish(me, standUp.id, "complete", "2027-03-15T07:30:00.000Z", "2027-03-15T09:00:00Z");
    const skipped = await finish(me, standUp.id, "skip", "2027-03-16T07:30:00.000Z", "2027-03-16T09:00:00Z");
    // The open occurrence's deadline moved (this occurrence's only): an override at its rule date.
    const moved = await me.client.patch<TaskDto>(`/api/tasks/${standUp.id}`, {
      deadline: "2027-03-17T14:00:00.000Z",
      version: skipped.task.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    // A feed asked for in UTC still places each series in its own zone.
    const now = new Date("2027-03-17T06:00:00Z");
    server.clock.set(now);
    const { zones, eventOf, text } = await feed(me, "UTC");
    expect(zones.sort()).toEqual(["America/New_York", "Europe/Berlin"]);
    const from = new Date(now.getTime() - 90 * DAY);
    const to = new Date(now.getTime() + 365 * DAY);

    const weekly = eventOf(standUp.id);
    expect(weekly.isRecurring()).toBe(true);
    expect(weekly.startDate.zone?.tzid).toBe("Europe/Berlin");
    expect(weekly.summary).toBe("Due: Stand-up notes");
    const weeklyDates = expanded(weekly, to);
    const kairoWeekly = occurrencesBetween(weekdays, from, to, 2000).map((d) => d.toISOString());
    expect(kairoWeekly).toContain("2027-03-16T07:30:00.000Z");
    expect(weeklyDates).toEqual(kairoWeekly.filter((d) => d !== "2027-03-16T07:30:00.000Z"));
    // 08:30 in Berlin on both sides of the change: 07:30 UTC in winter, 06:30 UTC in summer.
    expect(weeklyDates).toContain("2027-03-26T07:30:00.000Z");
    expect(weeklyDates).toContain("2027-03-29T06:30:00.000Z");
    expect(new Set(weeklyDates.map((d) => wallClock(d, "Europe/Berlin")))).toEqual(new Set(["08:30"]));
    // Overrides: the completed occurrence reads "Done"; the open one is at its moved deadline.
    expect(shown(weekly, to, "2027-03-15T07:30:00.000Z")).toEqual({
      due: "2027-03-15T07:30:00.000Z",
      start: "2027-03-15T07:30:00.000Z",
      summary: "Done: Stand-up notes",
    });
    expect(shown(weekly, to, "2027-03-17T07:30:00.000Z")).toEqual({
      due: "2027-03-17T07:30:00.000Z",
      start: "2027-03-17T14:00:00.000Z",
      summary: "Due: Stand-up notes",
    });
    expect(shown(weekly, to, "2027-03-18T07:30:00.000Z")?.summary).toBe("Due: Stand-up notes");

    // The monthly series from the feed's window on: Dec (completed), Jan (skipped), Mar, May; the
    // two dates before the window count against COUNT, so the parser stops after May too.
    const rentEvent = eventOf(rent.id);
    expect(rentEvent.startDate.zone?.tzid).toBe("America/New_York");
    const rentDates = expanded(rentEvent, new Date("2030-01-01T00:00:00Z"));
    const kairoRent = occurrencesBetween(monthly, from, new Date("2030-01-01T00:00:00Z")).map((d) =>
      d.toISOString(),
    );
    expect(kairoRent).toEqual([
      "2026-12-31T14:00:00.000Z",
      "2027-01-31T14:00:00.000Z",
      "2027-03-31T13:00:00.000Z",
      "2027-05-31T13:00:00.000Z",
    ]);
    expect(rentDates).toEqual(kairoRent.filter((d) => d !== "2027-01-31T14:00:00.000Z"));
    expect(shown(rentEvent, to, "2026-12-31T14:00:00.000Z")?.summary).toBe("Done: Pay the rent");
    // No second copy of a series as a one-off deadline.
    expect(text.match(new RegExp(`UID:task-${rent.id}@kairo`, "g"))).toHaveLength(2);
  });

  it("a window that opens on a date the clocks skip starts the series at its next date", async () => {
    const me = await person();
    // 02:30 in Berlin does not exist on 28 March 2027; Kairo moves that date to 03:30 (decision 170).
    server.clock.set("2027-03-19T12:00:00Z");
    const early: Recurrence = {
      rrule: "FREQ=DAILY",
      start: "2027-03-20T02:30",
      timeZone: "Europe/Berlin",
      afterCompletion: false,
    };
    const task = await newSeries(me, "Night backup", early);
    const now = new Date("2027-06-26T00:00:00Z");
    const from = new Date(now.getTime() - 90 * DAY);
    expect(from.toISOString()).toBe("2027-03-28T00:00:00.000Z");
    server.clock.set(now);
    const { eventOf } = await feed(me, "UTC");
    const event = eventOf(task.id);
    expect(event.startDate.toString()).toBe("2027-03-29T02:30:00");
    const to = new Date("2027-04-10T00:00:00Z");
    const kairo = occurrencesBetween(early, from, to).map((d) => d.toISOString());
    expect(kairo[0]).toBe("2027-03-28T01:30:00.000Z");
    expect(expanded(event, to)).toEqual(kairo.slice(1));
  });

  it("a series that repeats after completion is its open occurrence; done ones are events of their own", async () => {
    const me = await person();
    server.clock.set("2027-03-14T12:00:00Z");
    const plants = await newSeries(me, "Water the plants", {
      rrule: "FREQ=DAILY;INTERVAL=3",
      start: "2027-03-16T10:00",
      timeZone: "Europe/Berlin",
      afterCompletion: true,
    });
    const done = await finish(me, plants.id, "complete", "2027-03-16T09:00:00.000Z", "2027-03-16T12:00:00Z");
    expect(done.next).toBe("2027-03-19T09:00:00.000Z");
    server.clock.set("2027-03-17T06:00:00Z");
    const { vevents } = await feed(me, "Europe/Paris");
    expect(vevents.filter((v) => v.hasProperty("rrule"))).toEqual([]);
    const events = vevents.map((v) => new ICAL.Event(v));
    expect(
      events
        .map((e) => [e.uid, e.summary, e.startDate.toJSDate().toISOString()])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      [`occurrence-${done.occurrence.id}@kairo`, "Done: Water the plants", "2027-03-16T09:00:00.000Z"],
      [`task-${plants.id}@kairo`, "Due: Water the plants", "2027-03-19T09:00:00.000Z"],
    ]);
  });
});
