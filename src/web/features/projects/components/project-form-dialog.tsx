// The new-project and project-settings form (issue 23): name, colour, description, optional due date,
// and for a new project whether it is the person's own or shared with their team; a team project is
// open to the whole team or restricted to listed members.
import { useId, useState } from "react";
import {
  DEFAULT_PROJECT_COLOUR,
  PROJECT_COLOURS,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  type ProjectDto,
} from "#shared/contracts/projects.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useCreateProject, useUpdateProject } from "#web/lib/projects.ts";

/** A team the person may create shared projects in. */
export type ProjectTeamChoice = { id: string; name: string };

const COLOUR_NAMES: Record<string, string> = {
  "#6366f1": "Indigo",
  "#0ea5e9": "Sky",
  "#10b981": "Green",
  "#f59e0b": "Amber",
  "#ef4444": "Red",
  "#ec4899": "Pink",
  "#8b5cf6": "Violet",
  "#64748b": "Slate",
};

/** Opens as "New project" without a project, or as "Project settings" with one. */
export function ProjectFormDialog({
  open,
  onOpenChange,
  project,
  teams = [],
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project?: ProjectDto | null;
  /** Teams the person may share a new project with (none: only personal projects). */
  teams?: readonly ProjectTeamChoice[];
  onCreated?: (project: ProjectDto) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={project ? "Project settings" : "New project"}>
        <ProjectForm
          key={project?.id ?? "new"}
          project={project ?? null}
          teams={teams}
          onDone={(saved) => {
            onOpenChange(false);
            if (!project) onCreated?.(saved);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ProjectForm({
  project,
  teams,
  onDone,
}: {
  project: ProjectDto | null;
  teams: readonly ProjectTeamChoice[];
  onDone: (project: ProjectDto) => void;
}) {
  const ids = useId();
  const create = useCreateProject();
  const update = useUpdateProject();
  const [name, setName] = useState(project?.name ?? "");
  const [colour, setColour] = useState(project?.colour ?? DEFAULT_PROJECT_COLOUR);
  const [description, setDescription] = useState(project?.description ?? "");
  const [dueDate, setDueDate] = useState(project?.dueDate ?? "");
  const [owner, setOwner] = useState<string>(project?.teamId ?? "personal");
  const [restricted, setRestricted] = useState(project?.restricted ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = create.isPending || update.isPending;
  const isTeam = project ? project.kind === "team" : owner !== "personal";
  const colours: readonly string[] = PROJECT_COLOURS.includes(colour as (typeof PROJECT_COLOURS)[number])
    ? PROJECT_COLOURS
    : [...PROJECT_COLOURS, colour];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ name: "Name is required" });
      return;
    }
    setErrors({});
    const common = {
      name: trimmed,
      colour,
      description: description.trim() ? description : null,
      dueDate: dueDate || null,
    };
    try {
      if (project) {
        const saved = await update.mutateAsync({
          id: project.id,
          body: { ...common, ...(project.kind === "team" ? { restricted } : {}) },
        });
        notifySuccess("Project saved");
        onDone(saved);
      } else {
        const saved = await create.mutateAsync({
          ...common,
          teamId: owner === "personal" ? null : owner,
          restricted: owner === "personal" ? false : restricted,
        });
        notifySuccess("Project created");
        onDone(saved);
      }
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else
        notifyError(error, {
          title: project ? "The project could not be saved" : "The project could not be created",
        });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <FormField id={`${ids}-name`} label="Name" error={errors.name}>
        <Input
          {...fieldA11y(`${ids}-name`, errors.name)}
          autoFocus
          autoComplete="off"
          maxLength={PROJECT_NAME_MAX}
          aria-required="true"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">Colour</legend>
        <div className="flex flex-wrap gap-2">
          {colours.map((c) => (
            <label
              key={c}
              className={cn(
                "grid size-11 cursor-pointer place-items-center rounded-full border-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                colour === c ? "border-foreground" : "border-transparent",
              )}
            >
              <input
                type="radio"
                name={`${ids}-colour`}
                value={c}
                checked={colour === c}
                onChange={() => setColour(c)}
                className="sr-only"
              />
              <span className="size-7 rounded-full" style={{ backgroundColor: c }} aria-hidden="true" />
              <span className="sr-only">{COLOUR_NAMES[c] ?? c}</span>
            </label>
          ))}
        </div>
        {errors.colour && (
          <p role="alert" className="text-sm text-danger">
            {errors.colour}
          </p>
        )}
      </fieldset>

      <FormField
        id={`${ids}-description`}
        label="Description"
        labelAside={<span className="text-xs text-muted">Optional</span>}
        error={errors.description}
      >
        <Textarea
          {...fieldA11y(`${ids}-description`, errors.description)}
          rows={3}
          maxLength={PROJECT_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
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

      {!project && teams.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">Who it belongs to</legend>
          <RadioRow
            name={`${ids}-owner`}
            value="personal"
            checked={owner === "personal"}
            onChange={setOwner}
            label="Personal"
            hint="Only you see it."
          />
          {teams.map((t) => (
            <RadioRow
              key={t.id}
              name={`${ids}-owner`}
              value={t.id}
              checked={owner === t.id}
              onChange={setOwner}
              label={`Team: ${t.name}`}
              hint="Shared with your team."
            />
          ))}
        </fieldset>
      )}

      {isTeam && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">Access</legend>
          <RadioRow
            name={`${ids}-access`}
            value="open"
            checked={!restricted}
            onChange={() => setRestricted(false)}
            label="Open to the whole team"
          />
          <RadioRow
            name={`${ids}-access`}
            value="restricted"
            checked={restricted}
            onChange={() => setRestricted(true)}
            label="Restricted to listed members"
            hint="Owners and admins always see it."
          />
        </fieldset>
      )}

      <DialogActions busy={busy}>
        <Button type="submit" disabled={busy || name.trim() === ""} aria-busy={busy || undefined}>
          {project ? (busy ? "Saving..." : "Save") : busy ? "Creating..." : "Create project"}
        </Button>
      </DialogActions>
    </form>
  );
}

function RadioRow({
  name,
  value,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  label: string;
  hint?: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-accent">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="mt-0.5 size-4 accent-accent"
      />
      <span className="flex flex-col">
        <span className="text-sm font-medium">{label}</span>
        {hint && <span className="text-xs text-muted">{hint}</span>}
      </span>
    </label>
  );
}
