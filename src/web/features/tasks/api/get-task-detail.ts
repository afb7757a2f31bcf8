// GET /api/tasks/:id: the task with its subtasks in order. Every subtask write answers the same
// shape, put into this query and into the task lists (`applyTaskDetail`), so the row's "2 of 5" and
// the edit form's version follow at once.
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { type TaskDetailDto, taskDetailDto } from "#shared/contracts/subtasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { replaceCachedTasks } from "./task-cache.ts";

export const getTaskDetail = (taskId: string, signal?: AbortSignal) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}`, { signal, schema: taskDetailDto });

export const taskDetailQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.tasks.detail(taskId),
    queryFn: ({ signal }) => getTaskDetail(taskId, signal),
  });

export const useTaskDetail = (taskId: string) =>
  useQuery({ ...taskDetailQueryOptions(taskId), throwOnError: throwWhenEmpty });

/** The server's answer to a subtask write: the detail as it is now, and the task in every list. */
export function applyTaskDetail(qc: QueryClient, detail: TaskDetailDto) {
  qc.setQueryData(queryKeys.tasks.detail(detail.task.id), detail);
  replaceCachedTasks(qc, detail.task);
}

/** Changes the cached detail before a call; returns the previous one to put back if the call fails. */
export async function patchTaskDetail(
  qc: QueryClient,
  taskId: string,
  change: (detail: TaskDetailDto) => TaskDetailDto,
): Promise<TaskDetailDto | undefined> {
  const key = queryKeys.tasks.detail(taskId);
  await qc.cancelQueries({ queryKey: key });
  const before = qc.getQueryData<TaskDetailDto>(key);
  if (before) qc.setQueryData(key, change(before));
  return before;
}

/** Puts back the detail `patchTaskDetail` changed, and asks the server for the truth. */
export function restoreTaskDetail(qc: QueryClient, taskId: string, before: TaskDetailDto | undefined) {
  const key = queryKeys.tasks.detail(taskId);
  if (before) qc.setQueryData(key, before);
  return qc.invalidateQueries({ queryKey: key });
}
