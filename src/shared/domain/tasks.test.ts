import { describe, expect, it } from "vitest";
import {
  applyStatusChange,
  clampEstimate,
  completedForStatus,
  DEFAULT_TASK_CATEGORY,
  DEFAULT_TASK_PRIORITY,
  DEFAULT_TASK_STATUS,
  DESCRIPTION_MAX,
  ESTIMATE_MINUTES,
  ESTIMATE_QUICK_PICKS,
  elapsedWholeMinutes,
  formatDuration,
  formatMinutes,
  isTaskCategory,
  isTaskPriority,
  isTaskStatus,
  isValidEstimate,
  statusForCompleted,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskStatus,
  TITLE_MAX,
} from "./tasks.ts";

describe("task constants", () => {
  it("lists the six categories of spec section 3 with General as default", () => {
    expect(TASK_CATEGORIES).toEqual(["General", "Development", "Design", "Meeting", "Research", "Admin"]);
    expect(DEFAULT_TASK_CATEGORY).toBe("General");
  });

  it("lists statuses and priorities with their defaults", () => {
    expect(TASK_STATUSES).toEqual(["todo", "in_progress", "completed"]);
    expect(TASK_PRIORITIES).toEqual(["low", "medium", "high", "urgent"]);
    expect(DEFAULT_TASK_STATUS).toBe("todo");
    expect(DEFAULT_TASK_PRIORITY).toBe("medium");
  });

  it("takes estimates from 5 to 480 in steps of 5, default 30, with four quick picks", () => {
    expect(ESTIMATE_MINUTES).toEqual({ min: 5, max: 480, step: 5, default: 30 });
    expect(ESTIMATE_QUICK_PICKS.map((p) => [p.label, p.minutes])).toEqual([
      ["15m", 15],
      ["30m", 30],
      ["1h", 60],
      ["2h", 120],
    ]);
    for (const pick of ESTIMATE_QUICK_PICKS) {
      expect(isValidEstimate(pick.minutes)).toBe(true);
      expect(formatMinutes(pick.minutes)).toBe(pick.label);
    }
  });

  it("limits title and description length", () => {
    expect(TITLE_MAX).toBe(200);
    expect(DESCRIPTION_MAX).toBe(5000);
  });
});

describe("type guards", () => {
  it.each([
    [isTaskCategory, "Research", true],
    [isTaskCategory, "research", false],
    [isTaskCategory, 3, false],
    [isTaskStatus, "in_progress", true],
    [isTaskStatus, "done", false],
    [isTaskPriority, "urgent", true],
    [isTaskPriority, "critical", false],
    [isTaskPriority, null, false],
  ] as const)("%o(%o) is %o", (guard, value, expected) => {
    expect(guard(value)).toBe(expected);
  });
});

describe("clampEstimate and isValidEstimate", () => {
  it.each([
    [30, 30, true],
    [5, 5, true],
    [480, 480, true],
    [0, 5, false],
    [-20, 5, false],
    [3, 5, false],
    [7, 5, false],
    [8, 10, false],
    [47, 45, false],
    [48, 50, false],
    [90.4, 90, false],
    [481, 480, false],
    [10_000, 480, false],
    [Number.NaN, 30, false],
    [Number.POSITIVE_INFINITY, 30, false],
  ])("%d minutes snaps to %d (valid as is: %o)", (input, snapped, valid) => {
    expect(clampEstimate(input)).toBe(snapped);
    expect(isValidEstimate(input)).toBe(valid);
  });
});

describe("statusForCompleted", () => {
  it.each<[boolean, TaskStatus, boolean, TaskStatus]>([
    [true, "todo", false, "completed"],
    [true, "in_progress", true, "completed"],
    [true, "completed", false, "completed"],
    [false, "completed", false, "todo"],
    [false, "completed", true, "in_progress"],
    [false, "todo", false, "todo"],
    [false, "in_progress", false, "in_progress"],
    [false, "todo", true, "in_progress"],
  ])("completed=%o from %s (timer %o) gives %s", (completed, current, running, expected) => {
    expect(statusForCompleted(completed, current, running)).toBe(expected);
  });

  it("defaults to no running timer", () => {
    expect(statusForCompleted(false, "completed")).toBe("todo");
  });

  it("round-trips with completedForStatus", () => {
    for (const status of TASK_STATUSES) {
      for (const completed of [true, false]) {
        expect(completedForStatus(statusForCompleted(completed, status))).toBe(completed);
      }
    }
  });

  it.each<[TaskStatus, boolean]>([
    ["completed", true],
    ["todo", false],
    ["in_progress", false],
  ])("completedForStatus(%s) is %o", (status, expected) => {
    expect(completedForStatus(status)).toBe(expected);
  });
});

describe("applyStatusChange", () => {
  const idle = { status: "todo", completed: false, isActive: false } as const;
  const running = { status: "in_progress", completed: false, isActive: true } as const;
  const done = { status: "completed", completed: true, isActive: false } as const;

  it.each<
    [
      string,
      typeof idle | typeof running | typeof done,
      Parameters<typeof applyStatusChange>[1],
      ReturnType<typeof applyStatusChange>,
    ]
  >([
    [
      "running, set to todo",
      running,
      { status: "todo" },
      { status: "todo", completed: false, stopsTimer: true },
    ],
    [
      "running, set to completed",
      running,
      { status: "completed" },
      { status: "completed", completed: true, stopsTimer: true },
    ],
    [
      "running, completed: true",
      running,
      { completed: true },
      { status: "completed", completed: true, stopsTimer: true },
    ],
    [
      "running, todo with completed: false",
      running,
      { status: "todo", completed: false },
      { status: "todo", completed: false, stopsTimer: true },
    ],
    [
      "running, set to in_progress",
      running,
      { status: "in_progress" },
      { status: "in_progress", completed: false, stopsTimer: false },
    ],
    [
      "running, completed: false",
      running,
      { completed: false },
      { status: "in_progress", completed: false, stopsTimer: false },
    ],
    [
      "running, no status change",
      running,
      {},
      { status: "in_progress", completed: false, stopsTimer: false },
    ],
    [
      "idle, set to in_progress",
      idle,
      { status: "in_progress" },
      { status: "in_progress", completed: false, stopsTimer: false },
    ],
    [
      "idle, completed: true",
      idle,
      { completed: true },
      { status: "completed", completed: true, stopsTimer: false },
    ],
    [
      "done, completed: false",
      done,
      { completed: false },
      { status: "todo", completed: false, stopsTimer: false },
    ],
    [
      "done, set to in_progress",
      done,
      { status: "in_progress" },
      { status: "in_progress", completed: false, stopsTimer: false },
    ],
  ])("%s", (_name, current, change, expected) => {
    expect(applyStatusChange(current, change)).toEqual(expected);
  });

  it("never leaves a running timer on a task whose status is not in_progress", () => {
    for (const status of [undefined, ...TASK_STATUSES]) {
      for (const completed of [undefined, true, false]) {
        const next = applyStatusChange(running, { status, completed });
        expect(next.stopsTimer || next.status === "in_progress").toBe(true);
        expect(next.completed).toBe(completedForStatus(next.status));
      }
    }
  });
});

describe("elapsedWholeMinutes", () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ["same instant", "2026-11-18T10:00:00Z", "2026-11-18T10:00:00Z", 0],
    ["59 seconds", "2026-11-18T10:00:00Z", "2026-11-18T10:00:59Z", 0],
    ["exactly a minute", "2026-11-18T10:00:00Z", "2026-11-18T10:01:00Z", 1],
    ["rounds down", "2026-11-18T10:00:00Z", "2026-11-18T10:45:59.999Z", 45],
    ["across midnight", "2026-11-18T23:50:00Z", "2026-11-19T00:20:30Z", 30],
    ["across the EU DST change", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", 60],
    ["across the US DST change", "2026-03-08T06:30:00Z", "2026-03-08T08:00:00Z", 90],
    ["over a day", "2026-11-18T10:00:00Z", "2026-11-19T12:00:00Z", 26 * 60],
    ["end before start", "2026-11-18T10:00:00Z", "2026-11-18T09:00:00Z", 0],
  ])("%s", (_name, start, end, expected) => {
    expect(elapsedWholeMinutes(at(start), at(end))).toBe(expected);
  });

  it("treats an invalid date as no time", () => {
    expect(elapsedWholeMinutes(new Date("nope"), new Date())).toBe(0);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "00:00:00"],
    [999, "00:00:00"],
    [1000, "00:00:01"],
    [59_999, "00:00:59"],
    [60_000, "00:01:00"],
    [3_599_000, "00:59:59"],
    [3_600_000, "01:00:00"],
    [(27 * 3600 + 3 * 60 + 9) * 1000, "27:03:09"],
    [(100 * 3600 + 1) * 1000, "100:00:01"],
    [-5000, "00:00:00"],
    [Number.NaN, "00:00:00"],
  ])("%d ms reads %s", (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe("formatMinutes", () => {
  it.each([
    [0, "0m"],
    [5, "5m"],
    [45, "45m"],
    [59, "59m"],
    [60, "1h"],
    [90, "1h 30m"],
    [125, "2h 5m"],
    [480, "8h"],
    [1500, "25h"],
    [44.6, "45m"],
    [-10, "0m"],
    [Number.NaN, "0m"],
  ])("%d minutes reads %s", (minutes, expected) => {
    expect(formatMinutes(minutes)).toBe(expected);
  });
});
