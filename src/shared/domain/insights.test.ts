import { describe, expect, it } from "vitest";
import {
  BUILTIN_RECOMMENDATIONS,
  bestDays,
  confidenceBadge,
  engineRecommendations,
  expectedImprovement,
  formatHourRange,
  mapRecommendations,
  peakWindow,
  workMetrics,
} from "./insights.ts";

describe("mapRecommendations", () => {
  it("gives impact by position, category general and 10 + 5 per position", () => {
    const mapped = mapRecommendations([{ text: "a" }, { text: "b" }, { text: "c" }, { text: "d" }]);
    expect(mapped.map((r) => r.impact)).toEqual(["high", "medium", "low", "low"]);
    expect(mapped.map((r) => r.improvement)).toEqual([10, 15, 20, 25]);
    expect(mapped.every((r) => r.category === "general" && r.action === "none")).toBe(true);
  });

  it("keeps an action the engine attached", () => {
    expect(mapRecommendations([{ text: "x", action: "batch_tasks" }])[0]?.action).toBe("batch_tasks");
  });
});

describe("built-in recommendations", () => {
  it("are the spec's four with their impact, category and improvement", () => {
    expect(BUILTIN_RECOMMENDATIONS.map((r) => [r.impact, r.category, r.improvement])).toEqual([
      ["high", "scheduling", 15],
      ["medium", "wellness", 10],
      ["high", "workflow", 20],
      ["medium", "automation", 12],
    ]);
  });
});

describe("confidenceBadge and expectedImprovement", () => {
  it.each([
    [0.81, "High"],
    [0.8, "Medium"],
    [0.61, "Medium"],
    [0.6, "Low"],
  ] as const)("%f is %s", (c, badge) => {
    expect(confidenceBadge(c)).toBe(badge);
  });

  it("measures improvement from 72", () => {
    expect(expectedImprovement(80)).toBe(8);
    expect(expectedImprovement(60)).toBe(-12);
  });
});

describe("patterns", () => {
  it("finds the two-hour window with the most time and completions", () => {
    const minutes = Array.from({ length: 24 }, () => 0);
    const done = Array.from({ length: 24 }, () => 0);
    minutes[9] = 100;
    minutes[10] = 200;
    minutes[14] = 250;
    done[10] = 3;
    done[15] = 1;
    expect(peakWindow(minutes, done)).toEqual({ start: 9, end: 11 });
    expect(peakWindow(Array(24).fill(0), Array(24).fill(0))).toBeNull();
  });

  it("formats hour ranges", () => {
    expect(formatHourRange(9, 11)).toBe("9-11 AM");
    expect(formatHourRange(11, 13)).toBe("11 AM-1 PM");
    expect(formatHourRange(14, 16)).toBe("2-4 PM");
    expect(formatHourRange(23, 25)).toBe("11 PM-1 AM");
  });

  it("names the best weekdays", () => {
    expect(bestDays([0, 50, 300, 10, 0, 0, 0], [0, 0, 2, 3, 0, 0, 0])).toEqual(["Tuesday", "Wednesday"]);
    expect(bestDays(Array(7).fill(0), Array(7).fill(0))).toEqual([]);
  });
});

describe("workMetrics", () => {
  it("computes hours per worked day, weekends, overtime, breaks and after hours", () => {
    const d = (weekday: number, minutes: number, breaks = 0, afterHoursMinutes = 0) => ({
      date: "2026-11-01",
      weekday,
      minutes,
      afterHoursMinutes,
      sessions: 0,
      breaks,
      focusMinutes: 0,
    });
    expect(workMetrics([d(1, 600, 2, 60), d(2, 480, 4, 30), d(6, 120), d(0, 0)])).toEqual({
      workHoursPerDay: 6.7,
      weekendWork: 1,
      overtimeDays: 1,
      breakFrequency: 2,
      afterHoursWork: 1.5,
    });
  });
});

describe("engineRecommendations", () => {
  const base = {
    peak: { start: 14, end: 16 },
    breaksPerSession: 0.2,
    categoriesPerDay: 3.4,
    topCategories: ["Development", "Admin"],
    completionRate: 0.5,
    openTasks: 12,
  };

  it("finds what stands out, most useful first", () => {
    expect(engineRecommendations(base)).toEqual([
      {
        text: "Batch similar tasks: you switch between 3 kinds of work a day, so group your Development and Admin work into blocks",
        action: "batch_tasks",
      },
      { text: "Take 5-minute breaks every 45 minutes", action: "pomodoro_45_5" },
      { text: "Schedule focus blocks at your peak hours, 2-4 PM", action: "focus_blocks" },
    ]);
  });

  it("finds nothing for a steady person", () => {
    expect(
      engineRecommendations({ ...base, breaksPerSession: 0.8, categoriesPerDay: 1, completionRate: 0.9 }),
    ).toEqual([]);
  });
});
