// The Intl labels that replaced date-fns' `format` in the calendars (issue 12 point 3) say what the
// date-fns patterns said, for days across months, years, weekdays and times around midnight and noon.
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  dayOfMonth,
  isoDay,
  monthDay,
  monthDayYear,
  monthLongDay,
  time24,
  weekdayLong,
  weekdayMonthDay,
  weekdayShort,
} from "./date-labels.ts";

// Local wall-clock times (the test machine's zone), as the calendars make them.
const DAYS = [
  new Date(2026, 0, 1, 0, 0),
  new Date(2026, 1, 28, 9, 5),
  new Date(2026, 10, 24, 12, 0),
  new Date(2026, 11, 31, 23, 59),
  new Date(2027, 6, 4, 17, 30),
  ...Array.from({ length: 7 }, (_, i) => new Date(2026, 10, 16 + i, 7, 45)),
];

describe("the calendars' date labels", () => {
  it.each([
    ["EEE", weekdayShort],
    ["EEEE", weekdayLong],
    ["MMMM d", monthLongDay],
    ["EEEE, MMMM d", weekdayMonthDay],
    ["MMM d", monthDay],
    ["MMM d, yyyy", monthDayYear],
    ["d", dayOfMonth],
    ["H:mm", time24],
    ["yyyy-MM-dd", isoDay],
  ] as const)("%s as date-fns' format", (pattern, label) => {
    for (const d of DAYS) expect(label(d), d.toString()).toBe(format(d, pattern));
  });
});
