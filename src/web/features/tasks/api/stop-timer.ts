// POST /api/tasks/:id/timer/stop: the elapsed whole minutes are added to the task's actual minutes.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { timerStopResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { invalidateTaskData, replaceCachedTasks } from "./task-cache.ts";

export const stopTimer = (taskId: string) =>
  apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/timer/stop`, {
    method: "POST",
    schema: timerStopResponse,
  });

export function useStopTimer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: stopTimer,
    onSuccess: (res) => {
      replaceCachedTasks(qc, res.task);
      return invalidateTaskData(qc);
    },
  });
}
