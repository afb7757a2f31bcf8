// The planner's inputs and outputs. Instants are epoch milliseconds (UTC); wall-clock times of the
// person's week ("09:00") are read in their IANA zone. Everything here is plain data so the server,
// the static demo, the tests and the bench can build it and store it without conversion.

import type { BurnoutLevel } from "../burnout.ts";
import type { TaskPriority } from "../tasks.ts";

/** Epoch milliseconds. */
export type Instant = number;

/** A wall-clock window of a day, "HH:MM" 24-hour, start before end, "24:00" allowed as an end. */
export type DayWindow = { start: string; end: string };

/** 0 Sunday .. 6 Saturday, as Date#getDay and the Patterns tab count them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type WorkingPreferences = {
  /** IANA zone the windows are read in ("Europe/Berlin"). */
  timeZone: string;
  /** Working windows per weekday; a missing or empty weekday is a day off. */
  workingHours: Partial<Record<Weekday, DayWindow[]>>;
  /** Focus windows, each working day; demanding work goes here first. */
  focusHours: DayWindow[];
  /** Lunch break, each working day, or null. Never planned over. */
  lunch: DayWindow | null;
  /** A task longer than this is split; no part shorter than minBlockMinutes unless the task is. */
  minBlockMinutes: number;
  maxBlockMinutes: number;
  /** Free minutes kept between two blocks and between a block and busy time. */
  bufferMinutes: number;
  /** Planned minutes per day (pinned blocks included) before any lowering for strain. */
  dailyCapMinutes: number;
};

export type PlannerTask = {
  id: string;
  title: string;
  /** Minutes still to plan; null when the person gave none (then PLANNER_DEFAULTS.noEstimateMinutes). */
  estimateMinutes: number | null;
  deadline: Instant | null;
  priority: TaskPriority;
  /** tasks.priority_score (0-100); when absent the explicit priority alone weighs the task. */
  priorityScore?: number;
  /** No block starts before this instant. */
  notBefore?: Instant | null;
  /** Demanding work (deep work) goes into focus hours first. */
  demanding?: boolean;
  /**
   * One occurrence of a repeating task (occurrences.ts): `id` is then occurrenceKey(taskId, due), so
   * each occurrence in the horizon is planned, explained and released on its own.
   */
  occurrence?: PlannerOccurrence;
};

/** Which occurrence of which repeating task a planner task is. */
export type PlannerOccurrence = {
  taskId: string;
  /** The rule's date of this occurrence (its deadline unless the person moved it). */
  due: Instant;
  /** The rule in words ("Every Monday at 09:00"). */
  repeats: string;
};

/** A block the person fixed (dragged or pinned); the planner keeps it exactly. */
export type FixedBlock = { id?: string; taskId: string; start: Instant; end: Instant };

/** Time that is not free: Kairo calendar items, synced events. */
export type BusyInterval = { start: Instant; end: Instant; label?: string };

/**
 * The person's actual/estimate ratio interval (for example the 10th and 90th percentile of their
 * completed tasks); the upper end is planned when a deadline is near.
 */
export type EstimateInterval = { low: number; high: number };

export type PlanHorizon = {
  /** First local day, "YYYY-MM-DD" in the person's zone. */
  startDate: string;
  /** 1 for Plan my day, 7 for Plan my week; more than PLANNER_LIMITS.maxHorizonDays is refused. */
  days: number;
};

export type PlannerInput = {
  now: Instant;
  horizon: PlanHorizon;
  tasks: PlannerTask[];
  preferences: WorkingPreferences;
  busy: BusyInterval[];
  pinned?: FixedBlock[];
  /** The accepted plan now in force; a re-plan keeps its blocks where they are still valid. */
  previous?: FixedBlock[];
  estimateInterval?: EstimateInterval | null;
  /** The burnout strain assessment; high and critical lower the daily cap. */
  strain?: { level: BurnoutLevel; score: number } | null;
};

/** A structured reason; `describe*` in reasons.ts words it in English, a model may reword it. */
export type Reason = { code: ReasonCode; params?: Record<string, string | number> };

export type ReasonCode =
  // why a block is where it is
  | "pinned"
  | "kept"
  | "deadline"
  | "priority"
  | "focusHours"
  | "focusTaken"
  | "split"
  | "firstFreeTime"
  | "notBefore"
  | "reservedBeforeDeadline"
  | "occurrence"
  // notes on a task or on the whole plan
  | "noEstimate"
  | "estimateRaised"
  | "capLowered"
  | "replanned"
  | "pinReleased"
  // why a task is not (fully) placed
  | "noRoomBeforeDeadline"
  | "noRoomInHorizon"
  | "notBeforeAfterHorizon"
  | "deadlinePassed"
  // at risk
  | "willMiss"
  | "littleSlack"
  | "overdue"
  // the badge's rule (decision 273): more work due by the deadline than working time before it
  | "cannotFit";

export type PlannedBlock = {
  taskId: string;
  start: Instant;
  end: Instant;
  /** 1-based part of the task within this plan, and how many parts it has. */
  part: number;
  parts: number;
  /** The previous or pinned block it continues, so write-back moves that event instead of recreating it. */
  previousId?: string;
  pinned: boolean;
  reasons: Reason[];
};

export type Suggestion =
  | { kind: "extendDay"; date: string; minutes: number; weekday: Weekday }
  | { kind: "moveDeadline"; taskId: string; to: Instant; date: string }
  | { kind: "leaveForLater"; horizonDays: number }
  | { kind: "shortenEstimate"; taskId: string; toMinutes: number };

export type UnplacedTask = {
  taskId: string;
  /** Minutes of the task's (effective) estimate not planned. */
  minutes: number;
  reason: Reason;
  /** The smallest single change that would make the rest fit, checked against this plan; null when none does. */
  suggestion: Suggestion | null;
};

export type AtRisk = {
  taskId: string;
  deadline: Instant;
  reason: Reason;
  /** For a deadline the plan misses: the smallest change that would meet it. */
  suggestion?: Suggestion | null;
};

export type Plan = {
  ok: true;
  blocks: PlannedBlock[];
  unplaced: UnplacedTask[];
  atRisk: AtRisk[];
  /** Notes on the whole plan (cap lowered, plan rebuilt instead of repaired). */
  notes: Reason[];
  /** Notes per task (no estimate, estimate raised for a near deadline). */
  taskNotes: Record<string, Reason[]>;
  /** Minutes planned for each task: the estimate, or its raised value, never more. */
  plannedEstimate: Record<string, number>;
  /** The daily cap in force per local day, "YYYY-MM-DD" → minutes. */
  dailyCap: Record<string, number>;
  /** Whether the previous plan was kept and repaired, or a new plan replaced it. */
  stability: "fresh" | "repaired" | "replanned";
};

export type RefusalCode =
  | "invalidTimeZone"
  | "invalidWindow"
  | "overlappingWindows"
  | "noWorkingHours"
  | "horizonTooLong"
  | "invalidHorizon"
  | "invalidBlockLengths"
  | "invalidTask"
  | "conflictingPins"
  | "pinOutsideWorkingHours"
  | "pinOverBusy"
  | "pinsOverCap"
  | "pinsOverEstimate"
  | "tooManyPeople"
  | "emptyWindow"
  | "invalidMeeting"
  | "noCommonTime";

export type Refusal = {
  ok: false;
  code: RefusalCode;
  params: Record<string, string | number>;
  /** Plain English, for a 4xx body or the preview's refusal. */
  message: string;
};
