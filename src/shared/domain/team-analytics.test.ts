// The pure rules of team analytics (decision 210): sums to figures, the range's UTC days, and the
// weeks workload is counted over.
import { describe, expect, it } from "vitest";
import { addSums, emptySums, rangeDays, teamFigures, workWeeks } from "./team-analytics.ts";

describe("team figures", () => {
  it("turns sums into hours to one decimal and an on-time share of the completed tasks with a deadline", () => {
    const s = addSums(emptySums(), {
      completed: 5,
      completedWithDeadline: 4,
      completedOnTime: 3,
      minutesTracked: 95,
      workloadThisWeekMinutes: 150,
      workloadNextWeekMinutes: 20,
      overdue: 2,
    });
    expect(teamFigures(s)).toEqual({
      tasksCompleted: 5,
      hoursTracked: 1.6,
      onTimeRate: 0.75,
      workloadThisWeekHours: 2.5,
      workloadNextWeekHours: 0.3,
      overdueTasks: 2,
    });
  });

  it("has no on-time share when no completed task had a deadline, rather than 0 %", () => {
    expect(teamFigures(addSums(emptySums(), { completed: 3 })).onTimeRate).toBeNull();
    expect(teamFigures(emptySums())).toMatchObject({ tasksCompleted: 0, hoursTracked: 0, onTimeRate: null });
  });

  it("adds partial sums and ignores what is not a number", () => {
    const s = addSums(addSums(emptySums(), { completed: 2 }), { completed: 1, overdue: Number.NaN });
    expect(s).toMatchObject({ completed: 3, overdue: 0 });
  });
});

describe("the range and the weeks", () => {
  it("counts a range as its last N UTC days, today included", () => {
    expect(rangeDays(7, new Date("2026-03-04T23:30:00Z"))).toEqual({ from: "2026-02-26", to: "2026-03-04" });
    expect(rangeDays(90, new Date("2026-03-04T00:00:00Z")).from).toBe("2025-12-05");
  });

  it("starts weeks on Monday midnight in the asker's zone", () => {
    // Wednesday 4 March 2026, 10:00 UTC.
    const now = new Date("2026-03-04T10:00:00Z");
    expect(workWeeks(now, "UTC")).toEqual({
      thisWeek: new Date("2026-03-02T00:00:00Z"),
      nextWeek: new Date("2026-03-09T00:00:00Z"),
      weekAfter: new Date("2026-03-16T00:00:00Z"),
    });
    // Berlin is UTC+1 in March: Monday midnight there is Sunday 23:00 UTC.
    expect(workWeeks(now, "Europe/Berlin").thisWeek).toEqual(new Date("2026-03-01T23:00:00Z"));
    // Sunday evening in New York is already Monday in UTC: the week is still New York's.
    const sundayNight = new Date("2026-03-09T02:00:00Z");
    expect(workWeeks(sundayNight, "America/New_York").thisWeek).toEqual(new Date("2026-03-02T05:00:00Z"));
    // Across the change to summer time (8 March in New York), next week's Monday is at UTC-4.
    expect(workWeeks(sundayNight, "America/New_York").nextWeek).toEqual(new Date("2026-03-09T04:00:00Z"));
  });
});
