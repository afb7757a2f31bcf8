// POST /api/tasks/:id/comments
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { commentDto } from "#shared/contracts/comments.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const addComment = (taskId: string, body: string) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/comments`, {
    method: "POST",
    json: { body },
    schema: commentDto,
  });

export function useAddComment(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment(taskId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tasks.comments(taskId) }),
  });
}
