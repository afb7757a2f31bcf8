import { describe, expect, it } from "vitest";
import {
  firstOccurrence,
  iCalendarSeries,
  nextAfterCompletion,
  nextDatesInWords,
  nextOccurrence,
  occurrencesAfter,
  occurrencesBetween,
  RecurrenceError,
  toICalendarLines,
  validateRecurrence,
} from "./recurrence.ts";
import type { Recurrence } from "./recurrence-rule.ts";

const rec = (
  rrule: string,
  start: string,
  timeZone: string,
  extra: Partial<Recurrence> = {},
): Recurrence => ({
  rrule,
  start,
  timeZone,
  afterCompletion: false,
  ...extra,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString().replace(":00.000Z", "Z"));
const LONG_AGO = new Date("2000-01-01T00:00:00Z");

describe("wall-clock time kept through daylight-saving changes", () => {
  it("America/New_York: 08:30 every day is 13:30 UTC before 8 March 2026 and 12:30 after", () => {
    const r = rec("FREQ=DAILY;COUNT=4", "2026-03-06T08:30", "America/New_York");
    expect(iso(occurrencesAfter(r, LONG_AGO, 10))).toEqual([
      "2026-03-06T13:30Z",
      "2026-03-07T13:30Z",
      "2026-03-08T12:30Z",
      "2026-03-09T12:30Z",
    ]);
  });

  it("America/New_York, autumn: 08:30 stays 08:30 across 1 November 2026", () => {
    const r = rec("FREQ=WEEKLY;BYDAY=SA,SU", "2026-10-31T08:30", "America/New_York");
    expect(nextDatesInWords(r, LONG_AGO, 3)).toEqual([
      "Sat, 31 Oct 2026, 08:30",
      "Sun, 1 Nov 2026, 08:30",
      "Sat, 7 Nov 2026, 08:30",
    ]);
    expect(iso(occurrencesAfter(r, LONG_AGO, 2))).toEqual(["2026-10-31T12:30Z", "2026-11-01T13:30Z"]);
  });

  it("a time the clocks skip (02:30 on 8 March in New York) moves on by the gap instead of vanishing", () => {
    const r = rec("FREQ=DAILY;COUNT=3", "2026-03-07T02:30", "America/New_York");
    expect(nextDatesInWords(r, LONG_AGO)).toEqual([
      "Sat, 7 Mar 2026, 02:30",
      "Sun, 8 Mar 2026, 03:30",
      "Mon, 9 Mar 2026, 02:30",
    ]);
  });

  it("a time that happens twice (01:30 on 1 November in New York) is the first one", () => {
    const r = rec("FREQ=DAILY;COUNT=3", "2026-10-31T01:30", "America/New_York");
    expect(iso(occurrencesAfter(r, LONG_AGO, 3))).toEqual([
      "2026-10-31T05:30Z",
      "2026-11-01T05:30Z",
      "2026-11-02T06:30Z",
    ]);
  });

  it("Europe/Berlin: Sunday 09:00 on the day clocks go forward (29 March 2026) is 07:00 UTC", () => {
    const r = rec("FREQ=WEEKLY", "2026-03-22T09:00", "Europe/Berlin");
    expect(iso(occurrencesAfter(r, LONG_AGO, 3))).toEqual([
      "2026-03-22T08:00Z",
      "2026-03-29T07:00Z",
      "2026-04-05T07:00Z",
    ]);
  });

  it("Australia/Sydney (southern hemisphere): clocks go back on 5 April and forward on 4 October 2026", () => {
    const r = rec("FREQ=MONTHLY;BYMONTHDAY=5", "2026-03-05T09:00", "Australia/Sydney");
    const dates = occurrencesAfter(r, LONG_AGO, 8);
    expect(nextDatesInWords(r, LONG_AGO, 8).every((d) => d.endsWith("09:00"))).toBe(true);
    expect(iso([dates[0]!, dates[1]!, dates[7]!])).toEqual([
      "2026-03-04T22:00Z", // +11:00
      "2026-04-04T23:00Z", // +10:00 from 5 April
      "2026-10-04T22:00Z", // +11:00 again from 4 October
    ]);
  });

  it("Asia/Kolkata (+05:30, no DST): every weekday at 08:30 is 03:00 UTC all year", () => {
    const r = rec("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-01-05T08:30", "Asia/Kolkata");
    const dates = occurrencesBetween(r, new Date("2026-01-01T00:00Z"), new Date("2027-01-01T00:00Z"));
    // 2026 has 261 weekdays; 1 and 2 January come before the start.
    expect(dates).toHaveLength(259);
    expect(dates.every((d) => d.toISOString().endsWith("T03:00:00.000Z"))).toBe(true);
    expect(dates.every((d) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5)).toBe(true);
  });

  it("Pacific/Auckland: the day is the person's, not UTC's (Monday 07:00 there is Sunday in UTC)", () => {
    const r = rec("FREQ=WEEKLY;BYDAY=MO", "2026-06-01T07:00", "Pacific/Auckland");
    expect(iso(occurrencesAfter(r, LONG_AGO, 2))).toEqual(["2026-05-31T19:00Z", "2026-06-07T19:00Z"]);
  });
});

describe("month ends and leap years follow RFC 5545", () => {
  it("BYMONTHDAY=31 skips the months without a 31st", () => {
    const r = rec("FREQ=MONTHLY;BYMONTHDAY=31", "2026-01-31T09:00", "Europe/Berlin");
    expect(nextDatesInWords(r, LONG_AGO, 7).map((d) => d.slice(5, 16))).toEqual([
      "31 Jan 2026",
      "31 Mar 2026",
      "31 May 2026",
      "31 Jul 2026",
      "31 Aug 2026",
      "31 Oct 2026",
      "31 Dec 2026",
    ]);
  });

  it("a monthly rule started on the 31st without BYMONTHDAY does the same", () => {
    const r = rec("FREQ=MONTHLY;COUNT=3", "2026-01-31T09:00", "Europe/Berlin");
    expect(nextDatesInWords(r, LONG_AGO).map((d) => d.slice(5, 16))).toEqual([
      "31 Jan 2026",
      "31 Mar 2026",
      "31 May 2026",
    ]);
  });

  it("BYMONTHDAY=-1 is every month's last day, 29 February in a leap year", () => {
    const r = rec("FREQ=MONTHLY;BYMONTHDAY=-1", "2027-12-01T18:00", "America/New_York");
    expect(nextDatesInWords(r, LONG_AGO, 4).map((d) => d.slice(5, 16))).toEqual([
      "31 Dec 2027",
      "31 Jan 2028",
      "29 Feb 2028",
      "31 Mar 2028",
    ]);
  });

  it("BYMONTHDAY=30 skips February, and 29 comes only in leap years", () => {
    const thirtieth = rec("FREQ=MONTHLY;BYMONTHDAY=30", "2027-01-15T09:00", "UTC");
    expect(nextDatesInWords(thirtieth, LONG_AGO, 2).map((d) => d.slice(5, 16))).toEqual([
      "30 Jan 2027",
      "30 Mar 2027",
    ]);
    const twentyNinth = rec("FREQ=MONTHLY;BYMONTHDAY=29;COUNT=2", "2028-01-29T09:00", "UTC");
    expect(nextDatesInWords(twentyNinth, LONG_AGO).map((d) => d.slice(5, 16))).toEqual([
      "29 Jan 2028",
      "29 Feb 2028",
    ]);
  });

  it("yearly on 29 February repeats in leap years only, 2100 not being one", () => {
    const r = rec("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2092-02-29T09:00", "Europe/Berlin");
    expect(occurrencesAfter(r, LONG_AGO, 3).map((d) => d.getUTCFullYear())).toEqual([2092, 2096, 2104]);
  });

  it("a yearly rule started on 29 February without BYMONTH does the same", () => {
    const r = rec("FREQ=YEARLY;COUNT=2", "2024-02-29T09:00", "Australia/Sydney");
    expect(nextDatesInWords(r, LONG_AGO).map((d) => d.slice(5, 16))).toEqual(["29 Feb 2024", "29 Feb 2028"]);
  });
});

describe("BYSETPOS and numbered weekdays", () => {
  it("the last Friday, written as BYSETPOS=-1 or as -1FR", () => {
    const a = rec("FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1", "2026-01-01T17:00", "America/New_York");
    const b = rec("FREQ=MONTHLY;BYDAY=-1FR", "2026-01-01T17:00", "America/New_York");
    const expected = [
      "Fri, 30 Jan 2026, 17:00",
      "Fri, 27 Feb 2026, 17:00",
      "Fri, 27 Mar 2026, 17:00",
      "Fri, 24 Apr 2026, 17:00",
    ];
    expect(nextDatesInWords(a, LONG_AGO, 4)).toEqual(expected);
    expect(nextDatesInWords(b, LONG_AGO, 4)).toEqual(expected);
  });

  it("the third Tuesday, and the last weekday of the month", () => {
    const third = rec("FREQ=MONTHLY;BYDAY=TU;BYSETPOS=3", "2026-01-01T10:00", "Europe/Berlin");
    expect(nextDatesInWords(third, LONG_AGO, 4).map((d) => d.slice(0, 16))).toEqual([
      "Tue, 20 Jan 2026",
      "Tue, 17 Feb 2026",
      "Tue, 17 Mar 2026",
      "Tue, 21 Apr 2026",
    ]);
    const lastWeekday = rec(
      "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
      "2026-01-01T10:00",
      "Europe/Berlin",
    );
    expect(nextDatesInWords(lastWeekday, LONG_AGO, 3).map((d) => d.slice(0, 16))).toEqual([
      "Fri, 30 Jan 2026",
      "Fri, 27 Feb 2026",
      "Tue, 31 Mar 2026",
    ]);
  });

  it("an unsynchronised start is not an occurrence of its own: the first is the rule's first match", () => {
    const r = rec("FREQ=MONTHLY;BYDAY=-1FR;COUNT=2", "2026-01-02T17:00", "Europe/Berlin");
    expect(firstOccurrence(r)?.toISOString()).toBe("2026-01-30T16:00:00.000Z");
    expect(occurrencesAfter(r, LONG_AGO, 5)).toHaveLength(2);
  });
});

describe("windows, EXDATE and the end of a series", () => {
  const daily = rec("FREQ=DAILY", "2020-01-01T09:00", "Europe/Berlin");

  it("occurrencesBetween is [from, to), however long ago the series started", () => {
    expect(
      iso(occurrencesBetween(daily, new Date("2026-11-02T08:00Z"), new Date("2026-11-04T08:00Z"))),
    ).toEqual(["2026-11-02T08:00Z", "2026-11-03T08:00Z"]);
  });

  it("nextOccurrence is strictly after the instant", () => {
    expect(nextOccurrence(daily, new Date("2026-11-02T08:00Z"))?.toISOString()).toBe(
      "2026-11-03T08:00:00.000Z",
    );
  });

  it("EXDATE removes a skipped occurrence everywhere", () => {
    const r = { ...daily, exdates: ["2026-11-03T08:00:00.000Z"] };
    expect(iso(occurrencesAfter(r, new Date("2026-11-02T00:00Z"), 2))).toEqual([
      "2026-11-02T08:00Z",
      "2026-11-04T08:00Z",
    ]);
    expect(toICalendarLines(r)?.exdate).toBe("EXDATE:20261103T080000Z");
  });

  it("UNTIL is an instant: the last occurrence at or before it is included", () => {
    const r = rec("FREQ=DAILY;UNTIL=20260309T123000Z", "2026-03-06T08:30", "America/New_York");
    expect(occurrencesAfter(r, LONG_AGO, 10)).toHaveLength(4);
    const date = rec("FREQ=DAILY;UNTIL=20260308", "2026-03-06T23:30", "America/New_York");
    expect(nextDatesInWords(date, LONG_AGO, 10).at(-1)).toBe("Sun, 8 Mar 2026, 23:30");
  });

  it("a finished series has no next date", () => {
    const r = rec("FREQ=DAILY;COUNT=2", "2026-03-06T08:30", "UTC");
    expect(nextOccurrence(r, new Date("2026-03-07T08:30Z"))).toBeNull();
  });
});

describe("repeat after completion (Kairo's own, beside the RRULE)", () => {
  it("every 3 days: done on Tuesday evening, due on Friday at the series' time", () => {
    const r = rec("FREQ=DAILY;INTERVAL=3", "2026-03-01T09:00", "Europe/Berlin", { afterCompletion: true });
    expect(nextAfterCompletion(r, new Date("2026-03-10T18:00:00Z"))).toEqual({
      due: new Date("2026-03-13T08:00:00Z"),
      start: "2026-03-13T09:00",
    });
  });

  it("counts the completion's day in the person's zone (23:30 in Kolkata is 18:00 UTC the same day)", () => {
    const r = rec("FREQ=DAILY", "2026-03-01T07:00", "Asia/Kolkata", { afterCompletion: true });
    expect(nextAfterCompletion(r, new Date("2026-03-10T18:00:00Z"))?.start).toBe("2026-03-11T07:00");
    expect(nextAfterCompletion(r, new Date("2026-03-10T18:45:00Z"))?.start).toBe("2026-03-12T07:00");
  });

  it("monthly on the 15th, done on 20 March: the first 15th a month later", () => {
    const r = rec("FREQ=MONTHLY;BYMONTHDAY=15", "2026-03-15T09:00", "Europe/Berlin", {
      afterCompletion: true,
    });
    expect(nextAfterCompletion(r, new Date("2026-03-20T12:00:00Z"))?.start).toBe("2026-05-15T09:00");
  });

  it("a month after 31 January is the last day of February", () => {
    const r = rec("FREQ=MONTHLY", "2026-01-31T09:00", "UTC", { afterCompletion: true });
    expect(nextAfterCompletion(r, new Date("2026-01-31T10:00:00Z"))?.start).toBe("2026-02-28T09:00");
  });

  it("COUNT counts completions, UNTIL still ends the series", () => {
    const counted = rec("FREQ=DAILY;COUNT=3", "2026-03-01T09:00", "UTC", { afterCompletion: true });
    expect(nextAfterCompletion(counted, new Date("2026-03-05T10:00:00Z"), 2)).not.toBeNull();
    expect(nextAfterCompletion(counted, new Date("2026-03-05T10:00:00Z"), 3)).toBeNull();
    const until = rec("FREQ=WEEKLY;UNTIL=20260310T000000Z", "2026-03-01T09:00", "UTC", {
      afterCompletion: true,
    });
    expect(nextAfterCompletion(until, new Date("2026-03-02T10:00:00Z"))?.start).toBe("2026-03-09T09:00");
    expect(nextAfterCompletion(until, new Date("2026-03-03T10:00:00Z"))).toBeNull();
  });
});

describe("bad input, with the part named", () => {
  const check = (rrule: string, start = "2026-02-01T09:00") =>
    validateRecurrence(rec(rrule, start, "Europe/Berlin"));

  it.each([
    ["FREQ=DAILY;BYDAY=XX", "syntax", "BYDAY"],
    ["FREQ=FORTNIGHTLY", "syntax", "FREQ"],
    ["INTERVAL=2", "syntax", "FREQ"],
    ["FREQ=DAILY;FOO=1", "syntax", "FOO"],
    ["FREQ=DAILY;INTERVAL=two", "syntax", "INTERVAL"],
    ["FREQ=WEEKLY;BYMONTHDAY=3", "syntax", "BYMONTHDAY"],
    ["FREQ=WEEKLY;BYDAY=1MO", "syntax", "BYDAY"],
    ["FREQ=DAILY;UNTIL=2026-12-31", "syntax", "UNTIL"],
    ["FREQ=DAILY;COUNT=3;UNTIL=20261231T000000Z", "syntax", "COUNT"],
    ["FREQ=DAILY;COUNT=0", "count_zero", "COUNT"],
    ["FREQ=HOURLY", "too_frequent", "FREQ"],
    ["FREQ=MINUTELY;INTERVAL=5", "too_frequent", "FREQ"],
    ["FREQ=DAILY;BYHOUR=9,17", "unsupported", "BYHOUR"],
    ["FREQ=DAILY;INTERVAL=1001", "interval_too_large", "INTERVAL"],
    ["FREQ=DAILY;UNTIL=20250101T000000Z", "until_before_start", "UNTIL"],
    ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "never", null],
    ["FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29", "never", null],
    ["FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20260220T000000Z", "never", null],
  ])("%s: %s in %s", (rrule, code, part) => {
    expect(check(rrule)).toMatchObject({ code, part });
  });

  it("says what is wrong in words", () => {
    expect(check("FREQ=DAILY;BYDAY=XX")?.message).toBe(
      "BYDAY=XX: “XX” is not a weekday (MO, TU, WE, TH, FR, SA or SU).",
    );
    expect(check("FREQ=DAILY;INTERVAL=1001")?.message).toMatch(/over 1,000/);
  });

  it("INTERVAL=1000 is still accepted", () => {
    expect(check("FREQ=DAILY;INTERVAL=1000")).toBeNull();
  });

  it("refuses an unknown zone and a start that is no date", () => {
    expect(validateRecurrence(rec("FREQ=DAILY", "2026-02-01T09:00", "Mars/Olympus"))).toMatchObject({
      code: "time_zone",
    });
    expect(validateRecurrence(rec("FREQ=DAILY", "2026-02-30T09:00", "UTC"))).toMatchObject({ code: "start" });
  });

  it("the expanders throw a RecurrenceError carrying the issue", () => {
    expect(() => occurrencesAfter(rec("FREQ=HOURLY", "2026-02-01T09:00", "UTC"), LONG_AGO, 1)).toThrow(
      RecurrenceError,
    );
  });
});

describe("the iCalendar lines of a series", () => {
  it("DTSTART in the person's zone on the first occurrence, UNTIL in UTC", () => {
    const r = rec("FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231", "2026-01-02T17:00", "Europe/Berlin");
    expect(toICalendarLines(r)).toEqual({
      dtstart: "DTSTART;TZID=Europe/Berlin:20260130T170000",
      rrule: "RRULE:FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231T225959Z",
      exdate: null,
    });
  });
});

describe("a series as the iCalendar feed writes it from its window's start", () => {
  it("DTSTART moves to the first date in the window and COUNT keeps what is left", () => {
    const r = rec("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6", "2026-08-31T09:00", "America/New_York");
    const s = iCalendarSeries(r, new Date("2026-12-17T00:00Z"));
    expect(s).toMatchObject({ start: "20261231T090000", rrule: "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4" });
    expect(s?.startInstant.toISOString()).toBe("2026-12-31T14:00:00.000Z");
    // Without COUNT or before the start, nothing is lowered; UNTIL is written in UTC.
    expect(iCalendarSeries(r, LONG_AGO)).toMatchObject({ start: "20260831T090000", rrule: r.rrule });
    const until = rec("FREQ=DAILY;UNTIL=20261231", "2026-01-01T09:00", "Europe/Berlin");
    expect(iCalendarSeries(until, new Date("2026-11-01T12:00Z"))).toMatchObject({
      start: "20261102T090000",
      rrule: "FREQ=DAILY;UNTIL=20261231T225959Z",
    });
    // Over before the window: nothing to write.
    expect(iCalendarSeries(r, new Date("2027-06-01T00:00Z"))).toBeNull();
  });

  it("names the rule's own wall clock of the dates asked for, and only of the rule's dates", () => {
    const daily = rec("FREQ=DAILY", "2020-01-01T09:00", "Europe/Berlin");
    const s = iCalendarSeries(daily, new Date("2026-11-01T12:00Z"), [
      new Date("2026-11-03T08:00Z"),
      new Date("2026-11-03T09:00Z"),
      new Date("2026-10-30T08:00Z"),
    ])!;
    expect([...s.walls]).toEqual([[Date.parse("2026-11-03T08:00Z"), "20261103T090000"]]);
    // 02:30 on the night New York skips it is due at 03:30 (decision 170); the rule's date is 02:30.
    const early = rec("FREQ=DAILY", "2026-03-01T02:30", "America/New_York");
    const gap = iCalendarSeries(early, new Date("2026-03-05T00:00Z"), [new Date("2026-03-08T07:30Z")])!;
    expect([...gap.walls.values()]).toEqual(["20260308T023000"]);
  });
});
