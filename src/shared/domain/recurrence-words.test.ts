import { describe, expect, it } from "vitest";
import { describeRecurrence, formatOccurrence, monthEndNote, ordinalNumber } from "./recurrence-words.ts";

const words = (rrule: string, start?: string, afterCompletion = false, timeZone?: string) =>
  describeRecurrence({ rrule, start, afterCompletion, timeZone });

describe("describeRecurrence", () => {
  it.each([
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-03-02T08:30", "Every weekday at 08:30"],
    ["FREQ=MONTHLY;BYDAY=-1FR", undefined, "Monthly on the last Friday"],
    ["FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1", undefined, "Monthly on the last Friday"],
    ["FREQ=MONTHLY;BYDAY=3TU", "2026-01-20T10:00", "Monthly on the third Tuesday at 10:00"],
    ["FREQ=MONTHLY;BYDAY=TU;BYSETPOS=3", undefined, "Monthly on the third Tuesday"],
    ["FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", undefined, "Monthly on the last weekday"],
    ["FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1", undefined, "Monthly on the first Saturday or Sunday"],
    ["FREQ=DAILY", "2026-03-02T17:00", "Every day at 17:00"],
    ["FREQ=DAILY;INTERVAL=3", undefined, "Every 3 days"],
    ["FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", undefined, "Every weekday"],
    ["FREQ=WEEKLY", "2026-03-06T09:00", "Every Friday at 09:00"],
    ["FREQ=WEEKLY;BYDAY=FR,MO", undefined, "Every Monday and Friday"],
    ["FREQ=WEEKLY;BYDAY=MO,WE,FR", undefined, "Every Monday, Wednesday and Friday"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", undefined, "Every 2 weeks on Friday"],
    ["FREQ=MONTHLY;BYMONTHDAY=15", undefined, "Monthly on the 15th"],
    ["FREQ=MONTHLY;BYMONTHDAY=1,15", undefined, "Monthly on the 1st and 15th"],
    ["FREQ=MONTHLY;BYMONTHDAY=-1", undefined, "Monthly on the last day"],
    ["FREQ=MONTHLY;BYMONTHDAY=-2", undefined, "Monthly on the second-to-last day"],
    ["FREQ=MONTHLY;INTERVAL=3", "2026-01-31T09:00", "Every 3 months on the 31st at 09:00"],
    ["FREQ=YEARLY", "2024-02-29T09:00", "Yearly on 29 February at 09:00"],
    ["FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO", undefined, "Yearly on the last Monday of May"],
    ["FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYMONTHDAY=1", undefined, "Every 2 years on 1 March"],
    ["FREQ=DAILY;COUNT=10", undefined, "Every day, 10 times"],
    ["FREQ=DAILY;COUNT=1", undefined, "Every day, once"],
  ])("%s from %s: %s", (rrule, start, expected) => {
    expect(words(rrule, start)).toBe(expected);
  });

  it("says after completion beside the interval", () => {
    expect(words("FREQ=DAILY;INTERVAL=3", "2026-03-02T09:00", true)).toBe(
      "Every 3 days after completion, at 09:00",
    );
    expect(words("FREQ=WEEKLY", undefined, true)).toBe("Every week after completion");
  });

  it("gives UNTIL as the day it is in the person's zone", () => {
    expect(words("FREQ=DAILY;UNTIL=20261231T225959Z", undefined, false, "Europe/Berlin")).toBe(
      "Every day, until 31 December 2026",
    );
    expect(words("FREQ=DAILY;UNTIL=20261231T225959Z", undefined, false, "America/New_York")).toBe(
      "Every day, until 31 December 2026",
    );
    expect(words("FREQ=DAILY;UNTIL=20261231T225959Z", undefined, false, "Asia/Tokyo")).toBe(
      "Every day, until 1 January 2027",
    );
  });

  it("is null for a rule that does not parse", () => {
    expect(words("FREQ=HOURLY")).toBeNull();
  });
});

describe("monthEndNote", () => {
  it("says the 31st is skipped in shorter months, as the RFC does", () => {
    expect(monthEndNote({ rrule: "FREQ=MONTHLY;BYMONTHDAY=31" })).toBe(
      "Months without a 31st (February, April, June, September and November) are skipped, as the calendar standard says. Choose “last day of the month” to repeat at every month's end.",
    );
    expect(monthEndNote({ rrule: "FREQ=MONTHLY", start: "2026-01-31T09:00" })).toMatch(
      /^Months without a 31st/,
    );
    expect(monthEndNote({ rrule: "FREQ=MONTHLY;BYMONTHDAY=30" })).toMatch(/^February has no 30th/);
    expect(monthEndNote({ rrule: "FREQ=MONTHLY;BYMONTHDAY=29" })).toMatch(
      /^February is skipped except in leap years/,
    );
    expect(monthEndNote({ rrule: "FREQ=YEARLY", start: "2024-02-29T09:00" })).toMatch(/only in leap years/);
    expect(monthEndNote({ rrule: "FREQ=MONTHLY;BYDAY=5FR" })).toMatch(/fifth/);
  });

  it("says nothing where no month is short of the day", () => {
    expect(monthEndNote({ rrule: "FREQ=MONTHLY;BYMONTHDAY=-1" })).toBeNull();
    expect(monthEndNote({ rrule: "FREQ=MONTHLY;BYMONTHDAY=28" })).toBeNull();
    expect(monthEndNote({ rrule: "FREQ=WEEKLY", start: "2026-01-31T09:00" })).toBeNull();
  });
});

describe("formatOccurrence and ordinalNumber", () => {
  it("shows the date and time in the person's zone", () => {
    expect(formatOccurrence(new Date("2026-03-06T13:30:00Z"), "America/New_York")).toBe(
      "Fri, 6 Mar 2026, 08:30",
    );
    expect(formatOccurrence(new Date("2026-03-06T13:30:00Z"), "Asia/Kolkata")).toBe("Fri, 6 Mar 2026, 19:00");
  });

  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [31, "31st"],
  ])("%i is %s", (n, expected) => {
    expect(ordinalNumber(n)).toBe(expected);
  });
});
