// Starting and stopping a task's timer, with the spec's notices (section 8): "Timer started" (and, when
// the server stopped another task's timer to start this one, which task and how long), and
// "Timer stopped: {n} minutes logged".
import { useCallback, useState } from "react";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useStartTimer } from "../api/start-timer.ts";
import { useStopTimer } from "../api/stop-timer.ts";

export function useTaskTimer() {
  const { mutateAsync: start } = useStartTimer();
  const { mutateAsync: stop } = useStopTimer();
  // Per task, so two quick clicks on different rows each get their own outcome.
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());

  const track = useCallback(async (id: string, run: () => Promise<void>) => {
    setBusyIds((s) => new Set(s).add(id));
    try {
      await run();
    } finally {
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  }, []);

  const startTimer = useCallback(
    (task: TaskDto) =>
      track(task.id, async () => {
        try {
          const res = await start(task.id);
          notifySuccess(
            "Timer started",
            res.stopped
              ? `Stopped ${res.stopped.task.title}: ${res.stopped.minutes} minutes logged`
              : undefined,
          );
        } catch (error) {
          notifyError(error, { title: "The timer could not start" });
        }
      }),
    [start, track],
  );

  const stopTimer = useCallback(
    (task: TaskDto) =>
      track(task.id, async () => {
        try {
          const res = await stop(task.id);
          notifySuccess(`Timer stopped: ${res.minutes} minutes logged`);
        } catch (error) {
          notifyError(error, { title: "The timer could not stop" });
        }
      }),
    [stop, track],
  );

  return { startTimer, stopTimer, busyIds };
}
