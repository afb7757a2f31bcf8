// POST /api/tasks from quick capture. Features do not share code, so this is quick capture's own call;
// it refreshes the same cache roots the tasks feature and the dashboard read.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TaskCreateBody, taskDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { invalidate } from "../../../lib/query-keys.ts";

export const createTask = (body: TaskCreateBody) =>
  apiFetch("/api/tasks", { method: "POST", json: body, schema: taskDto });

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => invalidate(qc, "task"),
  });
}
