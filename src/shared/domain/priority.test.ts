import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PRIORITY_FORMULA_SUMMARY,
  PRIORITY_POINTS,
  type PriorityInput,
  priorityBreakdown,
  priorityScore,
} from "./priority.ts";
import { TASK_PRIORITIES, type TaskPriority } from "./tasks.ts";

const NOW = new Date("2026-11-18T10:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

function task(overrides: Partial<PriorityInput> = {}): PriorityInput {
  return {
    deadline: null,
    estimatedMinutes: 240,
    createdAt: NOW,
    priority: "medium",
    completed: false,
    ...overrides,
  };
}

describe("priorityScore examples", () => {
  it.each<[string, Partial<PriorityInput>, number]>([
    ["plain medium task", {}, 25],
    ["low", { priority: "low" }, 10],
    ["high", { priority: "high" }, 40],
    ["urgent", { priority: "urgent" }, 55],
    ["overdue", { deadline: at(-2 * DAY) }, 55],
    ["due this instant", { deadline: at(0) }, 55],
    ["due in 24 hours", { deadline: at(DAY) }, 25 + 30 * (13 / 14)],
    ["due in 7 days", { deadline: at(7 * DAY) }, 40],
    ["due in 14 days", { deadline: at(14 * DAY) }, 25],
    ["due in 60 days", { deadline: at(60 * DAY) }, 25],
    ["15-minute task", { estimatedMinutes: 15 }, 30],
    ["5-minute task", { estimatedMinutes: 5 }, 30],
    ["2-hour task", { estimatedMinutes: 120 }, 25 + (5 * 120) / 225],
    ["8-hour task", { estimatedMinutes: 480 }, 25],
    ["15 days old", { createdAt: at(-15 * DAY) }, 30],
    ["a year old", { createdAt: at(-365 * DAY) }, 35],
    [
      "everything at once",
      { priority: "urgent", deadline: at(-HOUR), estimatedMinutes: 5, createdAt: at(-90 * DAY) },
      100,
    ],
    ["completed urgent overdue", { priority: "urgent", deadline: at(-DAY), completed: true }, 0],
    ["created in the future (clock skew)", { createdAt: at(DAY) }, 25],
    ["invalid deadline counts as none", { deadline: new Date("nope") }, 25],
    ["unknown estimate gives no bonus", { estimatedMinutes: Number.NaN }, 25],
  ])("%s", (_name, overrides, expected) => {
    expect(priorityScore(task(overrides), NOW)).toBeCloseTo(expected, 2);
  });

  it("gives 27 or more to anything due within 24 hours", () => {
    for (const hours of [1, 6, 12, 23.9, 24]) {
      expect(priorityBreakdown(task({ deadline: at(hours * HOUR) }), NOW).deadline).toBeGreaterThanOrEqual(
        27,
      );
    }
  });

  it("returns two decimals at most", () => {
    const score = priorityScore(task({ deadline: at(3 * DAY + 17 * 60_000), createdAt: at(-1234567) }), NOW);
    expect(Math.round(score * 100) / 100).toBe(score);
  });

  it("breaks the score down into its parts", () => {
    const parts = priorityBreakdown(
      task({ priority: "high", deadline: at(7 * DAY), estimatedMinutes: 15, createdAt: at(-30 * DAY) }),
      NOW,
    );
    expect(parts).toEqual({ priority: 40, deadline: 15, effort: 5, age: 10, total: 70 });
  });

  it("documents the weights in one sentence", () => {
    for (const p of TASK_PRIORITIES) expect(PRIORITY_FORMULA_SUMMARY).toContain(`${p} ${PRIORITY_POINTS[p]}`);
    expect(PRIORITY_FORMULA_SUMMARY).toMatch(/14 days/);
    expect(PRIORITY_FORMULA_SUMMARY.trim().endsWith(".")).toBe(true);
    expect(PRIORITY_FORMULA_SUMMARY.split(". ").length).toBe(1);
  });
});

describe("priorityScore properties", () => {
  const priority = fc.constantFrom<TaskPriority>(...TASK_PRIORITIES);
  const offset = fc.integer({ min: -60 * DAY, max: 60 * DAY });
  const minutes = fc.integer({ min: 0, max: 600 });
  const base = fc.record({
    deadline: fc.option(offset.map(at), { nil: null }),
    estimatedMinutes: minutes,
    createdAt: fc.integer({ min: -400 * DAY, max: 0 }).map(at),
    priority,
    completed: fc.constant(false),
  });
  const score = (t: PriorityInput) => priorityScore(t, NOW);

  it("stays within 0 to 100", () => {
    fc.assert(fc.property(base, (t) => score(t) >= 0 && score(t) <= 100));
  });

  it("ranks a sooner deadline at least as high as a later one", () => {
    fc.assert(
      fc.property(base, offset, offset, (t, a, b) => {
        const [soon, late] = a <= b ? [a, b] : [b, a];
        expect(score({ ...t, deadline: at(soon) })).toBeGreaterThanOrEqual(
          score({ ...t, deadline: at(late) }),
        );
      }),
    );
  });

  it("ranks any deadline at least as high as none", () => {
    fc.assert(
      fc.property(base, offset, (t, d) => {
        expect(score({ ...t, deadline: at(d) })).toBeGreaterThanOrEqual(score({ ...t, deadline: null }));
      }),
    );
  });

  it("ranks overdue at least as high as due later today", () => {
    fc.assert(
      fc.property(
        base,
        fc.integer({ min: 1, max: 60 * DAY }),
        fc.integer({ min: 0, max: DAY }),
        (t, late, today) => {
          expect(score({ ...t, deadline: at(-late) })).toBeGreaterThanOrEqual(
            score({ ...t, deadline: at(today) }),
          );
        },
      ),
    );
  });

  it("ranks a higher explicit priority at least as high as a lower one", () => {
    fc.assert(
      fc.property(base, priority, priority, (t, a, b) => {
        const [lo, hi] = TASK_PRIORITIES.indexOf(a) <= TASK_PRIORITIES.indexOf(b) ? [a, b] : [b, a];
        expect(score({ ...t, priority: hi })).toBeGreaterThanOrEqual(score({ ...t, priority: lo }));
      }),
    );
  });

  it("ranks an older task at least as high as a newer one", () => {
    const created = fc.integer({ min: -400 * DAY, max: DAY });
    fc.assert(
      fc.property(base, created, created, (t, a, b) => {
        const [older, newer] = a <= b ? [a, b] : [b, a];
        expect(score({ ...t, createdAt: at(older) })).toBeGreaterThanOrEqual(
          score({ ...t, createdAt: at(newer) }),
        );
      }),
    );
  });

  it("ranks a shorter task at least as high as a longer one", () => {
    fc.assert(
      fc.property(base, minutes, minutes, (t, a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        expect(score({ ...t, estimatedMinutes: short })).toBeGreaterThanOrEqual(
          score({ ...t, estimatedMinutes: long }),
        );
      }),
    );
  });

  it("scores every completed task 0", () => {
    fc.assert(fc.property(base, (t) => score({ ...t, completed: true }) === 0));
  });
});
