// The planning context: the input validated and turned into epoch minutes on the planning grid,
// with each task's weight, effective estimate and notes, and the objective's view of it.

import { DateTime } from "luxon";
import { CAP_FACTOR_BY_STRAIN, PLANNER_DEFAULTS, PLANNER_LIMITS } from "./defaults.ts";
import { type ObjectiveContext, type ObjectiveTask, taskWeight } from "./objective.ts";
import { refuse } from "./refusals.ts";
import type { FixedBlock, PlannerInput, PlannerTask, Reason, Refusal } from "./types.ts";
import { MINUTE_MS, mergeSpans, type PlanDay, planDays, type Span } from "./working-time.ts";

export type TaskState = {
  task: PlannerTask;
  index: number;
  weight: number;
  /** Minutes to plan: the estimate, the default, or the raised estimate. */
  minutes: number;
  /** Epoch minutes. */
  deadline: number | null;
  notBefore: number;
  demanding: boolean;
  notes: Reason[];
};

export type PlanContext = {
  input: PlannerInput;
  zone: string;
  grid: number;
  minBlock: number;
  maxBlock: number;
  buffer: number;
  origin: number;
  horizonEnd: number;
  days: PlanDay[];
  busy: Span[];
  busyLabelled: { start: number; end: number; label: string }[];
  focus: Span[];
  tasks: TaskState[];
  taskIndex: Map<string, number>;
  capFor: (day: PlanDay) => number;
  capNote: Reason | null;
  pins: FixedBlock[];
  objective: { ctx: ObjectiveContext; tasks: ObjectiveTask[] };
};

const up = (m: number, grid: number) => Math.ceil(m / grid) * grid;

export function buildContext(input: PlannerInput): PlanContext | Refusal {
  const prefs = input.preferences;
  const zone = prefs.timeZone;
  const grid = PLANNER_LIMITS.gridMinutes;
  const days = planDays(prefs, input.horizon);
  if (!days.some((d) => d.working.length)) return refuse("noWorkingHours", { inHorizon: 1 });
  const origin = Math.max(up(Math.ceil(input.now / MINUTE_MS), grid), days[0]!.start);
  const horizonEnd = days[days.length - 1]!.end;

  const factor = input.strain ? (CAP_FACTOR_BY_STRAIN[input.strain.level] ?? 1) : 1;
  const lowered = Math.floor((prefs.dailyCapMinutes * factor) / grid) * grid;
  const capNote: Reason | null =
    factor < 1 && input.strain
      ? {
          code: "capLowered",
          params: {
            from: prefs.dailyCapMinutes,
            to: lowered,
            level: input.strain.level,
            score: input.strain.score,
          },
        }
      : null;

  const near = input.now + PLANNER_DEFAULTS.nearDeadlineHours * 3_600_000;
  const high = input.estimateInterval?.high;
  const tasks: TaskState[] = input.tasks.map((task, index) => {
    const notes: Reason[] = [];
    let minutes = task.estimateMinutes ?? PLANNER_DEFAULTS.noEstimateMinutes;
    if (task.estimateMinutes === null)
      notes.push({ code: "noEstimate", params: { minutes: PLANNER_DEFAULTS.noEstimateMinutes } });
    minutes = up(minutes, grid);
    if (task.deadline !== null && task.deadline <= near && high !== undefined && high > 1) {
      const raised = up(minutes * high, grid);
      if (raised > minutes) {
        notes.push({ code: "estimateRaised", params: { from: minutes, to: raised, ratio: high } });
        minutes = raised;
      }
    }
    return {
      task,
      index,
      weight: taskWeight(task),
      minutes,
      deadline: task.deadline === null ? null : Math.floor(task.deadline / MINUTE_MS),
      notBefore: task.notBefore ? up(Math.ceil(task.notBefore / MINUTE_MS), grid) : Number.NEGATIVE_INFINITY,
      demanding: task.demanding === true,
      notes,
    };
  });
  const taskIndex = new Map(tasks.map((t) => [t.task.id, t.index]));
  const busy = mergeSpans(
    input.busy
      .filter((b) => b.end > b.start)
      .map((b) => ({ start: Math.floor(b.start / MINUTE_MS), end: Math.ceil(b.end / MINUTE_MS) })),
  );
  const busyLabelled = input.busy
    .filter((b) => b.end > b.start)
    .map((b) => ({
      start: Math.floor(b.start / MINUTE_MS),
      end: Math.ceil(b.end / MINUTE_MS),
      label: b.label ?? "",
    }));
  const focus = mergeSpans(days.flatMap((d) => d.focus));
  const pins = (input.pinned ?? []).filter((p) => taskIndex.has(p.taskId));
  return {
    input,
    zone,
    grid,
    minBlock: prefs.minBlockMinutes,
    maxBlock: prefs.maxBlockMinutes,
    buffer: prefs.bufferMinutes,
    origin,
    horizonEnd,
    days,
    busy,
    busyLabelled,
    focus,
    tasks,
    taskIndex,
    capFor: () => lowered,
    capNote,
    pins,
    objective: {
      ctx: { origin, horizonEnd, focus },
      tasks: tasks.map((t) => ({
        id: t.task.id,
        weight: t.weight,
        minutes: t.minutes,
        deadline: t.deadline,
        demanding: t.demanding,
      })),
    },
  };
}

/** The local date ("YYYY-MM-DD") of an epoch minute in the plan's zone. */
export const dateOfMinute = (ctx: PlanContext, minute: number) =>
  DateTime.fromMillis(minute * MINUTE_MS, { zone: ctx.zone }).toISODate()!;
