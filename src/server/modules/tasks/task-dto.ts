import type { TaskDto, TimeLogDto } from "#shared/contracts/tasks.ts";
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
