// DELETE /api/tasks/:id/subtasks/:subId: the subtask leaves the list at once, and comes back if the
// call fails.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { taskDetailDto } from "#shared/contracts/subtasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { applyTaskDetail, patchTaskDetail, restoreTaskDetail } from "./get-task-detail.ts";

export type DeleteSubtaskInput = { taskId: string; subtaskId: string };

export const deleteSubtask = ({ taskId, subtaskId }: DeleteSubtaskInput) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/subtasks/${encodeURIComponent(subtaskId)}`, {
    method: "DELETE",
    schema: taskDetailDto,
  });

export function useDeleteSubtask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSubtask,
    onMutate: async ({ taskId, subtaskId }) => ({
      before: await patchTaskDetail(qc, taskId, (d) => ({
        ...d,
        subtasks: d.subtasks.filter((s) => s.id !== subtaskId),
      })),
    }),
    onError: (_error, { taskId }, context) => restoreTaskDetail(qc, taskId, context?.before),
    onSuccess: (detail) => applyTaskDetail(qc, detail),
  });
}
