// PATCH /api/tasks/:id. Ticking a task done (or not done) shows at once: the cached task is changed
// before the call and put back if the call fails. Other edits wait for the server, which re-scores
// the task and so may move it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type TaskConflictBody,
  type TaskDto,
  type TaskUpdateBody,
  taskConflictBody,
  taskDto,
} from "#shared/contracts/tasks.ts";
import { statusForCompleted } from "#shared/domain/tasks.ts";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import {
  invalidateTaskData,
  replaceCachedTasks,
  restoreTasks,
  snapshotTasks,
  type TaskCacheSnapshot,
  updateCachedTasks,
} from "./task-cache.ts";

export type UpdateTaskInput = { id: string; body: TaskUpdateBody };

export const updateTask = ({ id, body }: UpdateTaskInput) =>
  apiFetch(`/api/tasks/${encodeURIComponent(id)}`, { method: "PATCH", json: body, schema: taskDto });

/** What the server will answer for a completion toggle (see updateTask on the server). */
export function withCompleted(task: TaskDto, completed: boolean): TaskDto {
  const stopsTimer = completed && task.isActive;
  return {
    ...task,
    completed,
    status: statusForCompleted(completed, task.status, task.isActive && !completed),
    completedAt: completed ? (task.completedAt ?? new Date().toISOString()) : null,
    isActive: stopsTimer ? false : task.isActive,
    activeStartTime: stopsTimer ? null : task.activeStartTime,
  };
}

const isCompletionOnly = (body: TaskUpdateBody): body is { completed: boolean } =>
  Object.keys(body).every((k) => k === "completed" || k === "version") && typeof body.completed === "boolean";

export function useUpdateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onMutate: async ({ id, body }): Promise<{ snapshot: TaskCacheSnapshot | null }> => {
      if (!isCompletionOnly(body)) return { snapshot: null };
      await qc.cancelQueries({ queryKey: queryKeys.tasks.all });
      const snapshot = snapshotTasks(qc);
      updateCachedTasks(qc, (t) => (t.id === id ? withCompleted(t, body.completed) : t));
      return { snapshot };
    },
    onError: (error, _input, context) => {
      if (context?.snapshot) restoreTasks(qc, context.snapshot);
      // A stale write: the lists show the task as it is now, while the screen offers to apply ours again.
      const conflict = taskConflictOf(error);
      if (conflict) replaceCachedTasks(qc, conflict.task);
    },
    onSuccess: (task) => replaceCachedTasks(qc, task),
    onSettled: () => invalidateTaskData(qc),
  });
}

/** The 409 of a stale write: the task as it is now and who changed it, or null for any other error. */
export function taskConflictOf(error: unknown): TaskConflictBody | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = taskConflictBody.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
