// DELETE /api/tasks/:id/comments/:commentId (the author only)
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const deleteComment = (taskId: string, commentId: string) =>
  apiSend(`/api/tasks/${encodeURIComponent(taskId)}/comments/${encodeURIComponent(commentId)}`, {
    method: "DELETE",
  });

export function useDeleteComment(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(taskId, commentId),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tasks.comments(taskId) }),
  });
}
