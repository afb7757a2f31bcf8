// The "Deadline at risk" rule (decision 273): only a task that cannot be done before its deadline in
// the person's working time, with the other work due by then, or one already overdue.
import { describe, expect, it } from "vitest";
import { deadlinesAtRisk, everyDayPreferences } from "./deadline-risk.ts";
import { DEFAULT_WORKING_PREFERENCES } from "./defaults.ts";
import { planWork } from "./plan-work.ts";
import { describeAtRisk } from "./reason-wording.ts";
import type { PlannerInput, PlannerTask } from "./types.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Friday 27 November 2026, 12:00 in Berlin (11:00 UTC).
const NOW = Date.UTC(2026, 10, 27, 11, 0);
const saved = { ...DEFAULT_WORKING_PREFERENCES, timeZone: "Europe/Berlin" };
const task = (id: string, estimateMinutes: number | null, deadline: number | null): PlannerTask => ({
  id,
  title: id,
  estimateMinutes,
  deadline,
  priority: "medium",
});
const input = (tasks: PlannerTask[], o: Partial<PlannerInput> = {}): PlannerInput => ({
  now: NOW,
  horizon: { startDate: "2026-11-27", days: 7 },
  tasks,
  preferences: everyDayPreferences(saved),
  busy: [],
  ...o,
});
const flagged = (i: PlannerInput) => deadlinesAtRisk(i).map((a) => [a.taskId, a.reason.code]);

// A new account on a Friday: a handful of everyday tasks due in the next few days, no history,
// working hours never saved, one task without a deadline.
const freshTasks = [
  task("call the plumber", 30, NOW + 1 * DAY),
  task("book flights", 30, NOW + 2 * DAY),
  task("tax return", 120, NOW + 3 * DAY),
  task("quarterly report", 60, NOW + 4 * DAY),
  task("renew passport", null, NOW + 2 * DAY),
  task("read a book", 60, null),
];

describe("deadlines at risk", () => {
  it("flags nothing for a new account whose few tasks fit before their deadlines", () => {
    expect(flagged(input(freshTasks))).toEqual([]);
    // The old rule (the plan's own risk list, littleSlack included) flagged most of them.
    const plan = planWork(input(freshTasks, { preferences: saved }));
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.atRisk.length).toBeGreaterThan(2);
  });

  it("flags the one task that truly cannot be done before its deadline, and only it", () => {
    // Six hours due tomorrow (Saturday) at 10:00: today has 13:00-17:00 left, tomorrow 9:00-10:00.
    const big = task("grant proposal", 360, NOW - 2 * HOUR + DAY);
    const risks = deadlinesAtRisk(input([...freshTasks, big]));
    expect(risks.map((a) => [a.taskId, a.reason.code, a.reason.params?.missingMinutes])).toEqual([
      // The plumber's call is due at noon, after it: not work due by 10:00.
      ["grant proposal", "cannotFit", 360 - 300],
    ]);
    expect(describeAtRisk(risks[0]!, { zone: "Europe/Berlin", now: NOW, title: (id) => id })).toBe(
      "grant proposal cannot be done before it is due Saturday 10:00: the work due by then needs 1 hour more than your working time before it",
    );
  });

  it("uses the working hours the person saved, and their calendar", () => {
    // Saved Monday to Friday: a weekend deadline has only the rest of Friday (4 hours) before it.
    const weekend = [task("a", 120, NOW + DAY), task("b", 180, NOW + 2 * DAY)];
    expect(flagged(input(weekend))).toEqual([]);
    expect(flagged(input(weekend, { preferences: saved }))).toEqual([["b", "cannotFit"]]);
    // An afternoon of meetings leaves too little for "a" as well.
    const meetings = [{ start: NOW + 2 * HOUR, end: NOW + 5 * HOUR, label: "Workshop" }];
    expect(flagged(input(weekend, { preferences: saved, busy: meetings }))).toEqual([
      ["a", "cannotFit"],
      ["b", "cannotFit"],
    ]);
  });

  it("counts the work due earlier, not later, and keeps overdue tasks flagged", () => {
    // 3 hours due Monday 12:00 fit (Friday afternoon and Monday morning, 7 hours);
    // a later deadline's work does not take their time.
    const saturdayToTuesday = [
      task("monday", 180, Date.UTC(2026, 10, 30, 11, 0)),
      task("tuesday", 300, Date.UTC(2026, 11, 1, 16, 0)),
    ];
    expect(flagged(input(saturdayToTuesday, { preferences: saved }))).toEqual([]);
    // A deadline that cannot be met does not drag the later ones down with it.
    const doomed = [task("doomed", 600, NOW + 3 * HOUR), task("small", 30, NOW + DAY)];
    expect(flagged(input(doomed, { preferences: saved }))).toEqual([["doomed", "cannotFit"]]);
    expect(flagged(input([task("late", 30, NOW - HOUR)]))).toEqual([["late", "overdue"]]);
    // Due after the week being judged: not judged.
    expect(flagged(input([task("far", 6000, NOW + 10 * DAY)]))).toEqual([]);
  });
});
