// POST /api/tasks from quick capture. Features do not share code, so this is quick capture's own call;
// it refreshes the same cache roots the tasks feature and the dashboard read.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TaskCreateBody, TaskDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "../../../lib/api-client.ts";

const AFFECTED_KEYS = [["tasks"], ["overview"], ["calendar"], ["analytics"]] as const;

export const createTask = (body: TaskCreateBody) =>
  apiFetch<TaskDto>("/api/tasks", { method: "POST", json: body });

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => Promise.all(AFFECTED_KEYS.map((key) => qc.invalidateQueries({ queryKey: [...key] }))),
  });
}
