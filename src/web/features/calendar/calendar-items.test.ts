import { describe, expect, it } from "vitest";
import type { CalendarItemsResponse } from "#shared/contracts/tasks.ts";
import {
  assignLanes,
  type CalendarItem,
  daysFrom,
  deadlineOn,
  formatDayRange,
  formatSummary,
  isOnDay,
  monthGrid,
  placeInWindow,
  summarize,
  toCalendarItems,
  trackedHistoryNote,
  upcomingGroups,
  upcomingHeading,
  weekStart,
} from "./calendar-items.ts";

// Local wall-clock times (the test machine's zone), Wednesday 18 November 2026.
const at = (day: number, h: number, m = 0) => new Date(2026, 10, day, h, m);
const WED = at(18, 0);

const task = (id: string, when: Date): CalendarItem => ({
  key: `task:${id}`,
  kind: "task",
  id,
  title: id,
  start: when,
  end: when,
});
const block = (id: string, start: Date, end: Date, kind: "block" | "event" = "block"): CalendarItem => ({
  key: `${kind}:${id}`,
  kind,
  id,
  title: id,
  start,
  end,
});

describe("toCalendarItems", () => {
  const data: CalendarItemsResponse = {
    tasks: [
      {
        id: "t1",
        title: "Due",
        deadline: at(18, 10).toISOString(),
        estimatedMinutes: 30,
        category: "General",
        completed: false,
        priority: "medium",
      },
      {
        id: "t2",
        title: "No deadline",
        deadline: null,
        estimatedMinutes: 30,
        category: "General",
        completed: false,
        priority: "medium",
      },
    ],
    timeBlocks: [
      {
        id: "b1",
        taskId: "t1",
        title: "Running",
        category: "Design",
        startTime: at(18, 9).toISOString(),
        endTime: null,
      },
    ],
    events: [
      {
        id: "e1",
        title: "Stand-up",
        startTime: at(18, 8).toISOString(),
        endTime: at(18, 8, 15).toISOString(),
        location: null,
        provider: "google",
      },
    ],
    trackedSince: null,
  };

  it("merges the three kinds in time order, skips tasks without a deadline, ends running blocks now", () => {
    const items = toCalendarItems(data, at(18, 11));
    expect(items.map((i) => i.key)).toEqual(["event:e1", "block:b1", "task:t1"]);
    const running = items.find((i) => i.kind === "block")!;
    expect(running.ongoing).toBe(true);
    expect(running.end).toEqual(at(18, 11));
    expect(toCalendarItems(undefined, WED)).toEqual([]);
  });

  it("adds future occurrences as read-only task items that name their task and rule", () => {
    const items = toCalendarItems(
      {
        ...data,
        tasks: [{ ...data.tasks[0]!, repeats: "Every day at 10:00" }],
        series: [
          {
            taskId: "t1",
            title: "Due",
            category: "General",
            priority: "medium",
            estimatedMinutes: 30,
            repeats: "Every day at 10:00",
          },
        ],
        occurrences: [{ taskId: "t1", at: at(19, 10).toISOString() }],
      },
      at(18, 11),
    );
    const open = items.find((i) => i.key === "task:t1")!;
    expect(open).toMatchObject({ repeats: "Every day at 10:00" });
    expect(open.occurrence).toBeUndefined();
    const next = items.find((i) => i.key.startsWith("repeat:"))!;
    expect(next).toMatchObject({ kind: "task", id: "t1", occurrence: true, repeats: "Every day at 10:00" });
    expect(next.start).toEqual(at(19, 10));
    expect(summarize(items, at(18, 0), at(20, 0)).tasksDue).toBe(2);
  });

  it("adds completed occurrences as completed, read-only task items on the date they were due, never in Upcoming", () => {
    const items = toCalendarItems(
      {
        ...data,
        completedOccurrences: [
          {
            id: "o1",
            taskId: "t1",
            title: "Due (long)",
            category: "General",
            estimatedMinutes: 45,
            at: at(17, 10).toISOString(),
            completedAt: at(18, 7).toISOString(),
          },
        ],
      },
      at(18, 11),
    );
    const done = items.find((i) => i.key === "done:o1")!;
    expect(done).toMatchObject({
      kind: "task",
      id: "t1",
      title: "Due (long)",
      completed: true,
      occurrence: true,
      estimatedMinutes: 45,
    });
    expect(done.start).toEqual(at(17, 10));
    expect(done.completedAt).toEqual(at(18, 7));
    expect(isOnDay(done, at(17, 0))).toBe(true);
    expect(upcomingGroups(items, at(17, 8)).flatMap((g) => g.items.map((i) => i.key))).not.toContain(
      "done:o1",
    );
  });
});

describe("Upcoming", () => {
  it("names today, tomorrow, then weekdays", () => {
    const now = at(18, 15);
    expect(upcomingHeading(at(18, 0), now)).toBe("Today");
    expect(upcomingHeading(at(19, 0), now)).toBe("Tomorrow");
    expect(upcomingHeading(at(20, 0), now)).toBe("Friday");
    expect(upcomingHeading(at(25, 0), now)).toBe("Wednesday");
  });

  it("groups open tasks and future repeats by day over today and the next 7, leaving out the rest", () => {
    const now = at(18, 15);
    const done = { ...task("done", at(18, 9)), completed: true };
    const repeat = { ...task("r", at(20, 8)), key: "repeat:r:1", occurrence: true };
    const groups = upcomingGroups(
      [
        task("earlier-today", at(18, 9)),
        done,
        repeat,
        task("last-day", at(25, 23)),
        task("too-late", at(26, 0)),
        task("yesterday", at(17, 9)),
        block("b", at(18, 9), at(18, 10)),
      ],
      now,
    );
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.id)])).toEqual([
      ["Today", ["earlier-today"]],
      ["Friday", ["r"]],
      ["Wednesday", ["last-day"]],
    ]);
    expect(upcomingGroups([], now)).toEqual([]);
  });
});

describe("weeks and months", () => {
  it("starts weeks on Monday", () => {
    expect(weekStart(at(18, 15))).toEqual(at(16, 0));
    expect(weekStart(at(22, 23))).toEqual(at(16, 0));
    expect(weekStart(at(16, 0))).toEqual(at(16, 0));
  });

  it("covers a month with whole Monday-first weeks", () => {
    const days = monthGrid(at(18, 0));
    expect(days[0]).toEqual(new Date(2026, 9, 26));
    expect(days.at(-1)).toEqual(new Date(2026, 11, 6));
    expect(days.length % 7).toBe(0);
  });

  it("steps days at local midnight", () => {
    expect(daysFrom(at(16, 0), 3)).toEqual([at(16, 0), at(17, 0), at(18, 0)]);
  });

  it.each([
    [at(16, 0), at(20, 0), "Nov 16 – 20, 2026"],
    [at(30, 0), new Date(2026, 11, 4), "Nov 30 – Dec 4, 2026"],
    [new Date(2025, 11, 29), new Date(2026, 0, 2), "Dec 29, 2025 – Jan 2, 2026"],
  ])("formats %s to %s as %s", (first, last, text) => {
    expect(formatDayRange(first, last)).toBe(text);
  });
});

describe("placeInWindow (9:00 to 17:00)", () => {
  it("places a task chip at its time", () => {
    const p = placeInWindow(task("a", at(18, 13)), WED, 9, 17)!;
    expect(p.top).toBeCloseTo(0.5);
    expect(p.height).toBeCloseTo(1 / 16);
  });

  it("pins tasks outside the window to its edges", () => {
    expect(placeInWindow(task("early", at(18, 7)), WED, 9, 17)).toMatchObject({ top: 0, clippedStart: true });
    const late = placeInWindow(task("late", at(18, 20)), WED, 9, 17)!;
    expect(late.top + late.height).toBeCloseTo(1);
    expect(late.clippedEnd).toBe(true);
  });

  it("clips blocks to the window and leaves out those that miss it", () => {
    const p = placeInWindow(block("b", at(18, 8), at(18, 10)), WED, 9, 17)!;
    expect(p).toMatchObject({ top: 0, clippedStart: true, clippedEnd: false });
    expect(p.height).toBeCloseTo(1 / 8);
    expect(placeInWindow(block("night", at(18, 18), at(18, 19)), WED, 9, 17)).toBeNull();
    expect(placeInWindow(task("other day", at(19, 10)), WED, 9, 17)).toBeNull();
  });

  it("shows a block crossing midnight on both days", () => {
    const b = block("late", at(18, 22), at(19, 2));
    expect(isOnDay(b, WED)).toBe(true);
    expect(isOnDay(b, at(19, 0))).toBe(true);
    expect(placeInWindow(b, at(19, 0), 0, 24)).toMatchObject({ top: 0, clippedStart: true });
  });
});

describe("assignLanes", () => {
  it("puts overlapping items side by side and separate clusters in one lane", () => {
    const out = assignLanes([
      { id: "a", top: 0, height: 0.2 },
      { id: "b", top: 0.1, height: 0.2 },
      { id: "c", top: 0.5, height: 0.1 },
    ]);
    const byId = Object.fromEntries(out.map((o) => [o.id, o]));
    expect(byId.a).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId.b).toMatchObject({ lane: 1, lanes: 2 });
    expect(byId.c).toMatchObject({ lane: 0, lanes: 1 });
  });

  it("reuses a lane once it is free", () => {
    const out = assignLanes([
      { id: "long", top: 0, height: 0.5 },
      { id: "x", top: 0.1, height: 0.1 },
      { id: "y", top: 0.3, height: 0.1 },
    ]);
    expect(out.find((o) => o.id === "y")).toMatchObject({ lane: 1, lanes: 2 });
  });
});

describe("summarize", () => {
  it("counts events and tasks due in the range and clips tracked time to it", () => {
    const items = [
      task("due", at(18, 10)),
      task("next week", at(24, 10)),
      block("b1", at(18, 9), at(18, 10, 30)),
      block("b2", at(15, 23), at(16, 1)),
      block("e1", at(17, 9), at(17, 10), "event"),
      block("e2", at(23, 9), at(23, 10), "event"),
    ];
    const s = summarize(items, at(16, 0), at(21, 0));
    expect(s).toEqual({ events: 1, tasksDue: 1, trackedHours: 2.5 });
    expect(formatSummary(s)).toBe("1 event · 2.5 h tracked · 1 task due");
    expect(formatSummary({ events: 0, tasksDue: 3, trackedHours: 0 })).toBe(
      "0 events · 0 h tracked · 3 tasks due",
    );
  });
});

describe("deadlineOn", () => {
  it("uses the slot's hour, or keeps the old time of day when dropped on a day", () => {
    expect(deadlineOn(at(20, 0), at(18, 14, 30), 9)).toEqual(at(20, 9));
    expect(deadlineOn(at(20, 0), at(18, 14, 30))).toEqual(at(20, 14, 30));
    expect(deadlineOn(at(20, 0), null)).toEqual(at(20, 9));
  });
});

describe("trackedHistoryNote", () => {
  const empty = { tasks: [], timeBlocks: [], events: [] };
  it("explains hidden tracked time only when the range starts before what the plan shows", () => {
    const limited = { ...empty, trackedSince: at(16, 12).toISOString() };
    expect(trackedHistoryNote(limited, at(16, 0))).toBe(
      "The free plan shows tracked time from the last 7 days. Upgrade to Pro to see all of it.",
    );
    expect(trackedHistoryNote(limited, at(16, 12))).toBeNull();
    expect(trackedHistoryNote(limited, at(17, 0))).toBeNull();
    expect(trackedHistoryNote({ ...empty, trackedSince: null }, at(1, 0))).toBeNull();
    expect(trackedHistoryNote(undefined, at(1, 0))).toBeNull();
  });
});
