// Generated weeks for the planner bench: a seeded generator, so every run measures the same weeks.
// Times sit on a 15-minute grid so the exact model (bench/planner-milp.ts) sees the same problem as
// the planner.

import { DateTime } from "luxon";
import { DEFAULT_WORKING_PREFERENCES } from "../src/shared/domain/planner/defaults.ts";
import type {
  BusyInterval,
  PlannerInput,
  PlannerTask,
  WorkingPreferences,
} from "../src/shared/domain/planner/types.ts";
import { priorityScore } from "../src/shared/domain/priority.ts";
import { TASK_PRIORITIES } from "../src/shared/domain/tasks.ts";

/** Mulberry32: small, fast and seedable. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

const ZONES = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Sydney", "UTC"];

export type BenchWeek = { seed: number; input: PlannerInput };

/** Preferences of the bench: the defaults with blocks and buffer on the 15-minute grid. */
export function benchPreferences(zone: string, capMinutes: number): WorkingPreferences {
  return {
    ...DEFAULT_WORKING_PREFERENCES,
    timeZone: zone,
    minBlockMinutes: 30,
    bufferMinutes: 15,
    dailyCapMinutes: capMinutes,
  };
}

/** A week of `taskCount` tasks (10-40 when not given), meetings, deadlines and priorities. */
export function generateWeek(seed: number, opts: { taskCount?: number; days?: number } = {}): BenchWeek {
  const r = rng(seed);
  const zone = r.pick(ZONES);
  const days = opts.days ?? 7;
  // Mondays through 2026, the daylight-saving weeks among them.
  const monday = DateTime.fromISO("2026-01-05", { zone }).plus({ weeks: r.int(0, 50) });
  const now = monday.set({ hour: 8 }).toMillis();
  const at = (day: number, minuteOfDay: number) =>
    monday
      .plus({ days: day })
      .set({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 })
      .toMillis();
  const workdays = Array.from({ length: days }, (_, i) => i).filter(
    (i) => monday.plus({ days: i }).weekday <= 5,
  );

  const busy: BusyInterval[] = [];
  const meetings = r.int(3, 3 * workdays.length);
  for (let i = 0; i < meetings; i++) {
    const start = r.int(9 * 4, 16 * 4) * 15;
    const len = r.pick([30, 30, 45, 60, 60, 90]);
    const begins = at(r.pick(workdays), start);
    busy.push({ start: begins, end: begins + len * 60_000, label: `Meeting ${i + 1}` });
  }

  const n = opts.taskCount ?? r.int(10, 40);
  const tasks: PlannerTask[] = [];
  for (let i = 0; i < n; i++) {
    const priority = r.pick(TASK_PRIORITIES);
    const estimateMinutes = r.chance(0.05) ? null : r.pick([15, 30, 30, 45, 60, 60, 90, 120, 180, 240]);
    let deadline: number | null = null;
    if (r.chance(0.6)) {
      const day = r.int(0, days + 2);
      deadline = at(day, r.pick([12 * 60, 17 * 60, 17 * 60]));
    }
    const createdAt = new Date(now - r.int(0, 40) * 86_400_000);
    const task: PlannerTask = {
      id: `t${i + 1}`,
      title: `Task ${i + 1}`,
      estimateMinutes,
      deadline,
      priority,
      priorityScore: priorityScore(
        {
          deadline: deadline === null ? null : new Date(deadline),
          estimatedMinutes: estimateMinutes ?? 30,
          createdAt,
          priority,
          completed: false,
        },
        new Date(now),
      ),
      demanding: r.chance(0.3),
      notBefore: r.chance(0.15) ? at(r.pick(workdays), 9 * 60) : null,
    };
    tasks.push(task);
  }
  return {
    seed,
    input: {
      now,
      horizon: { startDate: monday.toISODate()!, days },
      tasks,
      preferences: benchPreferences(zone, r.pick([300, 360, 420])),
      busy,
    },
  };
}

/** The same week with one meeting moved to another free-looking time. */
export function moveOneMeeting(week: BenchWeek, salt: number): PlannerInput {
  const r = rng(week.seed * 7919 + salt);
  const busy = week.input.busy.map((b) => ({ ...b }));
  if (!busy.length) return week.input;
  const m = busy[r.int(0, busy.length - 1)]!;
  const len = m.end - m.start;
  const shift = r.pick([-1, 1]) * r.int(1, 8) * 15 * 60_000;
  const dayShift = r.chance(0.3) ? r.pick([-1, 1]) * 86_400_000 : 0;
  m.start += shift + dayShift;
  m.end = m.start + len;
  return { ...week.input, busy };
}
