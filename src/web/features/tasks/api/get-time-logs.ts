// GET /api/tasks/:id/time-logs: the task's timer sessions, newest first.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { timeLogsResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getTimeLogs = (taskId: string, signal?: AbortSignal) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/time-logs`, { signal, schema: timeLogsResponse });

export const timeLogsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.tasks.timeLogs(taskId),
    queryFn: ({ signal }) => getTimeLogs(taskId, signal),
    select: (data) => data.timeLogs,
  });

export const useTimeLogs = (taskId: string) =>
  useQuery({ ...timeLogsQueryOptions(taskId), throwOnError: throwWhenEmpty });
