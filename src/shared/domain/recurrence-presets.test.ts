import { describe, expect, it } from "vitest";
import { occurrencesAfter } from "./recurrence.ts";
import {
  defaultRepeatForm,
  formToRecurrence,
  formToRule,
  type RepeatForm,
  recurrenceToForm,
} from "./recurrence-presets.ts";
import { checkRecurrenceShape } from "./recurrence-rule.ts";

// Friday 6 March 2026, 08:30.
const START = "2026-03-06T08:30";
const form = (o: Partial<RepeatForm>): RepeatForm => ({ ...defaultRepeatForm(START), ...o });

describe("formToRule: each preset", () => {
  it.each<[string, Partial<RepeatForm>, string]>([
    ["every day", { preset: "daily" }, "FREQ=DAILY"],
    ["every 2 days", { preset: "daily", interval: 2 }, "FREQ=DAILY;INTERVAL=2"],
    ["every weekday", { preset: "weekdays" }, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    [
      "weekly on chosen days, in week order",
      { preset: "weekly", weekdays: ["FR", "MO"] },
      "FREQ=WEEKLY;BYDAY=MO,FR",
    ],
    ["weekly with no day chosen: the start's", { preset: "weekly", weekdays: [] }, "FREQ=WEEKLY;BYDAY=FR"],
    [
      "every N weeks",
      { preset: "every-n-weeks", interval: 3, weekdays: ["TU"] },
      "FREQ=WEEKLY;INTERVAL=3;BYDAY=TU",
    ],
    ["monthly on day N", { preset: "monthly-day", monthDay: 15 }, "FREQ=MONTHLY;BYMONTHDAY=15"],
    ["monthly on the last day", { preset: "monthly-day", monthDay: -1 }, "FREQ=MONTHLY;BYMONTHDAY=-1"],
    [
      "monthly on the 3rd Tuesday",
      { preset: "monthly-weekday", ordinal: 3, weekday: "TU" },
      "FREQ=MONTHLY;BYDAY=3TU",
    ],
    [
      "monthly on the last Friday",
      { preset: "monthly-weekday", ordinal: -1, weekday: "FR" },
      "FREQ=MONTHLY;BYDAY=-1FR",
    ],
    ["yearly on the start's day", { preset: "yearly" }, "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=6"],
    [
      "custom",
      { preset: "custom", custom: "freq=monthly;byday=tu;bysetpos=3" },
      "FREQ=MONTHLY;BYDAY=TU;BYSETPOS=3",
    ],
    ["ends after 5 times", { preset: "daily", end: { kind: "after", count: 5 } }, "FREQ=DAILY;COUNT=5"],
    [
      "ends on a date: the end of that day in the zone",
      { preset: "daily", end: { kind: "on", date: "2026-12-31" } },
      "FREQ=DAILY;UNTIL=20261231T225959Z",
    ],
  ])("%s", (_name, o, expected) => {
    expect(formToRule(form(o), START, "Europe/Berlin")).toBe(expected);
  });

  it("the interval is held to 1..1,000", () => {
    expect(formToRule(form({ preset: "daily", interval: 0 }), START, "UTC")).toBe("FREQ=DAILY");
    expect(formToRule(form({ preset: "daily", interval: 5000 }), START, "UTC")).toBe(
      "FREQ=DAILY;INTERVAL=1000",
    );
  });

  it("a custom rule that does not parse is kept as typed, for the check to name its part", () => {
    const r = formToRecurrence(form({ preset: "custom", custom: "FREQ=DAILY;BYDAY=XX" }), START, "UTC");
    expect(checkRecurrenceShape(r)).toMatchObject({ issue: { part: "BYDAY" } });
  });
});

describe("defaultRepeatForm", () => {
  it("pre-fills the start's weekday, day and place in the month", () => {
    expect(defaultRepeatForm(START)).toMatchObject({
      weekdays: ["FR"],
      monthDay: 6,
      ordinal: 1,
      weekday: "FR",
    });
    expect(defaultRepeatForm("2026-03-27T08:30")).toMatchObject({ ordinal: -1, weekday: "FR" });
  });
});

describe("recurrenceToForm opens a stored rule on the choice it was made with", () => {
  const presets: Array<Partial<RepeatForm>> = [
    { preset: "daily", interval: 4 },
    { preset: "weekdays" },
    { preset: "weekly", weekdays: ["MO", "TH"] },
    { preset: "every-n-weeks", interval: 2, weekdays: ["FR"] },
    { preset: "monthly-day", monthDay: -1 },
    { preset: "monthly-weekday", ordinal: 2, weekday: "WE", interval: 2 },
    { preset: "yearly" },
    { preset: "daily", end: { kind: "after", count: 7 } },
    { preset: "weekdays", end: { kind: "on", date: "2026-12-31" }, afterCompletion: true },
  ];
  it.each(presets)("%o", (o) => {
    const original = form(o);
    const stored = formToRecurrence(original, START, "America/New_York");
    const reopened = recurrenceToForm(stored);
    expect(reopened.preset).toBe(original.preset);
    expect(formToRecurrence(reopened, START, "America/New_York")).toEqual(stored);
    expect(reopened.end).toEqual(original.end);
    expect(reopened.afterCompletion).toBe(original.afterCompletion);
  });

  it("anything else is custom, with its rule as it was", () => {
    const stored = {
      rrule: "FREQ=MONTHLY;BYDAY=TU;BYSETPOS=3",
      start: START,
      timeZone: "UTC",
      afterCompletion: false,
    };
    expect(recurrenceToForm(stored)).toMatchObject({
      preset: "custom",
      custom: "FREQ=MONTHLY;BYDAY=TU;BYSETPOS=3",
    });
  });

  it("every preset's rule produces dates", () => {
    for (const o of presets) {
      const r = formToRecurrence(form(o), START, "Europe/Berlin");
      expect(occurrencesAfter(r, new Date("2026-01-01T00:00:00Z"), 3).length).toBeGreaterThan(0);
    }
  });
});
