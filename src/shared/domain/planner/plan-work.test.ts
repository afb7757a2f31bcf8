import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_PREFERENCES } from "./defaults.ts";
import { changedBlockCount, diffPlans } from "./plan-diff.ts";
import { planWork } from "./plan-work.ts";
import { describeBlock, describeSuggestion, describeUnplaced } from "./reason-wording.ts";
import type { Plan, PlannerInput, PlannerTask, Refusal } from "./types.ts";
import { validateDraggedBlock } from "./validate-block.ts";

// Monday 9 March 2026 in Berlin (UTC+1 until the 29th).
const berlin = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return Date.UTC(2026, 2, 9 + day, h! - 1, m!);
};
const prefs = { ...DEFAULT_WORKING_PREFERENCES, timeZone: "Europe/Berlin" };
const task = (o: Partial<PlannerTask> & { id: string }): PlannerTask => ({
  title: o.id,
  estimateMinutes: 60,
  deadline: null,
  priority: "medium",
  ...o,
});
const input = (o: Partial<PlannerInput> = {}): PlannerInput => ({
  now: berlin(0, "08:00"),
  horizon: { startDate: "2026-03-09", days: 7 },
  tasks: [],
  preferences: prefs,
  busy: [],
  ...o,
});
const ok = (i: PlannerInput): Plan => {
  const p = planWork(i);
  if (!p.ok) throw new Error(p.message);
  return p;
};
const refused = (i: PlannerInput): Refusal => {
  const p = planWork(i);
  if (p.ok) throw new Error("planned");
  return p;
};
const words = (i: PlannerInput) => ({
  zone: i.preferences.timeZone,
  now: i.now,
  title: (id: string) => i.tasks.find((t) => t.id === id)?.title ?? id,
});
const local = (ms: number) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Berlin",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(ms);

describe("placement", () => {
  it("splits a long task into blocks no longer than the longest block, no part under the shortest, with the buffer between", () => {
    const plan = ok(input({ tasks: [task({ id: "a", estimateMinutes: 300 })] }));
    expect(plan.blocks.map((b) => [local(b.start), local(b.end)])).toEqual([
      ["Mon 09:00", "Mon 11:00"],
      ["Mon 11:10", "Mon 12:00"],
      // 130 minutes left: 120 would leave 10, under the shortest block, so 105 and 25.
      ["Mon 13:00", "Mon 14:45"],
      ["Mon 14:55", "Mon 15:20"],
    ]);
    expect(plan.blocks.map((b) => `${b.part}/${b.parts}`)).toEqual(["1/4", "2/4", "3/4", "4/4"]);
  });

  it("puts demanding work in focus hours and says what took them on a day they were taken", () => {
    const i = input({
      busy: [{ start: berlin(0, "09:00"), end: berlin(0, "11:00"), label: "Team sync" }],
      tasks: [
        task({ id: "deep", title: "Write report", demanding: true, estimateMinutes: 60, priority: "high" }),
      ],
    });
    const plan = ok(i);
    expect(local(plan.blocks[0]!.start)).toBe("Tue 09:00");
    expect(describeBlock(plan.blocks[0]!, words(i))).toBe(
      "high priority; demanding work, in your focus hours",
    );
    // With Tuesday's focus hours taken as well and a deadline on Tuesday, it goes elsewhere and says why.
    const j = input({
      busy: [
        { start: berlin(0, "09:00"), end: berlin(0, "11:00"), label: "Team sync" },
        { start: berlin(1, "09:00"), end: berlin(1, "11:00"), label: "Board review" },
      ],
      tasks: [
        task({
          id: "deep",
          title: "Write report",
          demanding: true,
          deadline: berlin(1, "17:00"),
          priority: "high",
        }),
      ],
    });
    const p2 = ok(j);
    expect(describeBlock(p2.blocks[0]!, words(j))).toMatch(
      /^due Tuesday 17:00, high priority; .*focus hours were taken by (Team sync|Board review)/,
    );
  });

  it("never plans before now, before 'not before', over lunch or past the daily cap", () => {
    const i = input({
      now: berlin(0, "10:07"),
      preferences: { ...prefs, dailyCapMinutes: 120 },
      tasks: [
        task({ id: "a", estimateMinutes: 240 }),
        task({ id: "b", notBefore: berlin(2, "14:00"), estimateMinutes: 30 }),
      ],
    });
    const plan = ok(i);
    const a = plan.blocks.filter((b) => b.taskId === "a").map((b) => [local(b.start), local(b.end)]);
    expect(a).toEqual([
      ["Mon 10:10", "Mon 12:00"],
      ["Tue 09:00", "Tue 10:45"],
      ["Wed 09:00", "Wed 09:25"],
    ]);
    const b = plan.blocks.find((x) => x.taskId === "b")!;
    expect(local(b.start)).toBe("Wed 14:00");
    expect(b.reasons.some((r) => r.code === "notBefore")).toBe(true);
  });

  it("explains an ordinary block and a block held before its deadline", () => {
    const i = input({
      horizon: { startDate: "2026-03-09", days: 1 },
      tasks: [
        task({ id: "a", title: "Plan Q2", priority: "urgent", estimateMinutes: 300 }),
        task({
          id: "b",
          title: "Invoice",
          priority: "low",
          estimateMinutes: 60,
          deadline: berlin(0, "17:00"),
        }),
      ],
    });
    const plan = ok(i);
    const a = plan.blocks.find((b) => b.taskId === "a")!;
    const b = plan.blocks.find((x) => x.taskId === "b")!;
    expect(describeBlock(a, words(i))).toBe(
      "urgent priority; the first free time left for it after more important work; part 1 of 4",
    );
    // Held as late as it can go, then moved up to the free time right after the urgent work.
    expect(local(b.start)).toBe("Mon 15:30");
    expect(Math.max(...plan.blocks.filter((x) => x.taskId === "a").map((x) => x.end))).toBeLessThan(b.start);
    expect(describeBlock(b, words(i))).toBe(
      "due Monday 17:00, low priority; held before its deadline while more important work goes first",
    );
  });

  it("plans 30 minutes for a task without an estimate and says so", () => {
    const plan = ok(input({ tasks: [task({ id: "a", estimateMinutes: null })] }));
    expect((plan.blocks[0]!.end - plan.blocks[0]!.start) / 60_000).toBe(30);
    expect(plan.taskNotes.a).toEqual([{ code: "noEstimate", params: { minutes: 30 } }]);
  });

  it("plans the upper end of the estimate interval when the deadline is near, and only then", () => {
    const tasks = [
      task({ id: "near", estimateMinutes: 60, deadline: berlin(1, "17:00") }),
      task({ id: "far", estimateMinutes: 60, deadline: berlin(6, "17:00") }),
    ];
    const plan = ok(input({ tasks, estimateInterval: { low: 0.9, high: 1.5 } }));
    expect(plan.plannedEstimate).toEqual({ near: 90, far: 60 });
    expect(plan.taskNotes.near?.[0]).toEqual({
      code: "estimateRaised",
      params: { from: 60, to: 90, ratio: 1.5 },
    });
  });

  it("lowers the daily cap for a high strain and gives the reason", () => {
    const plan = ok(
      input({ strain: { level: "high", score: 60 }, tasks: [task({ id: "a", estimateMinutes: 480 })] }),
    );
    expect(plan.dailyCap["2026-03-09"]).toBe(285);
    expect(plan.notes[0]).toEqual({
      code: "capLowered",
      params: { from: 360, to: 285, level: "high", score: 60 },
    });
    const monday = plan.blocks.filter((b) => local(b.start).startsWith("Mon"));
    expect(monday.reduce((s, b) => s + (b.end - b.start) / 60_000, 0)).toBeLessThanOrEqual(285);
  });

  it("meets both deadlines when the later-due task is higher priority", () => {
    const plan = ok(
      input({
        horizon: { startDate: "2026-03-09", days: 1 },
        tasks: [
          task({
            id: "urgent-later",
            priority: "urgent",
            estimateMinutes: 180,
            deadline: berlin(0, "17:00"),
          }),
          task({ id: "low-sooner", priority: "low", estimateMinutes: 120, deadline: berlin(0, "13:00") }),
        ],
      }),
    );
    expect(plan.unplaced).toEqual([]);
    expect(plan.atRisk.filter((a) => a.reason.code === "willMiss")).toEqual([]);
    const low = plan.blocks.filter((b) => b.taskId === "low-sooner");
    expect(Math.max(...low.map((b) => b.end))).toBeLessThanOrEqual(berlin(0, "13:00"));
  });

  it("lets go work due after the horizon, not a deadline inside it, when buffers leave too little room", () => {
    // 60 + 510 + 270 minutes fit two days of 420 on paper, not with the buffers between blocks.
    const plan = ok(
      input({
        horizon: { startDate: "2026-03-09", days: 2 },
        preferences: { ...prefs, dailyCapMinutes: 420 },
        tasks: [
          task({ id: "monday", priority: "high", estimateMinutes: 60, deadline: berlin(0, "17:00") }),
          task({ id: "tuesday", priority: "high", estimateMinutes: 510, deadline: berlin(1, "17:00") }),
          task({ id: "wednesday", priority: "low", estimateMinutes: 270, deadline: berlin(2, "12:00") }),
        ],
      }),
    );
    const ends = (id: string) => plan.blocks.filter((b) => b.taskId === id).map((b) => b.end);
    const minutes = (id: string) =>
      plan.blocks.filter((b) => b.taskId === id).reduce((s, b) => s + (b.end - b.start) / 60_000, 0);
    expect(minutes("monday")).toBe(60);
    expect(Math.max(...ends("monday"))).toBeLessThanOrEqual(berlin(0, "17:00"));
    expect(minutes("tuesday")).toBe(510);
    expect(Math.max(...ends("tuesday"))).toBeLessThanOrEqual(berlin(1, "17:00"));
    expect(plan.unplaced.map((u) => u.taskId)).toEqual(["wednesday"]);
  });

  it("meets two deadlines that fit only as one block per free span (the reservation search, decision 321)", () => {
    // Free time on Monday: 9:00-11:00, 13:00-15:00 and 16:30-17:00, with 15 minutes of buffer.
    // 240 + 30 minutes due at 17:00 fill it exactly; laid backwards from 17:00, the long task takes
    // the last half hour and the short one finds no room before its deadline.
    const i = input({
      horizon: { startDate: "2026-03-09", days: 1 },
      preferences: { ...prefs, minBlockMinutes: 30, bufferMinutes: 15, dailyCapMinutes: 360 },
      busy: [
        { start: berlin(0, "11:15"), end: berlin(0, "12:15"), label: "Review" },
        { start: berlin(0, "15:15"), end: berlin(0, "16:15"), label: "Sync" },
      ],
      tasks: [
        task({ id: "long", priority: "medium", estimateMinutes: 240, deadline: berlin(0, "17:00") }),
        task({ id: "short", priority: "high", estimateMinutes: 30, deadline: berlin(0, "17:00") }),
      ],
    });
    const plan = ok(i);
    expect(plan.unplaced).toEqual([]);
    expect(plan.blocks.map((b) => [b.taskId, local(b.start), local(b.end)])).toEqual([
      ["long", "Mon 09:00", "Mon 11:00"],
      ["long", "Mon 13:00", "Mon 15:00"],
      ["short", "Mon 16:30", "Mon 17:00"],
    ]);
  });

  it("does work whose deadline cannot be met first, as if already past, before more valuable work", () => {
    // 600 minutes due Tuesday 12:00 cannot fit Monday's cap and Tuesday morning: each hour it
    // waits is an hour more of lateness, as for overdue work.
    const plan = ok(
      input({
        horizon: { startDate: "2026-03-09", days: 2 },
        tasks: [
          task({ id: "hopeless", priority: "low", estimateMinutes: 600, deadline: berlin(1, "12:00") }),
          task({ id: "urgent", priority: "urgent", estimateMinutes: 600 }),
        ],
      }),
    );
    const first = plan.blocks.filter((b) => b.start < berlin(1, "12:00"));
    expect(new Set(first.map((b) => b.taskId))).toEqual(new Set(["hopeless"]));
    expect(plan.atRisk.map((a) => [a.taskId, a.reason.code])).toEqual([["hopeless", "willMiss"]]);
  });

  it("holds work due the morning after the horizon inside it, and puts overdue work first", () => {
    const plan = ok(
      input({
        horizon: { startDate: "2026-03-09", days: 1 },
        tasks: [
          task({ id: "urgent", priority: "urgent", estimateMinutes: 360 }),
          task({ id: "tomorrow", priority: "low", estimateMinutes: 60, deadline: berlin(1, "10:00") }),
          task({ id: "overdue", priority: "low", estimateMinutes: 30, deadline: berlin(-1, "17:00") }),
        ],
      }),
    );
    expect(plan.unplaced.map((u) => u.taskId)).toEqual(["urgent"]);
    expect(local(plan.blocks[0]!.start)).toBe("Mon 09:00");
    expect(plan.blocks[0]!.taskId).toBe("overdue");
    expect(plan.blocks.filter((b) => b.taskId === "tomorrow").reduce((s, b) => s + b.end - b.start, 0)).toBe(
      60 * 60_000,
    );
    expect(plan.atRisk.map((a) => [a.taskId, a.reason.code])).toEqual([["overdue", "overdue"]]);
  });

  it("keeps 9:00-17:00 local across the spring-forward weekend (Europe/Berlin, 29 March 2026)", () => {
    const plan = ok(
      input({
        now: Date.UTC(2026, 2, 27, 7),
        horizon: { startDate: "2026-03-27", days: 4 },
        tasks: [task({ id: "a", estimateMinutes: 120 }), task({ id: "b", estimateMinutes: 480 })],
        preferences: { ...prefs, dailyCapMinutes: 480, lunch: null, bufferMinutes: 0 },
      }),
    );
    const byDay = new Map<string, string[]>();
    for (const b of plan.blocks) {
      const key = local(b.start).slice(0, 3);
      byDay.set(key, [...(byDay.get(key) ?? []), `${local(b.start).slice(4)}-${local(b.end).slice(4)}`]);
    }
    // Friday is UTC+1, Monday UTC+2: both days start at 9:00 local and nothing lands on the weekend.
    expect(byDay.get("Fri")?.[0]?.startsWith("09:00")).toBe(true);
    expect(byDay.get("Mon")?.[0]?.startsWith("09:00")).toBe(true);
    expect([...byDay.keys()].sort()).toEqual(["Fri", "Mon"]);
    expect(plan.blocks.find((b) => local(b.start).startsWith("Mon"))!.start).toBe(Date.UTC(2026, 2, 30, 7));
  });
});

describe("what does not fit", () => {
  it("suggests extending a day by the minutes missing when that is small", () => {
    const i = input({
      horizon: { startDate: "2026-03-11", days: 1 },
      now: berlin(2, "08:00"),
      preferences: { ...prefs, dailyCapMinutes: 480 },
      busy: [{ start: berlin(2, "09:00"), end: berlin(2, "12:00"), label: "Workshop" }],
      tasks: [
        task({ id: "a", title: "Slides", estimateMinutes: 195, priority: "high" }),
        task({ id: "b", title: "Budget", estimateMinutes: 60, deadline: berlin(2, "18:00") }),
      ],
    });
    const plan = ok(i);
    expect(plan.unplaced).toHaveLength(1);
    const u = plan.unplaced[0]!;
    expect(u.suggestion?.kind).toBe("extendDay");
    // Slides 13:00-15:00 and 15:10-15:50, Budget held 16:00-17:00 before its deadline: 35 minutes
    // after 17:00 and the 10-minute buffer.
    expect(describeUnplaced(u, words(i))).toBe(
      "Slides: 35 minutes not planned, no free time left in the day being planned. To fit it: extend Wednesday by 45 minutes.",
    );
  });

  it("suggests moving a deadline when extending a day would take too long", () => {
    const i = input({
      tasks: [
        task({
          id: "a",
          title: "Migration",
          estimateMinutes: 600,
          deadline: berlin(0, "17:00"),
          priority: "urgent",
        }),
      ],
    });
    const plan = ok(i);
    // Planned whole, but past its deadline: at risk, with the change that would meet it.
    expect(plan.unplaced).toEqual([]);
    const risk = plan.atRisk.find((x) => x.taskId === "a")!;
    expect(risk.reason.code).toBe("willMiss");
    expect(risk.suggestion).toMatchObject({ kind: "moveDeadline", taskId: "a", date: "2026-03-10" });
    expect(describeSuggestion(risk.suggestion!, words(i), "a")).toBe(
      "move the deadline of Migration to Tuesday 17:00",
    );
  });

  it("suggests leaving a task without a deadline for next week when the week is full", () => {
    const i = input({
      preferences: { ...prefs, dailyCapMinutes: 60 },
      tasks: [
        task({ id: "a", estimateMinutes: 300, priority: "high" }),
        task({ id: "b", title: "Inbox zero", estimateMinutes: 120, priority: "low" }),
      ],
    });
    const plan = ok(i);
    const u = plan.unplaced.find((x) => x.taskId === "b")!;
    expect(describeSuggestion(u.suggestion!, words(i), "b")).toBe("leave Inbox zero for next week");
  });

  it("flags a fully planned task with little slack before its deadline", () => {
    const plan = ok(
      input({
        horizon: { startDate: "2026-03-09", days: 1 },
        tasks: [task({ id: "a", estimateMinutes: 345, deadline: berlin(0, "17:00") })],
      }),
    );
    // 345 of the 360-minute cap planned: 15 minutes of slack, under the 30 kept.
    expect(plan.unplaced).toEqual([]);
    expect(plan.atRisk[0]?.reason).toMatchObject({ code: "littleSlack", params: { slackMinutes: 15 } });
  });
});

describe("refusals", () => {
  it.each<[string, Partial<PlannerInput>, string]>([
    ["no working hours", { preferences: { ...prefs, workingHours: {} } }, "noWorkingHours"],
    ["a horizon over 8 weeks", { horizon: { startDate: "2026-03-09", days: 57 } }, "horizonTooLong"],
    [
      "overlapping windows",
      {
        preferences: {
          ...prefs,
          workingHours: {
            1: [
              { start: "09:00", end: "13:00" },
              { start: "12:00", end: "17:00" },
            ],
          },
        },
      },
      "overlappingWindows",
    ],
    ["an unknown zone", { preferences: { ...prefs, timeZone: "Mars/Olympus" } }, "invalidTimeZone"],
    [
      "a window ending before it starts",
      { preferences: { ...prefs, lunch: { start: "13:00", end: "12:00" } } },
      "invalidWindow",
    ],
    [
      "shortest block over the longest",
      { preferences: { ...prefs, minBlockMinutes: 150 } },
      "invalidBlockLengths",
    ],
    ["only a weekend to plan", { horizon: { startDate: "2026-03-14", days: 2 } }, "noWorkingHours"],
  ])("refuses %s", (_, o, code) => {
    const r = refused(input(o));
    expect(r.code).toBe(code);
    expect(r.message.length).toBeGreaterThan(20);
  });

  it("refuses conflicting pins, pins over busy time and pins outside working hours, naming the task", () => {
    const tasks = [task({ id: "a", title: "Alpha" }), task({ id: "b", title: "Beta" })];
    const overlap = refused(
      input({
        tasks,
        pinned: [
          { taskId: "a", start: berlin(0, "09:00"), end: berlin(0, "10:00") },
          { taskId: "b", start: berlin(0, "09:30"), end: berlin(0, "10:00") },
        ],
      }),
    );
    expect(overlap.message).toBe('The pinned blocks of "Alpha" and "Beta" overlap; move one of them.');
    const busy = refused(
      input({
        tasks,
        busy: [{ start: berlin(0, "09:00"), end: berlin(0, "10:00"), label: "Stand-up" }],
        pinned: [{ taskId: "a", start: berlin(0, "09:30"), end: berlin(0, "10:30") }],
      }),
    );
    expect(busy.code).toBe("pinOverBusy");
    expect(busy.message).toContain('("Stand-up")');
    const late = refused(
      input({ tasks, pinned: [{ taskId: "a", start: berlin(0, "20:00"), end: berlin(0, "21:00") }] }),
    );
    expect(late.code).toBe("pinOutsideWorkingHours");
  });

  it("keeps a valid pin exactly and plans the rest around it", () => {
    const plan = ok(
      input({
        tasks: [
          task({ id: "a", estimateMinutes: 120 }),
          task({ id: "b", estimateMinutes: 60, priority: "urgent" }),
        ],
        pinned: [{ id: "p1", taskId: "a", start: berlin(0, "09:00"), end: berlin(0, "10:00") }],
      }),
    );
    const pin = plan.blocks.find((b) => b.pinned)!;
    expect([pin.start, pin.end, pin.previousId]).toEqual([berlin(0, "09:00"), berlin(0, "10:00"), "p1"]);
    expect(plan.blocks.filter((b) => b.taskId === "a").reduce((s, b) => s + b.end - b.start, 0)).toBe(
      120 * 60_000,
    );
  });
});

describe("stability and the preview diff", () => {
  const week = () =>
    input({
      busy: [
        { start: berlin(1, "14:00"), end: berlin(1, "15:00"), label: "1:1" },
        { start: berlin(2, "10:00"), end: berlin(2, "11:00"), label: "Review" },
      ],
      tasks: Array.from({ length: 12 }, (_, i) =>
        task({
          id: `t${i}`,
          estimateMinutes: 60 + (i % 3) * 30,
          priority: (["low", "medium", "high", "urgent"] as const)[i % 4]!,
          deadline: i % 2 ? berlin(i % 5, "17:00") : null,
        }),
      ),
    });

  it("moving one meeting moves few blocks, and a re-plan without the previous plan moves more", () => {
    const first = ok(week());
    const accepted = first.blocks.map((b, i) => ({
      id: `b${i}`,
      taskId: b.taskId,
      start: b.start,
      end: b.end,
    }));
    const moved = week();
    moved.busy[0] = { start: berlin(3, "09:00"), end: berlin(3, "10:00"), label: "1:1" };
    const repaired = ok({ ...moved, previous: accepted });
    expect(repaired.stability).toBe("repaired");
    const diff = diffPlans(accepted, repaired.blocks);
    expect(changedBlockCount(diff)).toBeLessThanOrEqual(3);
    const fresh = ok(moved);
    expect(changedBlockCount(diffPlans(accepted, fresh.blocks))).toBeGreaterThan(changedBlockCount(diff));
  });

  it("re-planning an unchanged week changes nothing", () => {
    const first = ok(week());
    const accepted = first.blocks.map((b, i) => ({
      id: `b${i}`,
      taskId: b.taskId,
      start: b.start,
      end: b.end,
    }));
    const again = ok({ ...week(), previous: accepted });
    const diff = diffPlans(accepted, again.blocks);
    expect([diff.adds, diff.moves, diff.removes]).toEqual([[], [], []]);
    expect(diff.unchanged).toHaveLength(accepted.length);
  });

  it("a completed task's blocks are removed and its time given to others", () => {
    const first = ok(week());
    const accepted = first.blocks.map((b, i) => ({
      id: `b${i}`,
      taskId: b.taskId,
      start: b.start,
      end: b.end,
    }));
    const done = week();
    done.tasks = done.tasks.filter((t) => t.id !== first.blocks[0]!.taskId);
    const again = ok({ ...done, previous: accepted });
    const diff = diffPlans(accepted, again.blocks);
    expect(diff.removes.map((r) => r.taskId)).toContain(first.blocks[0]!.taskId);
    expect(again.blocks.some((b) => b.taskId === first.blocks[0]!.taskId)).toBe(false);
  });

  it("pairs a moved block with the event it came from", () => {
    const diff = diffPlans(
      [
        { id: "e1", taskId: "a", start: 0, end: 10 },
        { id: "e2", taskId: "b", start: 20, end: 30 },
      ],
      [
        { taskId: "a", start: 40, end: 50, part: 1, parts: 1, pinned: false, reasons: [], previousId: "e1" },
        { taskId: "c", start: 60, end: 70, part: 1, parts: 1, pinned: false, reasons: [] },
      ],
    );
    expect(diff.moves.map((m) => [m.from.id, m.to.start])).toEqual([["e1", 40]]);
    expect(diff.adds.map((a) => a.taskId)).toEqual(["c"]);
    expect(diff.removes.map((r) => r.id)).toEqual(["e2"]);
  });
});

describe("a dragged block", () => {
  const base = {
    preferences: prefs,
    busy: [{ start: berlin(0, "14:00"), end: berlin(0, "15:00"), label: "Call" }],
    others: [{ id: "x", taskId: "b", start: berlin(0, "10:00"), end: berlin(0, "11:00") }],
    title: (id: string) => (id === "a" ? "Alpha" : "Beta"),
    estimateMinutes: 60,
  };
  it.each<[string, number, number, string | null]>([
    ["inside free working time", berlin(0, "15:00"), berlin(0, "16:00"), null],
    ["over busy time", berlin(0, "14:30"), berlin(0, "15:30"), "pinOverBusy"],
    ["outside working hours", berlin(0, "17:00"), berlin(0, "18:00"), "pinOutsideWorkingHours"],
    ["over lunch", berlin(0, "11:30"), berlin(0, "12:30"), "pinOutsideWorkingHours"],
    ["on a Saturday", berlin(5, "10:00"), berlin(5, "11:00"), "pinOutsideWorkingHours"],
    ["over another block", berlin(0, "10:30"), berlin(0, "11:30"), "conflictingPins"],
  ])("%s", (_, start, end, code) => {
    const r = validateDraggedBlock({ ...base, block: { id: "m", taskId: "a", start, end } });
    expect(r.ok ? null : r.code).toBe(code);
  });
});
