// POST /api/tasks
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TaskCreateBody, taskDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { invalidateTaskData } from "./task-cache.ts";

export const createTask = (body: TaskCreateBody) =>
  apiFetch("/api/tasks", { method: "POST", json: body, schema: taskDto });

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => invalidateTaskData(qc),
  });
}
