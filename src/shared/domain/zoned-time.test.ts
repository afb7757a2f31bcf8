// Instants in words on a person's wall clock: the weekday, day and month people read, the 24-hour
// time in their zone, and the year only when it is not this year there.
import { describe, expect, it } from "vitest";
import { instantInWords } from "./zoned-time.ts";

const NOW = new Date("2026-11-27T09:00:00.000Z");

describe("instantInWords", () => {
  it("writes the wall clock of the zone, not UTC", () => {
    const deadline = new Date("2026-11-28T10:46:00.000Z");
    expect(instantInWords(deadline, "Europe/Paris", NOW)).toBe("Saturday 28 November, 11:46");
    expect(instantInWords(deadline, "UTC", NOW)).toBe("Saturday 28 November, 10:46");
    // Already the next day in Auckland (UTC+13 in its summer).
    expect(instantInWords(new Date("2026-11-28T12:00:00.000Z"), "Pacific/Auckland", NOW)).toBe(
      "Sunday 29 November, 01:00",
    );
    expect(instantInWords(deadline, "America/New_York", NOW)).toBe("Saturday 28 November, 05:46");
  });

  it("adds the year when it is not this year in the zone, and follows summer time", () => {
    expect(instantInWords(new Date("2027-01-04T08:00:00.000Z"), "Europe/London", NOW)).toBe(
      "Monday 4 January 2027, 08:00",
    );
    // 31 December 23:30 UTC is already 2027 in Berlin.
    expect(instantInWords(new Date("2026-12-31T23:30:00.000Z"), "Europe/Berlin", NOW)).toBe(
      "Friday 1 January 2027, 00:30",
    );
    expect(instantInWords(new Date("2027-07-01T12:00:00.000Z"), "Europe/Berlin", NOW)).toBe(
      "Thursday 1 July 2027, 14:00",
    );
  });
});
