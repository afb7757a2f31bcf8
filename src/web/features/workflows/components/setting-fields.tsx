// The small fields the trigger and action settings share: a select over a fixed list (typed by that
// list, so a change can only be one of its values), the task status and category selects, the
// project and milestone pickers, and the "Also email me" checkbox.
import { TASK_CATEGORIES, TASK_STATUSES, type TaskCategory, type TaskStatus } from "#shared/domain/tasks.ts";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { sortProjects, useMilestones, useProjects } from "#web/lib/projects.ts";
import { oneOf } from "../workflow-draft.ts";

/** Reads a field's error by its path inside the settings ("minutes", "schedule.cron"). */
export type FieldError = (field: string) => string | undefined;

type ChoiceProps<T extends string> = {
  id: string;
  label: string;
  value: T | undefined;
  /** No "Any" choice: the value is always one of the options. */
  required?: boolean;
  error?: string;
  onChange: (value: T | undefined) => void;
};

/** A select over a fixed list, with "Any" first unless a value is required. */
export function ChoiceSelect<T extends string>({
  options,
  show = (o) => o,
  ...p
}: ChoiceProps<T> & { options: readonly T[]; show?: (option: T) => string }) {
  return (
    <FormField id={p.id} label={p.label} error={p.error}>
      <NativeSelect
        {...fieldA11y(p.id, p.error)}
        value={p.value ?? ""}
        onChange={(e) => p.onChange(oneOf(options, e.target.value))}
      >
        {!p.required && <option value="">Any</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {show(o)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

export function StatusSelect(p: ChoiceProps<TaskStatus>) {
  return <ChoiceSelect {...p} options={TASK_STATUSES} show={(s) => s.replace("_", " ")} />;
}

export function CategorySelect(p: ChoiceProps<TaskCategory>) {
  return <ChoiceSelect {...p} options={TASK_CATEGORIES} />;
}

export function EmailCheckbox({
  id,
  n,
  checked,
  onChange,
}: {
  id: string;
  n: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 self-end text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-4"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        Also email me <span className="sr-only">(action {n})</span>
      </span>
    </label>
  );
}

type PickerProps = {
  id: string;
  label: string;
  value: string | undefined;
  error?: string;
  onChange: (value: string | undefined) => void;
};

/**
 * The person's projects (active ones; a team's read-only ones are left out when `writable`, the
 * Inbox when `hideInbox`, e.g. because `none` already means it), with `none` as the first choice
 * (e.g. "Any project (my own changes)"); without `none` a project must be chosen.
 */
export function ProjectSelect({
  none,
  writable,
  hideInbox,
  ...p
}: PickerProps & { none?: string; writable?: boolean; hideInbox?: boolean }) {
  const projects = useProjects();
  const options = sortProjects(projects.data ?? []).filter(
    (x) => (!writable || x.can.editTasks) && !(hideInbox && x.isInbox),
  );
  const hint = projects.isPending
    ? "Loading projects…"
    : projects.isError
      ? "Projects could not be loaded."
      : options.length === 0
        ? "No projects yet."
        : undefined;
  return (
    <FormField id={p.id} label={p.label} error={p.error} hint={hint}>
      <NativeSelect
        {...fieldA11y(p.id, p.error, hint)}
        value={p.value ?? ""}
        aria-busy={projects.isPending}
        onChange={(e) => p.onChange(e.target.value || undefined)}
      >
        <option value="">{none ?? "Choose a project"}</option>
        {/* A project chosen before that is no longer listed stays shown, so the choice is visible. */}
        {p.value && !options.some((x) => x.id === p.value) && (
          <option value={p.value}>Unavailable project</option>
        )}
        {options.map((x) => (
          <option key={x.id} value={x.id}>
            {x.kind === "team" ? `${x.name} (team)` : x.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** The milestones of `projectId`, with their progress ("Beta: 3 of 8"). */
export function MilestoneSelect({ projectId, ...p }: PickerProps & { projectId: string | undefined }) {
  const milestones = useMilestones(projectId ?? null);
  const options = milestones.data ?? [];
  const hint = !projectId
    ? "Choose a project first."
    : milestones.isPending
      ? "Loading milestones…"
      : milestones.isError
        ? "Milestones could not be loaded."
        : options.length === 0
          ? "This project has no milestones yet."
          : undefined;
  return (
    <FormField id={p.id} label={p.label} error={p.error} hint={hint}>
      <NativeSelect
        {...fieldA11y(p.id, p.error, hint)}
        value={p.value ?? ""}
        disabled={!projectId}
        aria-busy={Boolean(projectId) && milestones.isPending}
        onChange={(e) => p.onChange(e.target.value || undefined)}
      >
        <option value="">Choose a milestone</option>
        {options.map((m) => (
          <option key={m.id} value={m.id}>
            {`${m.name}: ${m.progress}`}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
