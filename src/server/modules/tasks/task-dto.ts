import type { TaskDto, TimeLogDto } from "#shared/contracts/tasks.ts";
import { isoFromPg } from "../../db/schema/any-year-timestamp.ts";
import type { tasks, timeLogs } from "../../db/schema/tasks.ts";

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
  };
}
