// GET /api/tasks/:id/comments: the task's thread, oldest first, a page at a time ("Show more").
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { commentListResponse } from "#shared/contracts/comments.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getComments = (taskId: string, cursor: string | null, signal?: AbortSignal) =>
  apiFetch(
    `/api/tasks/${encodeURIComponent(taskId)}/comments${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
    { signal, schema: commentListResponse },
  );

export const commentsQueryOptions = (taskId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tasks.comments(taskId),
    queryFn: ({ pageParam, signal }) => getComments(taskId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useComments = (taskId: string) =>
  useInfiniteQuery({ ...commentsQueryOptions(taskId), throwOnError: throwWhenEmpty });
