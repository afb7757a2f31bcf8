import type { TaskDto } from "#shared/contracts/tasks.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useDeleteTask } from "../api/delete-task.ts";

/** Asks before deleting; open while `task` is set. */
export function DeleteTaskDialog({ task, onClose }: { task: TaskDto | null; onClose: () => void }) {
  const del = useDeleteTask();
  const confirm = async () => {
    if (!task) return;
    try {
      await del.mutateAsync(task.id);
      notifySuccess("Task deleted");
      onClose();
    } catch (error) {
      notifyError(error, { title: "The task could not be deleted" });
    }
  };
  return (
    <Dialog open={task !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Delete this task?"
        description={
          task ? (
            <>
              <span className="font-medium text-foreground">{task.title}</span> and its tracked time will be
              removed. This cannot be undone.
            </>
          ) : undefined
        }
      >
        <DialogActions>
          <Button variant="danger" onClick={confirm} disabled={del.isPending}>
            {del.isPending ? "Deleting..." : "Delete task"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
