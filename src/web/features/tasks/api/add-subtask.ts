// POST /api/tasks/:id/subtasks: waits for the server (the new subtask's id and place come from it).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SubtaskCreateBody, taskDetailDto } from "#shared/contracts/subtasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { applyTaskDetail } from "./get-task-detail.ts";

export type AddSubtaskInput = { taskId: string; body: SubtaskCreateBody };

export const addSubtask = ({ taskId, body }: AddSubtaskInput) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/subtasks`, {
    method: "POST",
    json: body,
    schema: taskDetailDto,
  });

export function useAddSubtask() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addSubtask, onSuccess: (detail) => applyTaskDetail(qc, detail) });
}
