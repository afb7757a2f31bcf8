// PATCH /api/tasks/:id/subtasks/:subId: ticking or renaming shows at once and is put back if the
// call fails.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SubtaskUpdateBody, taskDetailDto } from "#shared/contracts/subtasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { applyTaskDetail, patchTaskDetail, restoreTaskDetail } from "./get-task-detail.ts";

export type UpdateSubtaskInput = { taskId: string; subtaskId: string; body: SubtaskUpdateBody };

export const updateSubtask = ({ taskId, subtaskId, body }: UpdateSubtaskInput) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/subtasks/${encodeURIComponent(subtaskId)}`, {
    method: "PATCH",
    json: body,
    schema: taskDetailDto,
  });

export function useUpdateSubtask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSubtask,
    onMutate: async ({ taskId, subtaskId, body }) => ({
      before: await patchTaskDetail(qc, taskId, (d) => ({
        ...d,
        subtasks: d.subtasks.map((s) =>
          s.id === subtaskId
            ? {
                ...s,
                ...(body.title !== undefined ? { title: body.title.trim() } : {}),
                ...(body.done !== undefined ? { done: body.done } : {}),
                ...(body.estimatedMinutes !== undefined ? { estimatedMinutes: body.estimatedMinutes } : {}),
              }
            : s,
        ),
      })),
    }),
    onError: (_error, { taskId }, context) => restoreTaskDetail(qc, taskId, context?.before),
    onSuccess: (detail) => applyTaskDetail(qc, detail),
  });
}
