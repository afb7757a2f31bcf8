// The head of a project's view (issue 23): its name and colour, description and due date, and for
// those who may manage it, Settings, Archive (or Restore) and Delete after a confirmation naming how
// many tasks go with it.
import { Archive, ArchiveRestore, CalendarDays, Lock, Settings, Trash } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type ProjectDto, projectDeleteConfirmation } from "#shared/contracts/projects.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { paths } from "#web/config/paths.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useArchiveProject, useDeleteProject, useRestoreProject } from "#web/lib/projects.ts";
import { ProjectFormDialog } from "./project-form-dialog.tsx";
import { ColourDot } from "./sidebar-projects.tsx";

export function formatDueDate(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

export function ProjectHeader({ project, teamName }: { project: ProjectDto; teamName?: string }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const archive = useArchiveProject();
  const restore = useRestoreProject();
  const archived = project.archivedAt !== null;
  // An archived project is read-only, so the table answers manage: false for it; Restore and Delete
  // stay offered and the server decides (a member without the right gets its refusal in a toast).
  const manage = (project.can.manage || archived) && !project.isInbox;

  const toggleArchive = async () => {
    try {
      if (archived) {
        await restore.mutateAsync(project.id);
        notifySuccess("Project restored");
      } else {
        await archive.mutateAsync(project.id);
        notifySuccess("Project archived");
      }
    } catch (error) {
      notifyError(error, {
        title: archived ? "The project could not be restored" : "The project could not be archived",
      });
    }
  };

  return (
    <header className="mb-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <ColourDot colour={project.colour} className="size-3.5" />
            <span className="break-words">{project.name}</span>
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span>
              {project.kind === "team"
                ? `Team project${teamName ? ` · ${teamName}` : ""}`
                : "Personal project"}
            </span>
            {project.kind === "team" && project.restricted && (
              <span className="inline-flex items-center gap-1">
                <Lock className="size-3.5" aria-hidden="true" />
                Restricted to listed members
              </span>
            )}
            {project.dueDate && (
              <span className="inline-flex items-center gap-1">
                <CalendarDays className="size-3.5" aria-hidden="true" />
                Due {formatDueDate(project.dueDate)}
              </span>
            )}
          </p>
          {project.description && (
            <p className="mt-2 max-w-prose whitespace-pre-line text-sm">{project.description}</p>
          )}
        </div>
        {manage && (
          <div className="flex flex-wrap gap-2">
            {!archived && (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Settings aria-hidden="true" />
                Settings
              </Button>
            )}
            <Button
              variant="outline"
              size="sm"
              onClick={toggleArchive}
              disabled={archive.isPending || restore.isPending}
            >
              {archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
              {archived ? "Restore" : "Archive"}
            </Button>
            <Button variant="outline" size="sm" className="text-danger" onClick={() => setDeleting(true)}>
              <Trash aria-hidden="true" />
              Delete
            </Button>
          </div>
        )}
      </div>
      {project.readOnly && (
        <Alert tone="info" className="mt-4">
          {archived
            ? "This project is archived: it is read-only and hidden from your lists. Restore it to change it."
            : "This project is read-only until the team's plan is active again."}
        </Alert>
      )}
      <ProjectFormDialog open={editing} onOpenChange={setEditing} project={project} />
      <DeleteProjectDialog project={deleting ? project : null} onClose={() => setDeleting(false)} />
    </header>
  );
}

/** Asks before deleting a project, naming how many tasks go with it. */
export function DeleteProjectDialog({
  project,
  onClose,
}: {
  project: ProjectDto | null;
  onClose: () => void;
}) {
  const del = useDeleteProject();
  const navigate = useNavigate();
  const confirm = async () => {
    if (!project) return;
    try {
      const result = await del.mutateAsync(project.id);
      notifySuccess(
        `Project deleted with ${result.deletedTasks} ${result.deletedTasks === 1 ? "task" : "tasks"}`,
      );
      onClose();
      navigate(paths.projects);
    } catch (error) {
      notifyError(error, { title: "The project could not be deleted" });
    }
  };
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Delete this project?"
        description={project ? projectDeleteConfirmation(project.name, project.taskCount) : undefined}
      >
        <DialogActions busy={del.isPending}>
          <Button variant="danger" onClick={confirm} disabled={del.isPending}>
            {del.isPending ? "Deleting..." : "Delete project"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
