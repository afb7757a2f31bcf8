// GET /api/tasks/:id/history: who created, changed, completed the task, and when (oldest first).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { historyListResponse } from "#shared/contracts/comments.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getHistory = (taskId: string, signal?: AbortSignal) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/history`, { signal, schema: historyListResponse });

export const historyQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.tasks.history(taskId),
    queryFn: ({ signal }) => getHistory(taskId, signal),
    select: (data) => data.entries,
  });

export const useHistory = (taskId: string) =>
  useQuery({ ...historyQueryOptions(taskId), throwOnError: throwWhenEmpty });
