// Task constants (spec sections 3, 5 and 9) and the small pure rules of the task timer (section 4),
// shared by the new-task form, quick capture, the server's use cases and the database checks.

export const TASK_CATEGORIES = ["General", "Development", "Design", "Meeting", "Research", "Admin"] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];
export const DEFAULT_TASK_CATEGORY: TaskCategory = "General";

export const TASK_STATUSES = ["todo", "in_progress", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const DEFAULT_TASK_STATUS: TaskStatus = "todo";

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = "medium";

export const ESTIMATE_MINUTES = { min: 5, max: 480, step: 5, default: 30 } as const;

export const ESTIMATE_QUICK_PICKS = [
  { label: "15m", minutes: 15 },
  { label: "30m", minutes: 30 },
  { label: "1h", minutes: 60 },
  { label: "2h", minutes: 120 },
] as const satisfies readonly { label: string; minutes: number }[];

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

export function isTaskCategory(value: unknown): value is TaskCategory {
  return typeof value === "string" && (TASK_CATEGORIES as readonly string[]).includes(value);
}

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === "string" && (TASK_STATUSES as readonly string[]).includes(value);
}

export function isTaskPriority(value: unknown): value is TaskPriority {
  return typeof value === "string" && (TASK_PRIORITIES as readonly string[]).includes(value);
}

/** Snaps any minute count onto the estimate slider: nearest 5-minute step, within 5 to 480. */
export function clampEstimate(minutes: number): number {
  if (!Number.isFinite(minutes)) return ESTIMATE_MINUTES.default;
  const { min, max, step } = ESTIMATE_MINUTES;
  return Math.min(max, Math.max(min, Math.round(minutes / step) * step));
}

/** True when the value is one the form accepts as is (spec section 5). */
export function isValidEstimate(minutes: number): boolean {
  const { min, max, step } = ESTIMATE_MINUTES;
  return Number.isInteger(minutes) && minutes >= min && minutes <= max && minutes % step === 0;
}

/**
 * The status that goes with a new `completed` flag, so the two never disagree: completing gives
 * "completed"; uncompleting gives "in_progress" while the task's timer runs, else "todo"; leaving a
 * task open keeps its current open status.
 */
export function statusForCompleted(
  completed: boolean,
  current: TaskStatus,
  timerRunning = false,
): TaskStatus {
  if (completed) return "completed";
  if (timerRunning) return "in_progress";
  return current === "completed" ? "todo" : current;
}

export function completedForStatus(status: TaskStatus): boolean {
  return status === "completed";
}

export type StatusChange = { status: TaskStatus; completed: boolean; stopsTimer: boolean };

/**
 * Where an edit of `status` and / or `completed` leaves a task. A running timer always means
 * "in_progress", so moving a running task to "todo" or "completed" stops its timer: the person is
 * no longer working on it, and the minutes already run are logged rather than lost or left running
 * on a task that says it is not in progress. An explicit status decides; `completed` alone maps
 * through `statusForCompleted` (reopening a running task keeps it in progress).
 */
export function applyStatusChange(
  current: { status: TaskStatus; completed: boolean; isActive: boolean },
  change: { status?: TaskStatus; completed?: boolean },
): StatusChange {
  let status = current.status;
  let completed = current.completed;
  if (change.status !== undefined) {
    status = change.status;
    completed = completedForStatus(status);
  } else if (change.completed !== undefined) {
    completed = change.completed;
    status = statusForCompleted(completed, current.status, current.isActive);
  }
  return { status, completed, stopsTimer: current.isActive && status !== "in_progress" };
}

/**
 * Whole minutes between two instants, rounded down and never negative. Epoch milliseconds make it
 * exact across midnight and daylight-saving changes.
 */
export function elapsedWholeMinutes(start: Date, end: Date): number {
  const ms = end.getTime() - start.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  return Math.floor(ms / 60_000);
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The live timer counter, "hh:mm:ss"; hours keep counting past 24 ("27:03:09"). */
export function formatDuration(ms: number): string {
  const totalSeconds = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
}

/** "45m", "1h", "1h 30m": how estimates and tracked time read in lists. */
export function formatMinutes(minutes: number): string {
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}
