import { describe, expect, it } from "vitest";
import {
  isPermutationOf,
  moveBy,
  moveItem,
  nextPosition,
  openSubtaskCount,
  shownEstimateMinutes,
  subtaskProgress,
  summarizeSubtasks,
} from "./subtasks.ts";

describe("subtask order", () => {
  const ids = ["a", "b", "c", "d"];

  it("moves one up or down, and not past either end", () => {
    expect(moveBy(ids, "c", -1)).toEqual(["a", "c", "b", "d"]);
    expect(moveBy(ids, "c", 1)).toEqual(["a", "b", "d", "c"]);
    expect(moveBy(ids, "a", -1)).toBe(ids);
    expect(moveBy(ids, "d", 1)).toBe(ids);
    expect(moveBy(ids, "x", 1)).toBe(ids);
  });

  it("moves by drag to any place, clamped to the list", () => {
    expect(moveItem(ids, 0, 3)).toEqual(["b", "c", "d", "a"]);
    expect(moveItem(ids, 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(ids, 1, 99)).toEqual(["a", "c", "d", "b"]);
    expect(moveItem(ids, 2, 2)).toBe(ids);
    expect(moveItem(ids, 9, 0)).toBe(ids);
  });

  it("accepts a new order only when it names every subtask exactly once", () => {
    expect(isPermutationOf(["b", "a", "c"], ["a", "b", "c"])).toBe(true);
    expect(isPermutationOf(["a", "b"], ["a", "b", "c"])).toBe(false);
    expect(isPermutationOf(["a", "a", "b"], ["a", "b", "c"])).toBe(false);
    expect(isPermutationOf(["a", "b", "x"], ["a", "b", "c"])).toBe(false);
    expect(isPermutationOf([], [])).toBe(true);
  });

  it("puts a new subtask after the last, gaps left by deletions included", () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition([0, 1, 2])).toBe(3);
    expect(nextPosition([0, 5, 2])).toBe(6);
  });
});

describe("what a parent shows", () => {
  const subtasks = [
    { done: true, estimatedMinutes: 20 },
    { done: false, estimatedMinutes: 15 },
    { done: false, estimatedMinutes: null },
    { done: true, estimatedMinutes: null },
    { done: false, estimatedMinutes: 10 },
  ];

  it("counts done of all, and the open subtasks' minutes (no estimate counts 0)", () => {
    const s = summarizeSubtasks(subtasks);
    expect(s).toEqual({ subtasksTotal: 5, subtasksDone: 2, subtasksOpenMinutes: 25 });
    expect(subtaskProgress(s)).toBe("2 of 5");
    expect(openSubtaskCount(s)).toBe(3);
    expect(subtaskProgress(summarizeSubtasks([]))).toBeNull();
  });

  it("shows its own estimate plus the open subtasks', and only its own once completed", () => {
    const s = summarizeSubtasks(subtasks);
    expect(shownEstimateMinutes({ estimatedMinutes: 30, completed: false, ...s })).toBe(55);
    expect(shownEstimateMinutes({ estimatedMinutes: 30, completed: true, ...s })).toBe(30);
    expect(shownEstimateMinutes({ estimatedMinutes: 30, completed: false, ...summarizeSubtasks([]) })).toBe(
      30,
    );
  });
});
