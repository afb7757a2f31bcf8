import { formatMinutes } from "#shared/domain/tasks.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useTimeLogs } from "../api/get-time-logs.ts";

const SHOWN = 5;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** The task's latest timer sessions, newest first. */
export function TimeLogList({ taskId }: { taskId: string }) {
  const logs = useTimeLogs(taskId);
  // A failed first load goes to the boundary around the list (throwWhenEmpty).
  if (!logs.data) return <Spinner className="mt-3 justify-start" label="Loading time log..." />;
  if (logs.data.length === 0) {
    return <p className="mt-2 text-sm text-muted">No time tracked yet. Start the timer from the list.</p>;
  }
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm">
      {logs.data.slice(0, SHOWN).map((log) => (
        <li key={log.id} className="flex justify-between gap-3">
          <span className="text-muted">{when(log.startTime)}</span>
          <span className="tabular-nums">
            {log.endTime === null ? "Running" : formatMinutes(log.durationMinutes ?? 0)}
          </span>
        </li>
      ))}
      {logs.data.length > SHOWN && (
        <li className="text-xs text-muted">and {logs.data.length - SHOWN} earlier sessions</li>
      )}
    </ul>
  );
}
