import { describe, expect, it } from "vitest";
import {
  ANALYTICS_RANGES,
  completionRate,
  dayKeys,
  formatHours,
  isAnalyticsRange,
  localDayKey,
  productivityScore,
  TIME_SAVED_DEFINITION,
  timeSavedMinutes,
  timeSavedSums,
  totalHours,
} from "./metrics.ts";

describe("completionRate", () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [0, 10, 0],
    [3, 4, 0.75],
    [10, 10, 1],
    [1, 3, 1 / 3],
    [12, 10, 1],
    [-1, 10, 0],
    [Number.NaN, 10, 0],
  ])("%d of %d is %d", (completed, total, expected) => {
    expect(completionRate(completed, total)).toBeCloseTo(expected, 10);
  });
});

describe("productivityScore", () => {
  it.each([
    [0, 0],
    [0.75, 75],
    [1 / 3, 33],
    [0.666, 67],
    [0.005, 1],
    [1, 100],
    [1.2, 100],
    [-0.1, 0],
    [Number.NaN, 0],
  ])("rate %d scores %d", (rate, expected) => {
    expect(productivityScore(rate)).toBe(expected);
  });

  it("composes with completionRate as spec section 3 defines", () => {
    expect(productivityScore(completionRate(7, 9))).toBe(78);
  });
});

describe("totalHours", () => {
  it.each([
    [0, 0],
    [30, 0.5],
    [60, 1],
    [90, 1.5],
    [100, 1.7],
    [125, 2.1],
    [1, 0],
    [3, 0.1],
    [6000, 100],
    [-30, 0],
    [Number.NaN, 0],
  ])("%d minutes is %d hours", (minutes, expected) => {
    expect(totalHours(minutes)).toBe(expected);
  });
});

describe("time saved", () => {
  it.each([
    [120, 90, 30],
    [60, 60, 0],
    [60, 95, 0],
    [0, 0, 0],
    [45.4, 0, 45],
    [Number.NaN, 10, 0],
  ])("estimated %d, tracked %d saves %d minutes", (est, act, expected) => {
    expect(timeSavedMinutes({ completedEstimatedMinutes: est, completedActualMinutes: act })).toBe(expected);
  });

  it("sums only completed tasks that have tracked time", () => {
    const sums = timeSavedSums([
      { completed: true, estimatedMinutes: 60, actualMinutes: 40 },
      { completed: true, estimatedMinutes: 30, actualMinutes: 50 },
      { completed: true, estimatedMinutes: 120, actualMinutes: 0 },
      { completed: false, estimatedMinutes: 90, actualMinutes: 10 },
    ]);
    expect(sums).toEqual({ completedEstimatedMinutes: 90, completedActualMinutes: 90 });
    expect(timeSavedMinutes(sums)).toBe(0);
    expect(timeSavedMinutes(timeSavedSums([]))).toBe(0);
  });

  it("states the definition the README quotes", () => {
    expect(TIME_SAVED_DEFINITION).toMatch(/estimated minutes of completed tasks/);
    expect(TIME_SAVED_DEFINITION).toMatch(/never below zero/);
  });
});

describe("formatHours", () => {
  it.each([
    [0, "0h"],
    [1.5, "1.5h"],
    [12, "12h"],
    [2.04, "2h"],
    [2.06, "2.1h"],
    [1234.5, "1,234.5h"],
    [Number.NaN, "0h"],
  ])("%d reads %s", (hours, expected) => {
    expect(formatHours(hours)).toBe(expected);
  });
});

describe("analytics ranges and days", () => {
  it("offers 7, 30 and 90 days", () => {
    expect(ANALYTICS_RANGES).toEqual([7, 30, 90]);
    expect(isAnalyticsRange(30)).toBe(true);
    expect(isAnalyticsRange(14)).toBe(false);
    expect(isAnalyticsRange("30")).toBe(false);
  });

  it.each([
    ["a normal day", new Date(2026, 10, 18, 10, 0), "2026-11-18"],
    ["just after midnight", new Date(2026, 0, 1, 0, 0, 1), "2026-01-01"],
    ["just before midnight", new Date(2026, 11, 31, 23, 59, 59), "2026-12-31"],
  ])("localDayKey on %s", (_name, date, expected) => {
    expect(localDayKey(date)).toBe(expected);
  });

  it.each([
    [7, new Date(2026, 10, 18, 10, 0), "2026-11-12", "2026-11-18"],
    [7, new Date(2026, 0, 3, 23, 30), "2025-12-28", "2026-01-03"],
    [30, new Date(2026, 2, 15, 0, 5), "2026-02-14", "2026-03-15"],
    [90, new Date(2026, 10, 18, 12, 0), "2026-08-21", "2026-11-18"],
    [30, new Date(2028, 2, 1, 9, 0), "2028-02-01", "2028-03-01"],
  ] as const)("%d days ending %o run from %s to %s", (range, now, first, last) => {
    const keys = dayKeys(range, now);
    expect(keys).toHaveLength(range);
    expect(keys[0]).toBe(first);
    expect(keys.at(-1)).toBe(last);
    expect(new Set(keys).size).toBe(range);
    expect([...keys].sort()).toEqual(keys);
  });

  it("steps whole days across daylight-saving changes", () => {
    // Spans both the March and October/November changes of most zones that observe DST.
    for (const now of [new Date(2026, 3, 5, 1, 0), new Date(2026, 10, 5, 23, 0)]) {
      const keys = dayKeys(90, now);
      for (let i = 1; i < keys.length; i++) {
        const prev = new Date(`${keys[i - 1]}T12:00:00Z`).getTime();
        const next = new Date(`${keys[i]}T12:00:00Z`).getTime();
        expect(next - prev).toBe(86_400_000);
      }
    }
  });
});
