// POST /api/tasks/:id/occurrences/complete and /skip (decision 236): the open occurrence of a
// repeating task is completed or skipped, named by its date so a second click or device changes
// nothing; the list then shows the next occurrence the server opened.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { occurrenceActionResponse, type TaskDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { invalidateTaskData, replaceCachedTasks } from "./task-cache.ts";

export type FinishOccurrenceInput = { task: TaskDto; outcome: "complete" | "skip" };

export const finishOccurrence = ({ task, outcome }: FinishOccurrenceInput) =>
  apiFetch(`/api/tasks/${encodeURIComponent(task.id)}/occurrences/${outcome}`, {
    method: "POST",
    json: { ...(task.recurrence?.due ? { due: task.recurrence.due } : {}), version: task.version },
    schema: occurrenceActionResponse,
  });

export function useFinishOccurrence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: finishOccurrence,
    onSuccess: (answer) => replaceCachedTasks(qc, answer.task),
    onSettled: () => invalidateTaskData(qc),
  });
}
