// How task values read on screen. The stored values are lower-case codes; people see words.

import { DELETED_USER_NAME } from "#shared/contracts/projects.ts";
import type { TaskPriority, TaskStatus } from "#shared/domain/tasks.ts";
import type { DueFilter } from "../api/list-tasks.ts";

export const PRIORITY_LABELS: Readonly<Record<TaskPriority, string>> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

export const PRIORITY_TONES = {
  low: "neutral",
  medium: "accent",
  high: "warning",
  urgent: "danger",
} as const satisfies Record<TaskPriority, string>;

export const STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  todo: "To do",
  in_progress: "In progress",
  completed: "Completed",
};

export const DUE_LABELS: Readonly<Record<DueFilter, string>> = {
  overdue: "Overdue",
  today: "Due today",
  week: "Due this week",
  none: "No deadline",
};

/** "30 min", "2 h", "1 h 30 min": the slider's visible value. */
export function estimateLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * Who wrote a team task, as its edit view says it: the member's name, "Deleted user" once their
 * account is gone (issue 23), or "a former member" while the project's members no longer list them.
 */
export function creatorLabel(
  createdBy: string | null,
  members: readonly { userId: string; name: string; email: string }[] | undefined,
): string | null {
  if (createdBy === null) return `Created by ${DELETED_USER_NAME}`;
  if (!members) return null;
  const found = members.find((m) => m.userId === createdBy);
  return `Created by ${found ? found.name || found.email : "a former member"}`;
}
