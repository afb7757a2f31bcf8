// The planner's defaults and limits, written once for the server's settings form, the planner and
// the bench (docs/decisions/180-planner-objective.md explains the choices).

import type { BurnoutLevel } from "../burnout.ts";
import type { WorkingPreferences } from "./types.ts";

const WEEKDAY_9_TO_5 = [{ start: "09:00", end: "17:00" }];

/** Monday to Friday 9:00-17:00, focus 9:00-11:00 (the Patterns tab's default peak), lunch 12:00-13:00. */
export const DEFAULT_WORKING_PREFERENCES: Omit<WorkingPreferences, "timeZone"> = {
  workingHours: {
    1: WEEKDAY_9_TO_5,
    2: WEEKDAY_9_TO_5,
    3: WEEKDAY_9_TO_5,
    4: WEEKDAY_9_TO_5,
    5: WEEKDAY_9_TO_5,
  },
  focusHours: [{ start: "09:00", end: "11:00" }],
  lunch: { start: "12:00", end: "13:00" },
  minBlockMinutes: 25,
  maxBlockMinutes: 120,
  bufferMinutes: 10,
  dailyCapMinutes: 6 * 60,
};

export const PLANNER_LIMITS = {
  /** A horizon longer than 8 weeks is refused. */
  maxHorizonDays: 56,
  /** Blocks start and end on this grid (estimates are in 5-minute steps). */
  gridMinutes: 5,
  minBlockMinutes: 5,
  maxBlockMinutes: 8 * 60,
  maxBufferMinutes: 60,
  maxDailyCapMinutes: 16 * 60,
  /** A meeting with this many people or more is refused. */
  maxMeetingPeople: 30,
} as const;

export const PLANNER_DEFAULTS = {
  /** Planned for a task without an estimate, and said so. */
  noEstimateMinutes: 30,
  /** A deadline this close makes the planner use the upper end of the person's estimate interval. */
  nearDeadlineHours: 72,
  /** Free time before a deadline under which a fully planned task is still flagged at risk. */
  minSlackMinutes: 30,
  /** The longest single-day extension or estimate cut suggested as "the smallest change". */
  maxExtensionMinutes: 180,
} as const;

/** How much of the daily cap a high burnout strain leaves (decision 180). */
export const CAP_FACTOR_BY_STRAIN: Record<BurnoutLevel, number> = {
  low: 1,
  medium: 1,
  high: 0.8,
  critical: 0.6,
};
