// A project's milestones (issue 23): each with its due date and progress ("3 of 8" of its tasks
// completed); those who manage the project add, rename, re-date and remove them.
import { Flag, Pencil, Plus, Trash } from "lucide-react";
import { useId, useState } from "react";
import { MILESTONE_NAME_MAX, type MilestoneDto, type ProjectDto } from "#shared/contracts/projects.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import {
  useCreateMilestone,
  useDeleteMilestone,
  useMilestones,
  useUpdateMilestone,
} from "#web/lib/projects.ts";
import { formatDueDate } from "./project-header.tsx";

export function MilestonesPanel({ project }: { project: ProjectDto }) {
  const headingId = useId();
  const milestones = useMilestones(project.id);
  const remove = useDeleteMilestone();
  const [editing, setEditing] = useState<{ open: boolean; milestone: MilestoneDto | null }>({
    open: false,
    milestone: null,
  });
  const canManage = project.can.manage && !project.readOnly;
  const list = milestones.data ?? [];

  return (
    <section aria-labelledby={headingId} className="mb-8 rounded-lg border border-border bg-background p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Milestones
        </h2>
        {canManage && (
          <Button size="sm" variant="outline" onClick={() => setEditing({ open: true, milestone: null })}>
            <Plus aria-hidden="true" />
            Add milestone
          </Button>
        )}
      </div>
      {milestones.isPending ? (
        <p className="text-sm text-muted">Loading milestones...</p>
      ) : milestones.isError ? (
        <p className="text-sm text-danger">
          The milestones could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void milestones.refetch()}>
            Retry
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">
          No milestones yet.{canManage ? " Add one to group tasks toward a date." : ""}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {list.map((m) => {
            const share = m.taskCount === 0 ? 0 : Math.round((m.completedCount / m.taskCount) * 100);
            return (
              <li key={m.id} className="flex flex-wrap items-center gap-3 py-2.5">
                <Flag className="size-4 shrink-0 text-muted" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{m.name}</p>
                  {m.dueDate && <p className="text-xs text-muted">Due {formatDueDate(m.dueDate)}</p>}
                </div>
                <div className="flex items-center gap-2">
                  <div
                    role="progressbar"
                    aria-label={`${m.name} progress`}
                    aria-valuemin={0}
                    aria-valuemax={m.taskCount}
                    aria-valuenow={m.completedCount}
                    aria-valuetext={`${m.progress} tasks completed`}
                    className="h-2 w-24 overflow-hidden rounded-full bg-surface-2"
                  >
                    <div className="h-full bg-accent" style={{ width: `${share}%` }} />
                  </div>
                  <span className="text-sm tabular-nums">{m.progress}</span>
                </div>
                {canManage && (
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-11 sm:size-9"
                      aria-label={`Edit milestone ${m.name}`}
                      onClick={() => setEditing({ open: true, milestone: m })}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-11 text-muted hover:text-danger sm:size-9"
                      aria-label={`Remove milestone ${m.name}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(m.id, {
                          onSuccess: () => notifySuccess("Milestone removed; its tasks stay in the project"),
                          onError: (e) => notifyError(e, { title: "The milestone could not be removed" }),
                        })
                      }
                    >
                      <Trash aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={editing.open} onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}>
        <DialogContent title={editing.milestone ? "Edit milestone" : "Add milestone"}>
          <MilestoneForm
            key={editing.milestone?.id ?? "new"}
            projectId={project.id}
            milestone={editing.milestone}
            onDone={() => setEditing({ open: false, milestone: null })}
          />
        </DialogContent>
      </Dialog>
    </section>
  );
}

function MilestoneForm({
  projectId,
  milestone,
  onDone,
}: {
  projectId: string;
  milestone: MilestoneDto | null;
  onDone: () => void;
}) {
  const ids = useId();
  const create = useCreateMilestone();
  const update = useUpdateMilestone();
  const [name, setName] = useState(milestone?.name ?? "");
  const [dueDate, setDueDate] = useState(milestone?.dueDate ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = create.isPending || update.isPending;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: "Name is required" });
      return;
    }
    const body = { name: name.trim(), dueDate: dueDate || null };
    try {
      if (milestone) await update.mutateAsync({ id: milestone.id, body });
      else await create.mutateAsync({ projectId, body });
      notifySuccess(milestone ? "Milestone saved" : "Milestone added");
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyError(error, { title: "The milestone could not be saved" });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id={`${ids}-name`} label="Name" error={errors.name}>
        <Input
          {...fieldA11y(`${ids}-name`, errors.name)}
          autoFocus
          autoComplete="off"
          maxLength={MILESTONE_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField
        id={`${ids}-due`}
        label="Due date"
        labelAside={<span className="text-xs text-muted">Optional</span>}
        error={errors.dueDate}
      >
        <Input
          {...fieldA11y(`${ids}-due`, errors.dueDate)}
          type="date"
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
        />
      </FormField>
      <DialogActions busy={busy}>
        <Button type="submit" disabled={busy || !name.trim()}>
          {busy ? "Saving..." : milestone ? "Save" : "Add milestone"}
        </Button>
      </DialogActions>
    </form>
  );
}
