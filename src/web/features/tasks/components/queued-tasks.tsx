// The tasks captured with no network that this browser keeps for its person (decision 282): shown
// above the list, each marked as waiting, until the connection returns and they are sent.
import { CloudOff } from "lucide-react";
import { useSession } from "#web/lib/session.ts";
import { useQueuedTasks } from "#web/lib/task-outbox.ts";

export const WAITING_TEXT = "Waiting for connection";

/** `projectId`: only the tasks queued for that project (a project's page); none: every one. */
export function QueuedTasks({ projectId }: { projectId?: string }) {
  const session = useSession();
  const queued = useQueuedTasks(session.status === "signed-in" ? session.user.id : null).filter(
    (q) => !projectId || q.body.projectId === projectId,
  );
  if (queued.length === 0) return null;
  return (
    <ul
      aria-label="Tasks not saved yet"
      className="mb-3 overflow-hidden rounded-lg border border-dashed border-warning bg-background"
    >
      {queued.map((q) => (
        <li
          key={q.key}
          className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 last:border-b-0"
        >
          <span className="min-w-0 truncate font-medium">{q.body.title}</span>
          <span className="flex shrink-0 items-center gap-1.5 text-sm text-muted">
            <CloudOff className="size-4" aria-hidden="true" />
            {WAITING_TEXT}
          </span>
        </li>
      ))}
    </ul>
  );
}
