// PATCH /api/tasks/:id/comments/:commentId (the author only)
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { commentDto } from "#shared/contracts/comments.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const editComment = (taskId: string, commentId: string, body: string) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/comments/${encodeURIComponent(commentId)}`, {
    method: "PATCH",
    json: { body },
    schema: commentDto,
  });

export function useEditComment(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { commentId: string; body: string }) => editComment(taskId, v.commentId, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tasks.comments(taskId) }),
  });
}
