import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PomodoroSessionDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { pomodoroQueryKey } from "./get-pomodoro-today.ts";

/** Marks a focus run completed; the server stamps its end time. */
export const completePomodoroSession = (id: string) =>
  apiFetch<PomodoroSessionDto>(`/api/pomodoro-sessions/${encodeURIComponent(id)}/complete`, {
    method: "POST",
  });

export function useCompletePomodoroSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: completePomodoroSession,
    // Focus sessions feed the analytics charts as well as today's count.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: pomodoroQueryKey }),
        qc.invalidateQueries({ queryKey: ["analytics"] }),
      ]),
  });
}
