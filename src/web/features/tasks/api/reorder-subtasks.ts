// PUT /api/tasks/:id/subtasks/order with every subtask id in the new order (decision 230). The list
// moves at once; a refusal (the list was stale) puts it back and reloads it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { taskDetailDto } from "#shared/contracts/subtasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { applyTaskDetail, patchTaskDetail, restoreTaskDetail } from "./get-task-detail.ts";

export type ReorderSubtasksInput = { taskId: string; ids: readonly string[] };

export const reorderSubtasks = ({ taskId, ids }: ReorderSubtasksInput) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/subtasks/order`, {
    method: "PUT",
    json: { ids: [...ids] },
    schema: taskDetailDto,
  });

export function useReorderSubtasks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reorderSubtasks,
    onMutate: async ({ taskId, ids }) => ({
      before: await patchTaskDetail(qc, taskId, (d) => {
        const byId = new Map(d.subtasks.map((s) => [s.id, s]));
        const moved = ids.flatMap((id, position) => {
          const s = byId.get(id);
          return s ? [{ ...s, position }] : [];
        });
        return moved.length === d.subtasks.length ? { ...d, subtasks: moved } : d;
      }),
    }),
    onError: (_error, { taskId }, context) => restoreTaskDetail(qc, taskId, context?.before),
    onSuccess: (detail) => applyTaskDetail(qc, detail),
  });
}
