// POST /api/tasks: the one call that adds a task, used by the task form and by quick capture alike.
// It refreshes every cache root that shows tasks or time (the key registry's "task" change).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TaskCreateBody, taskDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "./api-client.ts";
import { invalidate } from "./query-keys.ts";

export const createTask = (body: TaskCreateBody) =>
  apiFetch("/api/tasks", { method: "POST", json: body, schema: taskDto });

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => invalidate(qc, "task"),
  });
}
