// Completing a task that still has open subtasks asks first (decision 231): completing it completes
// them all, on the server, in the same step.
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { openSubtaskCount } from "#shared/domain/subtasks.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";

/** Open while `task` is set; `onAnswer(true)` completes the task and its subtasks, false leaves both. */
export function CompleteWithSubtasksDialog({
  task,
  onAnswer,
}: {
  task: TaskDto | null;
  onAnswer: (complete: boolean) => void;
}) {
  const open = task ? openSubtaskCount(task) : 0;
  return (
    <Dialog open={task !== null} onOpenChange={(isOpen) => !isOpen && onAnswer(false)}>
      <DialogContent
        title="Complete its subtasks too?"
        description={
          task ? (
            <>
              <span className="font-medium text-foreground">{task.title}</span> has {open} open{" "}
              {open === 1 ? "subtask" : "subtasks"}. Completing the task completes{" "}
              {open === 1 ? "it" : "them all"}.
            </>
          ) : undefined
        }
      >
        <DialogActions>
          <Button onClick={() => onAnswer(true)}>Complete all</Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
