import { useMutation } from "@tanstack/react-query";
import { pomodoroSessionDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";

export type StartPomodoroBody = {
  durationMinutes: number;
  breakDurationMinutes: number;
  taskId?: string | null;
};

/** Creates the pomodoro_sessions record of a focus run that has just started. */
export const startPomodoroSession = (body: StartPomodoroBody) =>
  apiFetch("/api/pomodoro-sessions", { schema: pomodoroSessionDto, method: "POST", json: body });

export const useStartPomodoroSession = () => useMutation({ mutationFn: startPomodoroSession });
