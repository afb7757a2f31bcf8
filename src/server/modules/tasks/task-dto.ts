import type { SubtaskDto } from "#shared/contracts/subtasks.ts";
import type { OccurrenceDto, TaskDto, TimeLogDto } from "#shared/contracts/tasks.ts";
import { isoFromPg } from "../../db/schema/any-year-timestamp.ts";
import type { Subtask, TaskOccurrence, tasks, timeLogs } from "../../db/schema/tasks.ts";

type TaskRow = typeof tasks.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTaskDto(t: TaskRow): TaskDto {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    deadline: iso(t.deadline),
    estimatedMinutes: t.estimatedMinutes,
    actualMinutes: t.actualMinutes,
    category: t.category as TaskDto["category"],
    priority: t.priority as TaskDto["priority"],
    status: t.status as TaskDto["status"],
    completed: t.completed,
    completedAt: iso(t.completedAt),
    isActive: t.isActive,
    activeStartTime: iso(t.activeStartTime),
    priorityScore: t.priorityScore,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    projectId: t.projectId,
    milestoneId: t.milestoneId,
    assigneeId: t.assigneeId,
    createdBy: t.createdBy,
    updatedBy: t.updatedBy,
    version: t.version,
    subtasksTotal: t.subtasksTotal,
    subtasksDone: t.subtasksDone,
    subtasksOpenMinutes: t.subtasksOpenMinutes,
    recurrence: seriesDto({
      rule: t.recurrenceRule,
      start: t.recurrenceStart,
      timeZone: t.recurrenceTimeZone,
      afterCompletion: t.recurrenceAfterCompletion,
      due: iso(t.occurrenceDue),
      title: t.seriesTitle ?? t.title,
      done: t.occurrencesDone,
    }),
  };
}

/** A task's series as the API answers it; null when the task happens once. */
function seriesDto(s: {
  rule: string | null;
  start: string | null;
  timeZone: string | null;
  afterCompletion: boolean;
  due: string | null;
  title: string;
  done: number;
}): TaskDto["recurrence"] {
  if (!s.rule || !s.start || !s.timeZone) return null;
  return {
    rrule: s.rule,
    start: s.start,
    timeZone: s.timeZone,
    afterCompletion: s.afterCompletion,
    due: s.due,
    title: s.title,
    done: s.done,
  };
}

export function toOccurrenceDto(o: TaskOccurrence): OccurrenceDto {
  return {
    id: o.id,
    taskId: o.taskId,
    due: o.dueAt.toISOString(),
    deadline: iso(o.deadline),
    outcome: o.outcome as OccurrenceDto["outcome"],
    doneAt: o.doneAt.toISOString(),
    title: o.title,
    actualMinutes: o.actualMinutes,
  };
}

export function toSubtaskDto(s: Subtask): SubtaskDto {
  return {
    id: s.id,
    taskId: s.taskId,
    title: s.title,
    done: s.done,
    estimatedMinutes: s.estimatedMinutes,
    position: s.position,
    completedAt: iso(s.completedAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toTimeLogDto(l: typeof timeLogs.$inferSelect): TimeLogDto {
  return {
    id: l.id,
    taskId: l.taskId,
    startTime: l.startTime.toISOString(),
    endTime: iso(l.endTime),
    durationMinutes: l.durationMinutes,
  };
}

/**
 * A task as the API answers it, straight from a row of the driver (columns by their SQL names,
 * timestamps as PostgreSQL's text): the task list's path, which skips drizzle's per-column mapping
 * and the `Date` round trip. Gives what `toTaskDto` gives for the same row (task-dto.test.ts).
 */
export function taskDtoFromDriverRow(r: Record<string, unknown>): TaskDto {
  return {
    id: r.id as string,
    title: r.title as string,
    description: r.description as string | null,
    deadline: isoFromPg(r.deadline),
    estimatedMinutes: Number(r.estimated_minutes),
    actualMinutes: Number(r.actual_minutes),
    category: r.category as TaskDto["category"],
    priority: r.priority as TaskDto["priority"],
    status: r.status as TaskDto["status"],
    completed: r.completed as boolean,
    completedAt: isoFromPg(r.completed_at),
    isActive: r.is_active as boolean,
    activeStartTime: isoFromPg(r.active_start_time),
    priorityScore: Number(r.priority_score),
    createdAt: isoFromPg(r.created_at)!,
    updatedAt: isoFromPg(r.updated_at)!,
    projectId: (r.project_id as string | null) ?? null,
    milestoneId: (r.milestone_id as string | null) ?? null,
    assigneeId: (r.assignee_id as string | null) ?? null,
    createdBy: (r.created_by as string | null) ?? null,
    updatedBy: (r.updated_by as string | null) ?? null,
    version: Number(r.version ?? 1),
    subtasksTotal: Number(r.subtasks_total ?? 0),
    subtasksDone: Number(r.subtasks_done ?? 0),
    subtasksOpenMinutes: Number(r.subtasks_open_minutes ?? 0),
    recurrence: seriesDto({
      rule: (r.recurrence_rule as string | null) ?? null,
      start: (r.recurrence_start as string | null) ?? null,
      timeZone: (r.recurrence_time_zone as string | null) ?? null,
      afterCompletion: r.recurrence_after_completion === true,
      due: isoFromPg(r.occurrence_due),
      title: (r.series_title as string | null) ?? (r.title as string),
      done: Number(r.occurrences_done ?? 0),
    }),
  };
}
