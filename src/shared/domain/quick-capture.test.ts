import { describe, expect, it } from "vitest";
import { parseQuickCapture, QUICK_CAPTURE_DEFAULT_HOUR } from "./quick-capture.ts";
import type { TaskCategory, TaskPriority } from "./tasks.ts";

// Wednesday 18 November 2026, 10:00 on the test machine's own clock. Expected dates are built with the
// same local constructor, so the table holds in any time zone.
const NOW = new Date(2026, 10, 18, 10, 0);
const on = (year: number, month: number, day: number, hour = QUICK_CAPTURE_DEFAULT_HOUR, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

type Expected = {
  title: string;
  deadline?: Date;
  estimate?: number;
  category?: TaskCategory;
  priority?: TaskPriority;
};

function check(text: string, expected: Expected, now = NOW) {
  const result = parseQuickCapture(text, now);
  expect({
    title: result.title,
    deadline: result.deadline,
    estimate: result.estimatedMinutes,
    category: result.category,
    priority: result.priority,
  }).toEqual({
    title: expected.title,
    deadline: expected.deadline ?? null,
    estimate: expected.estimate ?? null,
    category: expected.category ?? null,
    priority: expected.priority ?? null,
  });
}

describe("parseQuickCapture: the spec example", () => {
  it("takes every part out of the title and reports each phrase in order", () => {
    const result = parseQuickCapture("Review budget tomorrow 3pm 45m #Research !high", NOW);
    expect(result).toEqual({
      title: "Review budget",
      deadline: on(2026, 11, 19, 15),
      estimatedMinutes: 45,
      category: "Research",
      priority: "high",
      recurrence: null,
      project: null,
      recognized: [
        { kind: "deadline", text: "tomorrow 3pm" },
        { kind: "estimate", text: "45m" },
        { kind: "category", text: "#Research" },
        { kind: "priority", text: "!high" },
      ],
    });
  });

  it("reports lead words with their phrase, as typed", () => {
    const result = parseQuickCapture("Report due by Fri at 2PM for 1h 30m", NOW);
    expect(result.recognized).toEqual([
      { kind: "deadline", text: "due by Fri at 2PM" },
      { kind: "estimate", text: "for 1h 30m" },
    ]);
    expect(result.title).toBe("Report");
  });
});

describe("parseQuickCapture: titles", () => {
  it.each<[string, Expected]>([
    ["Buy milk", { title: "Buy milk" }],
    ["", { title: "" }],
    ["   ", { title: "" }],
    ["   Buy    oat\tmilk  ", { title: "Buy oat milk" }],
    ["Call Monday.com support", { title: "Call Monday.com support" }],
    ["Read monday-notes.md", { title: "Read monday-notes.md" }],
    ["Buy 3 apples", { title: "Buy 3 apples" }],
    ["Today's agenda", { title: "Today's agenda" }],
    ["Meeting at the office", { title: "Meeting at the office" }],
    ["Sit on chair", { title: "Sit on chair" }],
    ["Sat down with Tom", { title: "Sat down with Tom" }],
    ["Walk in the sun", { title: "Walk in the sun" }],
    ["Plan #marketing push", { title: "Plan #marketing push" }],
    ["Ship it!", { title: "Ship it!" }],
    ["Fix !critical bug", { title: "Fix !critical bug" }],
    ["Fix !5 bug", { title: "Fix !5 bug" }],
    ["Book 13pm slot", { title: "Book 13pm slot" }],
    ["Gate 25:00", { title: "Gate 25:00" }],
    ["Launch 2026-02-30", { title: "Launch 2026-02-30" }],
    ["Read ch 45mins", { title: "Read ch", estimate: 45 }],
    [
      "tomorrow 3pm 45m #Research !high",
      { title: "", deadline: on(2026, 11, 19, 15), estimate: 45, category: "Research", priority: "high" },
    ],
  ])("%j", (text, expected) => check(text, expected));
});

describe("parseQuickCapture: dates", () => {
  it.each<[string, Expected]>([
    ["Ship it today", { title: "Ship it", deadline: on(2026, 11, 18) }],
    ["Pay rent tomorrow", { title: "Pay rent", deadline: on(2026, 11, 19) }],
    ["Pay rent tmr", { title: "Pay rent", deadline: on(2026, 11, 19) }],
    ["Pay rent TMRW", { title: "Pay rent", deadline: on(2026, 11, 19) }],
    ["Call mom monday", { title: "Call mom", deadline: on(2026, 11, 23) }],
    ["Call mom Mon", { title: "Call mom", deadline: on(2026, 11, 23) }],
    ["Standup wednesday", { title: "Standup", deadline: on(2026, 11, 25) }],
    ["Standup thurs", { title: "Standup", deadline: on(2026, 11, 19) }],
    ["Report due friday", { title: "Report", deadline: on(2026, 11, 20) }],
    ["Picnic on sat", { title: "Picnic", deadline: on(2026, 11, 21) }],
    ["Picnic saturday", { title: "Picnic", deadline: on(2026, 11, 21) }],
    ["Brunch next sun", { title: "Brunch", deadline: on(2026, 11, 22) }],
    ["Retro next friday", { title: "Retro", deadline: on(2026, 11, 20) }],
    ["Plan sprint next week", { title: "Plan sprint", deadline: on(2026, 11, 23) }],
    ["Renew passport in 3 days", { title: "Renew passport", deadline: on(2026, 11, 21) }],
    ["Renew passport in a week", { title: "Renew passport", deadline: on(2026, 11, 25) }],
    ["Renew passport in 2 weeks", { title: "Renew passport", deadline: on(2026, 12, 2) }],
    ["Chase invoice in 20 days", { title: "Chase invoice", deadline: on(2026, 12, 8) }],
    ["Dentist dec 5", { title: "Dentist", deadline: on(2026, 12, 5) }],
    ["Dentist 5 dec", { title: "Dentist", deadline: on(2026, 12, 5) }],
    ["Dentist December 5th", { title: "Dentist", deadline: on(2026, 12, 5) }],
    ["Dentist 5th of December", { title: "Dentist", deadline: on(2026, 12, 5) }],
    ["Review nov 18", { title: "Review", deadline: on(2026, 11, 18) }],
    ["Tax return jan 15", { title: "Tax return", deadline: on(2027, 1, 15) }],
    ["File taxes by Apr 15", { title: "File taxes", deadline: on(2027, 4, 15) }],
    ["Leap party feb 29", { title: "Leap party", deadline: on(2028, 2, 29) }],
    ["Launch 2026-12-05", { title: "Launch", deadline: on(2026, 12, 5) }],
    ["Retro on 2025-01-10", { title: "Retro", deadline: on(2025, 1, 10) }],
    ["Nothing on dec 32", { title: "Nothing on dec 32" }],
    ["Move from monday to friday", { title: "Move from to friday", deadline: on(2026, 11, 23) }],
    ["Wrap up (tomorrow)", { title: "Wrap up", deadline: on(2026, 11, 19) }],
  ])("%j", (text, expected) => check(text, expected));

  it("moves across a year end for weekdays and relative days", () => {
    const newYearsEve = new Date(2026, 11, 31, 10, 0); // a Thursday
    check("Party tomorrow", { title: "Party", deadline: on(2027, 1, 1) }, newYearsEve);
    check("Party mon", { title: "Party", deadline: on(2027, 1, 4) }, newYearsEve);
    check("Party thu", { title: "Party", deadline: on(2027, 1, 7) }, newYearsEve);
    check("Party next week", { title: "Party", deadline: on(2027, 1, 4) }, newYearsEve);
    check("Party dec 31", { title: "Party", deadline: on(2026, 12, 31) }, newYearsEve);
  });

  it("takes next week from a Sunday as the following day", () => {
    const sunday = new Date(2026, 10, 22, 10, 0);
    check("Plan next week", { title: "Plan", deadline: on(2026, 11, 23) }, sunday);
  });
});

describe("parseQuickCapture: times", () => {
  it.each<[string, Expected]>([
    ["Call Bob 3pm", { title: "Call Bob", deadline: on(2026, 11, 18, 15) }],
    ["Call Bob 9am", { title: "Call Bob", deadline: on(2026, 11, 19, 9) }],
    ["Call Bob 10:00", { title: "Call Bob", deadline: on(2026, 11, 19, 10) }],
    ["Call Bob 10:01", { title: "Call Bob", deadline: on(2026, 11, 18, 10, 1) }],
    ["Write report 15:00", { title: "Write report", deadline: on(2026, 11, 18, 15) }],
    ["Call 3:30 pm", { title: "Call", deadline: on(2026, 11, 18, 15, 30) }],
    ["Call 3:30pm", { title: "Call", deadline: on(2026, 11, 18, 15, 30) }],
    ["Call 3:30", { title: "Call", deadline: on(2026, 11, 18, 15, 30) }],
    ["Call 03:30", { title: "Call", deadline: on(2026, 11, 19, 3, 30) }],
    ["Gym 6 am", { title: "Gym", deadline: on(2026, 11, 19, 6) }],
    ["Gym 6 a.m.", { title: "Gym", deadline: on(2026, 11, 19, 6) }],
    ["Lunch 12pm", { title: "Lunch", deadline: on(2026, 11, 18, 12) }],
    ["Backup 12am", { title: "Backup", deadline: on(2026, 11, 19, 0) }],
    ["Lunch at noon", { title: "Lunch", deadline: on(2026, 11, 18, 12) }],
    ["Pay rent by midnight", { title: "Pay rent", deadline: on(2026, 11, 18, 23, 59) }],
    ["Sync at 9", { title: "Sync", deadline: on(2026, 11, 19, 9) }],
    ["Sync at 11", { title: "Sync", deadline: on(2026, 11, 18, 11) }],
    ["Sync at 3", { title: "Sync", deadline: on(2026, 11, 18, 15) }],
    ["Sync @ 4pm", { title: "Sync", deadline: on(2026, 11, 18, 16) }],
    ["Sync at 18:45", { title: "Sync", deadline: on(2026, 11, 18, 18, 45) }],
    ["Review budget tomorrow 3pm", { title: "Review budget", deadline: on(2026, 11, 19, 15) }],
    ["Review budget 3pm tomorrow", { title: "Review budget", deadline: on(2026, 11, 19, 15) }],
    ["Ship today 9am", { title: "Ship", deadline: on(2026, 11, 18, 9) }],
    ["Standup wed 9:30", { title: "Standup", deadline: on(2026, 11, 25, 9, 30) }],
    ["Dentist december 5 at 9", { title: "Dentist", deadline: on(2026, 12, 5, 9) }],
    ["Submit friday midnight", { title: "Submit", deadline: on(2026, 11, 20, 23, 59) }],
    ["Report due by fri 2pm", { title: "Report", deadline: on(2026, 11, 20, 14) }],
    ["Call Bob tomorrow, 3pm.", { title: "Call Bob", deadline: on(2026, 11, 19, 15) }],
  ])("%j", (text, expected) => check(text, expected));

  it("rolls a passed time over to tomorrow late in the evening", () => {
    const late = new Date(2026, 10, 18, 23, 59, 30);
    check("Pay by midnight", { title: "Pay", deadline: on(2026, 11, 19, 23, 59) }, late);
  });
});

describe("parseQuickCapture: estimates", () => {
  it.each<[string, number | null, string]>([
    ["Fix bug 45m", 45, "Fix bug"],
    ["Fix bug 45min", 45, "Fix bug"],
    ["Fix bug 45 minutes", 45, "Fix bug"],
    ["Fix bug 90 mins", 90, "Fix bug"],
    ["Fix bug 2h", 120, "Fix bug"],
    ["Fix bug 2 hours", 120, "Fix bug"],
    ["Fix bug 2hrs", 120, "Fix bug"],
    ["Fix bug 1.5h", 90, "Fix bug"],
    ["Fix bug 1h30m", 90, "Fix bug"],
    ["Fix bug 1h30", 90, "Fix bug"],
    ["Fix bug 1h 30m", 90, "Fix bug"],
    ["Fix bug 0.25h", 15, "Fix bug"],
    ["Fix bug 47m", 45, "Fix bug"],
    ["Fix bug 48m", 50, "Fix bug"],
    ["Fix bug 2m", 5, "Fix bug"],
    ["Fix bug 0m", 5, "Fix bug"],
    ["Fix bug 1000m", 480, "Fix bug"],
    ["Fix bug 10h", 480, "Fix bug"],
    ["Fix bug 30m 2h", 30, "Fix bug 2h"],
    ["Fix bug45m", null, "Fix bug45m"],
    ["Fix 45m-ish", null, "Fix 45m-ish"],
    ["Fix bug in 2h", 120, "Fix bug in"],
  ])("%j gives %o minutes", (text, minutes, title) => {
    const result = parseQuickCapture(text, NOW);
    expect(result.estimatedMinutes).toBe(minutes);
    expect(result.title).toBe(title);
    expect(result.deadline).toBeNull();
  });
});

describe("parseQuickCapture: category and priority", () => {
  it.each<[string, Expected]>([
    ["Email #admin", { title: "Email", category: "Admin" }],
    ["Email #ADMIN", { title: "Email", category: "Admin" }],
    ["#Design the logo", { title: "the logo", category: "Design" }],
    // "weekly" at the end of the line repeats the task (issue 24): quick-capture-recurrence.test.ts.
    ["Sync #meeting, weekly", { title: "Sync", category: "Meeting", deadline: on(2026, 11, 18) }],
    ["Notes #Research #Design", { title: "Notes #Design", category: "Research" }],
    ["Deploy !urgent", { title: "Deploy", priority: "urgent" }],
    ["Deploy !URGENT", { title: "Deploy", priority: "urgent" }],
    ["Deploy !1", { title: "Deploy", priority: "urgent" }],
    ["Deploy !2", { title: "Deploy", priority: "high" }],
    ["Deploy !3", { title: "Deploy", priority: "medium" }],
    ["Deploy !4", { title: "Deploy", priority: "low" }],
    ["Deploy !med", { title: "Deploy", priority: "medium" }],
    ["Deploy !medium", { title: "Deploy", priority: "medium" }],
    ["Deploy !low !high", { title: "Deploy !high", priority: "low" }],
    ["!high #dev work", { title: "#dev work", priority: "high" }],
  ])("%j", (text, expected) => check(text, expected));
});

describe("parseQuickCapture: in the person's time zone", () => {
  const at = (iso: string) => new Date(iso);
  const deadline = (text: string, now: string, zone: string) =>
    parseQuickCapture(text, at(now), zone).deadline;

  it("reads today, tomorrow and weekdays from the person's own calendar day", () => {
    // 01:00 on Thursday 19 November in Auckland (UTC+13) is still Wednesday in UTC.
    const now = "2026-11-18T12:00:00Z";
    expect(deadline("Ship today", now, "Pacific/Auckland")).toEqual(at("2026-11-19T04:00:00Z"));
    expect(deadline("Ship tomorrow", now, "Pacific/Auckland")).toEqual(at("2026-11-20T04:00:00Z"));
    expect(deadline("Ship friday", now, "Pacific/Auckland")).toEqual(at("2026-11-20T04:00:00Z"));
    expect(deadline("Ship at 9", now, "Pacific/Auckland")).toEqual(at("2026-11-18T20:00:00Z"));
    // 00:30 on Thursday in Kolkata (UTC+5:30).
    expect(deadline("Call today 3pm", "2026-11-18T19:00:00Z", "Asia/Kolkata")).toEqual(
      at("2026-11-19T09:30:00Z"),
    );
  });

  it("keeps the wall-clock time across a daylight saving change", () => {
    // Saturday 31 October 2026, 10:00 in New York (UTC-4); clocks go back on Sunday 1 November.
    const beforeFallBack = "2026-10-31T14:00:00Z";
    expect(deadline("Call tomorrow at 3pm", beforeFallBack, "America/New_York")).toEqual(
      at("2026-11-01T20:00:00Z"),
    );
    expect(deadline("Call in 2 days", beforeFallBack, "America/New_York")).toEqual(
      at("2026-11-02T22:00:00Z"),
    );
    expect(deadline("Call monday 9am", beforeFallBack, "America/New_York")).toEqual(
      at("2026-11-02T14:00:00Z"),
    );
    // Saturday 7 March 2026, 10:00 in New York (UTC-5); clocks go forward on Sunday 8 March.
    const beforeSpringForward = "2026-03-07T15:00:00Z";
    expect(deadline("Call tomorrow 3pm", beforeSpringForward, "America/New_York")).toEqual(
      at("2026-03-08T19:00:00Z"),
    );
    // 02:30 does not exist that night: the clock reads 03:30 then, as a Date built from local fields does.
    expect(deadline("Call tomorrow 2:30am", beforeSpringForward, "America/New_York")).toEqual(
      at("2026-03-08T07:30:00Z"),
    );
    // 01:30 happens twice in London on Sunday 25 October 2026: the first one, in summer time.
    expect(deadline("Backup tomorrow 1:30am", "2026-10-24T09:00:00Z", "Europe/London")).toEqual(
      at("2026-10-25T00:30:00Z"),
    );
  });
});

describe("parseQuickCapture: Kairo's rules on top of chrono", () => {
  it.each<[string, Expected]>([
    // A month or year alone, a fraction, a duration, a part of the day alone, "now": part of the title.
    ["Call March team", { title: "Call March team" }],
    ["Plan next year", { title: "Plan next year" }],
    ["Fix 1/2 the bugs", { title: "Fix 1/2 the bugs" }],
    ["Spend 2 days on the report", { title: "Spend 2 days on the report" }],
    ["Morning pages", { title: "Morning pages" }],
    ["Evening run", { title: "Evening run" }],
    ["Plan weekend trip", { title: "Plan weekend trip" }],
    ["Buy a sat nav", { title: "Buy a sat nav" }],
    ["Do it now", { title: "Do it now" }],
    ["Launch 5 dec 27", { title: "Launch 5 dec 27" }],
    ["Mon-Fri rota", { title: "Mon-Fri rota" }],
    ["Fix bug 30m for 2h", { title: "Fix bug for 2h", estimate: 30 }],
    // What chrono reads beyond the old grammar, still with Kairo's default hour and afternoon rule.
    ["Call mom tonight", { title: "Call mom", deadline: on(2026, 11, 18, 22) }],
    ["Gym tomorrow morning", { title: "Gym", deadline: on(2026, 11, 19, 6) }],
    ["Lunch noon tomorrow", { title: "Lunch", deadline: on(2026, 11, 19, 12) }],
    ["Renew within 2 days", { title: "Renew", deadline: on(2026, 11, 20) }],
    ["Renew 3 days from now", { title: "Renew", deadline: on(2026, 11, 21) }],
    ["Close the books by end of month", { title: "Close the books", deadline: on(2026, 11, 30) }],
    ["Retro this friday", { title: "Retro", deadline: on(2026, 11, 20) }],
    ["Retro friday next week", { title: "Retro", deadline: on(2026, 11, 27) }],
    ["Party next weekend", { title: "Party", deadline: on(2026, 11, 21) }],
    ["Deploy dec 5 at 5", { title: "Deploy", deadline: on(2026, 12, 5, 17) }],
    ["Deploy dec 5 at 05:00", { title: "Deploy", deadline: on(2026, 12, 5, 5) }],
    ["Sync @4pm", { title: "Sync", deadline: on(2026, 11, 18, 16) }],
  ])("%j", (text, expected) => check(text, expected));

  it("waits for the next February 29 after this year's has passed", () => {
    check(
      "Leap party feb 29",
      { title: "Leap party", deadline: on(2032, 2, 29) },
      new Date(2028, 2, 10, 10, 0),
    );
    check(
      "Leap party feb 29",
      { title: "Leap party", deadline: on(2028, 2, 29) },
      new Date(2028, 0, 10, 10, 0),
    );
  });
});
