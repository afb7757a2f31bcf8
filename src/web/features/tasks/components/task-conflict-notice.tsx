// What a stale edit shows (issue 23): someone else changed the task after it was opened, so the server
// refused to overwrite their change (409). The notice names who, and lets the person apply their own
// change again on top of the current task, or keep the other person's version.
import { DELETED_USER_NAME } from "#shared/contracts/projects.ts";
import { staleTaskMessage, type TaskConflictBody } from "#shared/contracts/tasks.ts";
import { Button } from "#web/components/ui/button.tsx";

/** Who changed the task, as the notice names them. */
export const conflictAuthor = (conflict: TaskConflictBody) =>
  conflict.changedBy ? conflict.changedBy.name || DELETED_USER_NAME : "Someone";

export function TaskConflictNotice({
  conflict,
  busy,
  onReapply,
  onKeepTheirs,
}: {
  conflict: TaskConflictBody;
  busy?: boolean;
  /** Sends the person's change again against the current version. */
  onReapply: () => void;
  /** Drops the person's change and shows the task as it is now. */
  onKeepTheirs: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
      <p className="font-medium">{staleTaskMessage(conflictAuthor(conflict))}</p>
      <p className="mt-1 text-muted">
        Now: <span className="text-foreground">{conflict.task.title}</span>
        {conflict.task.completed ? " (completed)" : ""}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onReapply} disabled={busy} aria-busy={busy || undefined}>
          Apply my change again
        </Button>
        <Button size="sm" variant="outline" onClick={onKeepTheirs} disabled={busy}>
          Keep their version
        </Button>
      </div>
    </div>
  );
}
