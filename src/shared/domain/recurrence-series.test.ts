// A series' next date once its open occurrence is done (decision 235): on schedule from the rule's
// date, after completion from the completion; across DST, at month ends and leap days; the end of a
// rule; and every repeat phrase of issue 24 becomes a body the task API accepts.
import { describe, expect, it } from "vitest";
import { recurrenceField, taskCreateBody } from "../contracts/tasks.ts";
import { parseQuickCapture } from "./quick-capture.ts";
import { firstOccurrence, nextOfSeries, validateRecurrence } from "./recurrence.ts";
import type { Recurrence } from "./recurrence-rule.ts";

const series = (rrule: string, start: string, timeZone: string, afterCompletion = false): Recurrence => ({
  rrule,
  start,
  timeZone,
  afterCompletion,
});
const iso = (d: { due: Date } | null) => d?.due.toISOString() ?? null;

describe("on schedule", () => {
  it("a late completion opens the rule's next date after the open one, not after now", () => {
    const r = series("FREQ=WEEKLY;BYDAY=MO", "2026-11-02T09:00", "Europe/Berlin");
    const due = new Date("2026-11-02T08:00:00Z");
    const next = nextOfSeries(r, due, new Date("2026-11-20T12:00:00Z"), 1);
    expect(iso(next)).toBe("2026-11-09T08:00:00.000Z");
    expect(next?.start).toBe("2026-11-02T09:00");
  });

  it("keeps the wall clock across a DST change (New York, 8 March 2026)", () => {
    const r = series("FREQ=DAILY", "2026-03-07T08:30", "America/New_York");
    const next = nextOfSeries(r, new Date("2026-03-07T13:30:00Z"), new Date("2026-03-07T14:00:00Z"), 1);
    // 08:30 EST is 13:30 UTC; the day after, 08:30 EDT is 12:30 UTC.
    expect(iso(next)).toBe("2026-03-08T12:30:00.000Z");
  });

  it("the 31st skips months without one; the last day of the month does not", () => {
    const on31 = series("FREQ=MONTHLY;BYMONTHDAY=31", "2027-01-31T09:00", "UTC");
    expect(
      iso(nextOfSeries(on31, new Date("2027-01-31T09:00:00Z"), new Date("2027-01-31T10:00:00Z"), 1)),
    ).toBe("2027-03-31T09:00:00.000Z");
    const last = series("FREQ=MONTHLY;BYMONTHDAY=-1", "2027-01-31T09:00", "UTC");
    expect(
      iso(nextOfSeries(last, new Date("2027-01-31T09:00:00Z"), new Date("2027-01-31T10:00:00Z"), 1)),
    ).toBe("2027-02-28T09:00:00.000Z");
  });

  it("29 February repeats in leap years only", () => {
    const r = series("FREQ=YEARLY", "2028-02-29T09:00", "UTC");
    expect(iso(nextOfSeries(r, new Date("2028-02-29T09:00:00Z"), new Date("2028-02-29T10:00:00Z"), 1))).toBe(
      "2032-02-29T09:00:00.000Z",
    );
  });

  it("ends after COUNT and at UNTIL", () => {
    const counted = series("FREQ=DAILY;COUNT=2", "2026-12-01T09:00", "UTC");
    expect(
      nextOfSeries(counted, new Date("2026-12-02T09:00:00Z"), new Date("2026-12-02T10:00:00Z"), 2),
    ).toBeNull();
    const until = series("FREQ=WEEKLY;UNTIL=20261208", "2026-12-01T09:00", "Europe/Berlin");
    expect(
      nextOfSeries(until, new Date("2026-12-08T08:00:00Z"), new Date("2026-12-08T09:00:00Z"), 2),
    ).toBeNull();
  });
});

describe("after completion", () => {
  it("every 3 days counts from the day it was done, at the series' time", () => {
    const r = series("FREQ=DAILY;INTERVAL=3", "2026-12-01T09:00", "Europe/Berlin", true);
    // Done on Thursday 3 December at 20:00 in Berlin (a day late): due Sunday 6 December at 09:00.
    const next = nextOfSeries(r, new Date("2026-12-01T08:00:00Z"), new Date("2026-12-03T19:00:00Z"), 1);
    expect(iso(next)).toBe("2026-12-06T08:00:00.000Z");
    expect(next?.start).toBe("2026-12-06T09:00");
  });

  it("the day done is the person's day, not UTC's (done at 00:30 in Tokyo)", () => {
    const r = series("FREQ=DAILY", "2026-12-01T09:00", "Asia/Tokyo", true);
    // 2 Dec 15:30 UTC is 3 Dec 00:30 in Tokyo: next is 4 Dec 09:00 there (00:00 UTC).
    expect(iso(nextOfSeries(r, new Date("2026-12-01T00:00:00Z"), new Date("2026-12-02T15:30:00Z"), 1))).toBe(
      "2026-12-04T00:00:00.000Z",
    );
  });

  it("a month after the 31st is the end of the next month; COUNT counts completions", () => {
    const r = series("FREQ=MONTHLY;COUNT=2", "2027-01-31T09:00", "UTC", true);
    expect(iso(nextOfSeries(r, new Date("2027-01-31T09:00:00Z"), new Date("2027-01-31T18:00:00Z"), 1))).toBe(
      "2027-02-28T09:00:00.000Z",
    );
    expect(nextOfSeries(r, new Date("2027-02-28T09:00:00Z"), new Date("2027-02-28T18:00:00Z"), 2)).toBeNull();
  });

  it("crosses the spring-forward night at the same wall clock (Berlin, 29 March 2026)", () => {
    const r = series("FREQ=DAILY", "2026-03-27T09:00", "Europe/Berlin", true);
    // Done 28 March 20:00 CET; next 29 March 09:00 CEST = 07:00 UTC.
    expect(iso(nextOfSeries(r, new Date("2026-03-28T08:00:00Z"), new Date("2026-03-28T19:00:00Z"), 1))).toBe(
      "2026-03-29T07:00:00.000Z",
    );
  });
});

describe("the repeat phrases of issue 24 become bodies the task API accepts", () => {
  const NOW = new Date("2026-11-18T09:00:00Z");
  it.each([
    "every monday at 9",
    "every 2 weeks on friday",
    "every last friday",
    "every weekday at 8:30",
    "every 3 days after completion",
    "daily until dec 31",
    "every month on the 15th",
  ])("Water the plants %s", (phrase) => {
    const parsed = parseQuickCapture(`Water the plants ${phrase}`, NOW, "Europe/Berlin");
    expect(parsed.title).toBe("Water the plants");
    const r = parsed.recurrence!;
    expect(r).not.toBeNull();
    const body = { rrule: r.rrule, start: r.start, timeZone: r.timeZone, afterCompletion: r.afterCompletion };
    expect(recurrenceField.safeParse(body).success).toBe(true);
    expect(taskCreateBody.safeParse({ title: parsed.title, recurrence: body }).success).toBe(true);
    expect(validateRecurrence(r)).toBeNull();
    // The series' first date is the deadline the preview shows.
    expect(firstOccurrence(r)?.toISOString()).toBe(parsed.deadline?.toISOString());
  });

  it("after completion is kept", () => {
    const parsed = parseQuickCapture("Water the plants every 3 days after completion", NOW, "Europe/Berlin");
    expect(parsed.recurrence).toMatchObject({ rrule: "FREQ=DAILY;INTERVAL=3", afterCompletion: true });
  });
});

describe("the contract refuses a bad rule, naming the part", () => {
  it.each([
    ["FREQ=WEEKLY;BYDAY=XX", /BYDAY/],
    ["FREQ=DAILY;COUNT=0", /COUNT=0/],
    ["FREQ=MINUTELY", /finer than daily/],
    ["FREQ=DAILY;INTERVAL=1001", /INTERVAL/],
    ["FREQ=DAILY;UNTIL=20261101", /UNTIL/],
  ])("%s", (rrule, message) => {
    const res = recurrenceField.safeParse({ rrule, start: "2026-12-01T09:00", timeZone: "UTC" });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toMatch(message);
  });
});
