// GET /api/tasks/:id/time-logs: the task's timer sessions, newest first.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TimeLogDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { tasksKey } from "./task-cache.ts";

export const getTimeLogs = (taskId: string, signal?: AbortSignal) =>
  apiFetch<{ timeLogs: TimeLogDto[] }>(`/api/tasks/${encodeURIComponent(taskId)}/time-logs`, { signal });

export const timeLogsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: [...tasksKey, "time-logs", taskId],
    queryFn: ({ signal }) => getTimeLogs(taskId, signal),
    select: (data) => data.timeLogs,
  });

export const useTimeLogs = (taskId: string) => useQuery(timeLogsQueryOptions(taskId));
