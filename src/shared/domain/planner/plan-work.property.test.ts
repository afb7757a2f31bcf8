import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_PREFERENCES } from "./defaults.ts";
import { occurrenceTasks, parsePlanKey } from "./occurrences.ts";
import { planViolations } from "./plan-check.ts";
import { planWork } from "./plan-work.ts";
import type { BusyInterval, Plan, PlannerInput, PlannerTask } from "./types.ts";

const ZONES = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Sydney", "UTC"] as const;
// Weeks with a daylight-saving change in some of the zones above, and plain ones.
const MONDAYS = [
  "2026-03-02",
  "2026-03-09",
  "2026-03-23",
  "2026-03-30",
  "2026-10-19",
  "2026-10-26",
  "2026-11-02",
];

const taskArb = (days: number) =>
  fc.record({
    estimate: fc.option(
      fc.integer({ min: 1, max: 60 }).map((n) => n * 5),
      { nil: null },
    ),
    priority: fc.constantFrom("low", "medium", "high", "urgent" as const),
    deadlineDay: fc.option(fc.integer({ min: 0, max: days + 1 }), { nil: null }),
    deadlineHour: fc.integer({ min: 9, max: 18 }),
    notBeforeDay: fc.option(fc.integer({ min: 0, max: days }), { nil: null }),
    demanding: fc.boolean(),
  });

// Repeating tasks: each occurrence in the horizon is a task of its own (occurrences.ts).
const RULES = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=WEEKLY;BYDAY=WE", "FREQ=DAILY;INTERVAL=2"];
const seriesArb = fc.record({
  rule: fc.constantFrom(...RULES),
  // The open occurrence's day relative to the horizon's Monday (before it: overdue).
  openDay: fc.integer({ min: -2, max: 3 }),
  hour: fc.integer({ min: 9, max: 17 }),
  estimate: fc.option(
    fc.integer({ min: 1, max: 24 }).map((n) => n * 5),
    { nil: null },
  ),
  priority: fc.constantFrom("low", "medium", "high", "urgent" as const),
  demanding: fc.boolean(),
  afterCompletion: fc.boolean(),
});

const inputArb = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    monday: fc.constantFrom(...MONDAYS),
    days: fc.integer({ min: 1, max: 7 }),
    nowHour: fc.integer({ min: 0, max: 30 }),
    buffer: fc.constantFrom(0, 5, 10, 15),
    minBlock: fc.constantFrom(15, 25, 30),
    maxBlock: fc.constantFrom(60, 90, 120),
    cap: fc.integer({ min: 6, max: 96 }).map((n) => n * 5),
    saturday: fc.boolean(),
  })
  .chain((base) =>
    fc.record({
      base: fc.constant(base),
      tasks: fc.array(taskArb(base.days), { maxLength: 14 }),
      series: fc.array(seriesArb, { maxLength: 3 }),
      busy: fc.array(
        fc.record({
          day: fc.integer({ min: 0, max: base.days }),
          minute: fc.integer({ min: 0, max: 24 * 12 - 1 }),
          len: fc.integer({ min: 1, max: 36 }),
        }),
        { maxLength: 10 },
      ),
    }),
  )
  .map(({ base, tasks, busy, series }): PlannerInput => {
    const monday = DateTime.fromISO(base.monday, { zone: base.zone });
    const at = (day: number, minutes: number) => monday.plus({ days: day, minutes }).toMillis();
    const plannerTasks: PlannerTask[] = tasks.map((t, i) => ({
      id: `t${i}`,
      title: `Task ${i}`,
      estimateMinutes: t.estimate,
      priority: t.priority,
      deadline: t.deadlineDay === null ? null : at(t.deadlineDay, t.deadlineHour * 60),
      notBefore: t.notBeforeDay === null ? null : at(t.notBeforeDay, 10 * 60),
      demanding: t.demanding,
    }));
    const end = monday.plus({ days: base.days }).toMillis();
    series.forEach((r, i) => {
      const open = monday.plus({ days: r.openDay, hours: r.hour });
      plannerTasks.push(
        ...occurrenceTasks(
          {
            taskId: `s${i}`,
            title: `Series ${i}`,
            priority: r.priority,
            demanding: r.demanding,
            recurrence: {
              rrule: r.rule,
              start: open.toFormat("yyyy-LL-dd'T'HH:mm"),
              timeZone: base.zone,
              afterCompletion: r.afterCompletion,
            },
            openDue: open.toMillis(),
            openDeadline: open.toMillis(),
            openEstimateMinutes: r.estimate,
            estimateMinutes: r.estimate,
          },
          { start: monday.toMillis(), end },
        ),
      );
    });
    const busyIntervals: BusyInterval[] = busy.map((b, i) => ({
      start: at(b.day, b.minute * 5),
      end: at(b.day, b.minute * 5 + b.len * 5),
      label: `Meeting ${i}`,
    }));
    return {
      now: at(0, base.nowHour * 60),
      horizon: { startDate: base.monday, days: base.days },
      tasks: plannerTasks,
      busy: busyIntervals,
      preferences: {
        ...DEFAULT_WORKING_PREFERENCES,
        workingHours: {
          ...DEFAULT_WORKING_PREFERENCES.workingHours,
          ...(base.saturday ? { 6: [{ start: "10:00", end: "12:30" }] } : {}),
        },
        timeZone: base.zone,
        bufferMinutes: base.buffer,
        minBlockMinutes: base.minBlock,
        maxBlockMinutes: base.maxBlock,
        dailyCapMinutes: base.cap,
      },
    };
  });

function planned(input: PlannerInput): Plan {
  const p = planWork(input);
  if (!p.ok) throw new Error(p.message);
  return p;
}

describe("every plan keeps the rules", () => {
  it("no overlap with busy time or each other, inside working hours, within the cap and the estimate, only open tasks", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planned(input);
        expect(planViolations(input, plan.blocks)).toEqual([]);
        const ids = new Set(input.tasks.map((t) => t.id));
        for (const b of plan.blocks) expect(ids.has(b.taskId)).toBe(true);
        // Every task is accounted for: planned minutes plus unplaced minutes make its planned estimate.
        for (const t of input.tasks) {
          const minutes = plan.blocks
            .filter((b) => b.taskId === t.id)
            .reduce((s, b) => s + (b.end - b.start) / 60_000, 0);
          const missing = plan.unplaced.find((u) => u.taskId === t.id)?.minutes ?? 0;
          expect(minutes + missing).toBe(plan.plannedEstimate[t.id]);
          expect(minutes).toBeLessThanOrEqual(t.estimateMinutes ?? 30);
        }
        // A block of a repeating task belongs to one occurrence and says which.
        for (const b of plan.blocks) {
          const t = input.tasks.find((x) => x.id === b.taskId)!;
          if (!t.occurrence) continue;
          expect(parsePlanKey(b.taskId)).toEqual({
            taskId: t.occurrence.taskId,
            occurrenceDue: t.occurrence.due,
          });
          expect(b.reasons).toContainEqual({
            code: "occurrence",
            params: { repeats: t.occurrence.repeats, due: t.occurrence.due },
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("is deterministic: the same input gives the same plan", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(planWork(input)).toEqual(planWork(structuredClone(input)));
      }),
      { numRuns: 50 },
    );
  });

  it("a re-plan with the accepted plan as previous keeps the rules too", () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 5 }), (input, drop) => {
        const first = planned(input);
        const previous = first.blocks.map((b, i) => ({
          id: `b${i}`,
          taskId: b.taskId,
          start: b.start,
          end: b.end,
        }));
        const changed = {
          ...input,
          busy: input.busy.slice(drop),
          tasks: input.tasks.slice(0, input.tasks.length - drop),
        };
        const again = planned({ ...changed, previous });
        expect(planViolations(changed, again.blocks)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

// Brute force on small days: 30-minute slots, blocks of 30 minutes to 2 hours, no buffer. Decides
// whether every deadline can be met, by trying every assignment of slots (memoised on what is left).
type Small = {
  slots: boolean[];
  cap: number;
  tasks: { slots: number; deadline: number; notBefore: number }[];
};

function allDeadlinesMeetable(p: Small): boolean {
  const memo = new Map<string, boolean>();
  const go = (k: number, rem: number[], last: number, run: number, used: number): boolean => {
    if (rem.every((r) => r === 0)) return true;
    if (k >= p.slots.length) return false;
    for (let j = 0; j < rem.length; j++) if (rem[j]! > 0 && k >= p.tasks[j]!.deadline) return false;
    // A block of the last task shorter than the shortest (1 slot of 30 min is fine; runs end anywhere).
    const key = `${k}|${rem.join(",")}|${last}|${run}|${used}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let ok = go(k + 1, rem, -1, 0, used);
    if (!ok && p.slots[k] && used < p.cap)
      for (let j = 0; j < rem.length && !ok; j++) {
        const t = p.tasks[j]!;
        if (rem[j] === 0 || k < t.notBefore || k >= t.deadline) continue;
        if (last === j && run >= 4) continue;
        const next = [...rem];
        next[j]! -= 1;
        ok = go(k + 1, next, j, last === j ? run + 1 : 1, used + 1);
      }
    memo.set(key, ok);
    return ok;
  };
  return go(
    0,
    p.tasks.map((t) => t.slots),
    -1,
    0,
    0,
  );
}

describe("on small instances, no missed deadline where a brute-force search meets them all", () => {
  it("one working day of 30-minute slots", () => {
    const smallArb = fc.record({
      busy: fc.array(fc.integer({ min: 0, max: 15 }), { maxLength: 5 }),
      cap: fc.integer({ min: 4, max: 16 }),
      tasks: fc.array(
        fc.record({
          slots: fc.integer({ min: 1, max: 5 }),
          deadline: fc.integer({ min: 1, max: 16 }),
          notBefore: fc.integer({ min: 0, max: 6 }),
          priority: fc.constantFrom("low", "medium", "high", "urgent" as const),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(smallArb, (s) => {
        // Monday 2026-03-09 in UTC, 9:00-17:00 without lunch: slot k is 9:00 + 30k.
        const zero = Date.UTC(2026, 2, 9, 9);
        const slotAt = (k: number) => zero + k * 30 * 60_000;
        const slots = Array.from({ length: 16 }, (_, k) => !s.busy.includes(k));
        const small: Small = {
          slots,
          cap: s.cap,
          tasks: s.tasks.map((t) => ({ slots: t.slots, deadline: t.deadline, notBefore: t.notBefore })),
        };
        const input: PlannerInput = {
          now: Date.UTC(2026, 2, 9, 8),
          horizon: { startDate: "2026-03-09", days: 1 },
          tasks: s.tasks.map((t, i) => ({
            id: `t${i}`,
            title: `Task ${i}`,
            estimateMinutes: t.slots * 30,
            priority: t.priority,
            deadline: slotAt(t.deadline),
            notBefore: slotAt(t.notBefore),
          })),
          busy: [...new Set(s.busy)].map((k) => ({ start: slotAt(k), end: slotAt(k + 1) })),
          preferences: {
            ...DEFAULT_WORKING_PREFERENCES,
            timeZone: "UTC",
            lunch: null,
            focusHours: [],
            bufferMinutes: 0,
            minBlockMinutes: 30,
            maxBlockMinutes: 120,
            dailyCapMinutes: s.cap * 30,
          },
        };
        fc.pre(allDeadlinesMeetable(small));
        const plan = planned(input);
        expect(plan.unplaced).toEqual([]);
        for (const b of plan.blocks) {
          const t = input.tasks.find((x) => x.id === b.taskId)!;
          expect(b.end).toBeLessThanOrEqual(t.deadline!);
        }
        expect(plan.atRisk.filter((a) => a.reason.code === "willMiss")).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
