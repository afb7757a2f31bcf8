import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type PomodoroCompleteBody, pomodoroSessionDto } from "#shared/contracts/tasks.ts";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { invalidate } from "#web/lib/query-keys.ts";

export type CompletePomodoroInput = { id: string; endTime: string };

const post = (id: string, json: PomodoroCompleteBody) =>
  apiFetch(`/api/pomodoro-sessions/${encodeURIComponent(id)}/complete`, {
    schema: pomodoroSessionDto,
    method: "POST",
    json,
  });

/**
 * Marks a focus run completed, saying when it ended by this browser's clock. A clock far off the
 * server's gets that time refused (400); the run still counts, completed at the server's own time.
 */
export async function completePomodoroSession({ id, endTime }: CompletePomodoroInput) {
  try {
    return await post(id, { endTime });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.code === "VALIDATION") return post(id, {});
    throw error;
  }
}

export function useCompletePomodoroSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: completePomodoroSession,
    // Focus sessions feed the analytics charts as well as today's count.
    onSettled: () => invalidate(qc, "pomodoro"),
  });
}
