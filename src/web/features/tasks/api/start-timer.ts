// POST /api/tasks/:id/timer/start. The server stops any other running timer in the same step and
// says so in `stopped`.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { timerStartResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { invalidateTaskData, replaceCachedTasks } from "./task-cache.ts";

export const startTimer = (taskId: string) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/timer/start`, {
    method: "POST",
    schema: timerStartResponse,
  });

export function useStartTimer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startTimer,
    onSuccess: (res) => {
      replaceCachedTasks(qc, res.task, ...(res.stopped ? [res.stopped.task] : []));
      return invalidateTaskData(qc);
    },
  });
}
