import { describe, expect, it } from "vitest";
import {
  firingOf,
  offsetInWords,
  offsetMinutesOf,
  reminderDueAt,
  reminderProblem,
  snoozeUntil,
} from "./reminders.ts";

const at = (iso: string) => new Date(iso);

describe("reminder due times", () => {
  it("puts an offset reminder before the deadline and follows the deadline", () => {
    const r = { at: null, offsetMinutes: offsetMinutesOf(2, "hours") };
    expect(reminderDueAt(r, at("2030-01-10T12:00:00Z"))).toEqual(at("2030-01-10T10:00:00Z"));
    expect(reminderDueAt(r, at("2030-01-11T12:00:00Z"))).toEqual(at("2030-01-11T10:00:00Z"));
    expect(reminderDueAt(r, null)).toBeNull();
    expect(reminderDueAt({ at: at("2030-01-01T00:00:00Z"), offsetMinutes: null }, null)).toEqual(
      at("2030-01-01T00:00:00Z"),
    );
    expect(offsetMinutesOf(3, "days")).toBe(4320);
  });

  it("says offsets in their largest whole unit", () => {
    expect(offsetInWords(30)).toBe("30 minutes before the deadline");
    expect(offsetInWords(60)).toBe("1 hour before the deadline");
    expect(offsetInWords(2880)).toBe("2 days before the deadline");
  });

  it("refuses past times, offsets without a deadline, and times after the deadline", () => {
    const now = at("2030-01-10T12:00:00Z");
    expect(reminderProblem({ at: at("2030-01-10T11:59:00Z"), offsetMinutes: null }, null, now)).toMatch(
      /future/,
    );
    expect(reminderProblem({ at: null, offsetMinutes: 10 }, null, now)).toMatch(/no deadline/);
    expect(reminderProblem({ at: null, offsetMinutes: 10 }, at("2030-01-10T11:00:00Z"), now)).toMatch(
      /passed/,
    );
    expect(reminderProblem({ at: null, offsetMinutes: 120 }, at("2030-01-10T13:00:00Z"), now)).toMatch(
      /past/,
    );
    expect(
      reminderProblem(
        { at: at("2030-01-10T14:00:00Z"), offsetMinutes: null },
        at("2030-01-10T13:00:00Z"),
        now,
      ),
    ).toMatch(/before the task's deadline/);
    expect(reminderProblem({ at: null, offsetMinutes: 30 }, at("2030-01-10T13:00:00Z"), now)).toBeNull();
  });

  it("fires on time, late after two minutes, and drops after a day", () => {
    const due = at("2030-01-10T12:00:00Z");
    expect(firingOf(due, at("2030-01-10T12:00:25Z"))).toBe("on-time");
    expect(firingOf(due, at("2030-01-10T12:05:00Z"))).toBe("late");
    expect(firingOf(due, at("2030-01-11T12:00:00Z"))).toBe("late");
    expect(firingOf(due, at("2030-01-11T12:00:01Z"))).toBe("missed");
  });
});

describe("snooze", () => {
  const now = at("2030-06-01T10:00:00Z");
  it("moves by 10 minutes or an hour", () => {
    expect(snoozeUntil("10m", now, "UTC")).toEqual(at("2030-06-01T10:10:00Z"));
    expect(snoozeUntil("1h", now, "UTC")).toEqual(at("2030-06-01T11:00:00Z"));
  });

  it("moves to 9:00 tomorrow on the person's wall clock", () => {
    expect(snoozeUntil("tomorrow", now, "Europe/Paris")).toEqual(at("2030-06-02T07:00:00Z"));
    // Late evening in New York is already the next day in UTC: tomorrow is New York's tomorrow.
    expect(snoozeUntil("tomorrow", at("2030-06-02T02:00:00Z"), "America/New_York")).toEqual(
      at("2030-06-02T13:00:00Z"),
    );
    expect(snoozeUntil("tomorrow", now, "Asia/Tokyo")).toEqual(at("2030-06-02T00:00:00Z"));
  });

  it("keeps 9:00 across a daylight-saving change overnight", () => {
    // Europe/Berlin springs forward in the night of 30 to 31 March 2030: 9:00 is then UTC+2.
    expect(snoozeUntil("tomorrow", at("2030-03-30T20:00:00Z"), "Europe/Berlin")).toEqual(
      at("2030-03-31T07:00:00Z"),
    );
    // ...and falls back in the night of 26 to 27 October 2030: 9:00 is then UTC+1.
    expect(snoozeUntil("tomorrow", at("2030-10-26T20:00:00Z"), "Europe/Berlin")).toEqual(
      at("2030-10-27T08:00:00Z"),
    );
    // America/New_York springs forward on 10 March 2030.
    expect(snoozeUntil("tomorrow", at("2030-03-09T15:00:00Z"), "America/New_York")).toEqual(
      at("2030-03-10T13:00:00Z"),
    );
  });
});
