// The new-task and edit-task form (spec sections 2 and 5): title (required), estimated minutes on a
// 5 to 480 slider with quick picks, category, priority, and optional description and deadline. When
// the server refuses a new task for the plan (the free plan's 50 tasks), the form says so and offers
// the upgrade right there, through `onUpgrade` from the route (features do not import each other).
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import type { PurchasablePlan } from "#shared/contracts/billing.ts";
import { INBOX_NAME } from "#shared/contracts/projects.ts";
import {
  estimatedMinutesField,
  type TaskConflictBody,
  type TaskDto,
  type TaskUpdateBody,
  titleField,
} from "#shared/contracts/tasks.ts";
import { formToRecurrence, type RepeatForm, recurrenceToForm } from "#shared/domain/recurrence-presets.ts";
import {
  DEFAULT_TASK_CATEGORY,
  DEFAULT_TASK_PRIORITY,
  DESCRIPTION_MAX,
  ESTIMATE_MINUTES,
  ESTIMATE_QUICK_PICKS,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
} from "#shared/domain/tasks.ts";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { Slider } from "#web/components/ui/slider.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { QUEUED_MESSAGE, useCreateTask } from "#web/lib/create-task.ts";
import { notifyError, notifyInfo, notifySuccess } from "#web/lib/notify.ts";
import { sortProjects, useMilestones, useProjectMembers, useProjects } from "#web/lib/projects.ts";
import { taskConflictOf, useUpdateTask } from "../api/update-task.ts";
import { fromDateTimeLocalValue, toDateTimeLocalValue } from "../lib/deadline.ts";
import { creatorLabel, estimateLabel, PRIORITY_LABELS } from "../lib/task-labels.ts";
import { ReminderList } from "./reminder-list.tsx";
import { browserTimeZone, RepeatField, repeatIssue } from "./repeat-field.tsx";
import { SubtaskList } from "./subtask-list.tsx";
import { TaskConflictNotice } from "./task-conflict-notice.tsx";
import { TimeLogList } from "./time-log-list.tsx";

const schema = z.object({
  title: titleField,
  estimatedMinutes: estimatedMinutesField,
  category: z.enum(TASK_CATEGORIES),
  priority: z.enum(TASK_PRIORITIES),
  description: z.string().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  deadline: z
    .string()
    .refine(
      (v) => v === "" || fromDateTimeLocalValue(v) !== null,
      "Enter a date and time, or leave it empty",
    ),
  /** "": the Inbox. */
  projectId: z.string(),
  milestoneId: z.string(),
  assigneeId: z.string(),
});
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;
const FIELDS = Object.keys(schema.shape) as (keyof FormInput)[];

/** Opens the upgrade dialog on a plan; supplied by the route that composes tasks with upgrade. */
export type OnUpgrade = (plan: PurchasablePlan) => void;

/** What the route shows under an existing task's form (its comments and history). */
export type TaskDetails = (task: TaskDto) => ReactNode;

/** Opens as "New Task" without a task, or as "Edit Task" prefilled with one. */
export function TaskFormDialog({
  open,
  onOpenChange,
  task,
  onUpgrade,
  details,
  projectId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task?: TaskDto | null;
  onUpgrade?: OnUpgrade;
  details?: TaskDetails;
  /** The project a new task goes to unless the person picks another (the project view's). */
  projectId?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={task ? "Edit Task" : "New Task"}
        description={task ? undefined : "Plan it now; track time on it later."}
      >
        {/* Mounted on open, so each opening starts from the task (or the defaults) again. */}
        <TaskForm
          key={task?.id ?? "new"}
          task={task ?? null}
          projectId={projectId}
          onDone={() => onOpenChange(false)}
          onUpgrade={onUpgrade}
        />
        {task && details?.(task)}
      </DialogContent>
    </Dialog>
  );
}

function defaultsFor(task: TaskDto | null, projectId: string | undefined): FormInput {
  return {
    projectId: task?.projectId ?? projectId ?? "",
    milestoneId: task?.milestoneId ?? "",
    assigneeId: task?.assigneeId ?? "",
    title: task?.title ?? "",
    estimatedMinutes: task?.estimatedMinutes ?? ESTIMATE_MINUTES.default,
    category: task?.category ?? DEFAULT_TASK_CATEGORY,
    priority: task?.priority ?? DEFAULT_TASK_PRIORITY,
    description: task?.description ?? "",
    deadline: toDateTimeLocalValue(task?.deadline ?? null),
  };
}

/** The server's refusal of a new task for the plan: its message and the plan that lifts it. */
type PlanRefusal = { message: string; plan: PurchasablePlan };

function planRefusal(error: unknown): PlanRefusal | null {
  if (!(error instanceof ApiError) || error.code !== "PLAN_REQUIRED") return null;
  return { message: error.message, plan: error.requiredPlan === "team" ? "team" : "pro" };
}

function TaskForm({
  task,
  projectId: initialProject,
  onDone,
  onUpgrade,
}: {
  task: TaskDto | null;
  projectId?: string;
  onDone: () => void;
  onUpgrade?: OnUpgrade;
}) {
  const create = useCreateTask();
  const [refusal, setRefusal] = useState<PlanRefusal | null>(null);
  const [conflict, setConflict] = useState<{ conflict: TaskConflictBody; body: TaskUpdateBody } | null>(null);
  // The version the next save is written against: the task's, or the newer one a 409 brought.
  const [version, setVersion] = useState(task?.version);
  const update = useUpdateTask();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: defaultsFor(task, initialProject),
  });
  const projects = useProjects();
  const chosenProjectId = useWatch({ control: form.control, name: "projectId" });
  const inbox = projects.data?.find((p) => p.isInbox);
  const chosenProject = projects.data?.find((p) => p.id === chosenProjectId) ?? null;
  // The project the task is in now (not the one picked in the form): what the person may do with it.
  const taskProject = task ? projects.data?.find((p) => p.id === task.projectId) : undefined;
  const milestones = useMilestones(chosenProject && !chosenProject.isInbox ? chosenProject.id : null);
  const members = useProjectMembers(chosenProject);
  const creator =
    task && chosenProject?.id === task.projectId ? creatorLabel(task.createdBy, members.data?.members) : null;
  const choosable = sortProjects(projects.data ?? []).filter(
    (p) => !p.isInbox && (p.can.editTasks || p.id === chosenProjectId),
  );
  const { errors, isSubmitting } = form.formState;
  const title = useWatch({ control: form.control, name: "title" });
  const deadline = useWatch({ control: form.control, name: "deadline" });
  const titleEmpty = title.trim() === "";
  // Repeat (decision 237): the series starts at the deadline (today at 17:00 without one), in the
  // series' zone or the browser's.
  const [repeat, setRepeat] = useState<RepeatForm | null>(
    task?.recurrence ? recurrenceToForm(task.recurrence) : null,
  );
  const [repeatError, setRepeatError] = useState<string | undefined>();
  const [scope, setScope] = useState<"occurrence" | "series">("series");
  const repeatZone = task?.recurrence?.timeZone ?? browserTimeZone();
  const repeatStart = deadline || `${toDateTimeLocalValue(new Date().toISOString()).slice(0, 10)}T17:00`;
  const recurrenceBody = () => {
    if (!repeat) return null;
    const r = formToRecurrence(repeat, repeatStart, repeatZone);
    return { rrule: r.rrule, start: r.start, timeZone: r.timeZone, afterCompletion: r.afterCompletion };
  };
  /** What an edit sends about the series: a changed rule, null to stop repeating, or nothing. */
  const seriesChange = () => {
    if (!task) return {};
    if (task.recurrence && scope === "occurrence") return { scope };
    const next = recurrenceBody();
    if (!next) return task.recurrence ? { recurrence: null } : {};
    const was = task.recurrence;
    const same = was && was.rrule === next.rrule && was.afterCompletion === next.afterCompletion;
    return same ? {} : { recurrence: next };
  };

  const save = async (body: TaskUpdateBody, against: number | undefined) => {
    if (!task) return;
    try {
      await update.mutateAsync({ id: task.id, body: { ...body, ...(against ? { version: against } : {}) } });
      notifySuccess("Task updated");
      onDone();
    } catch (error) {
      const stale = taskConflictOf(error);
      if (stale) {
        setConflict({ conflict: stale, body });
        setVersion(stale.task.version);
        return;
      }
      throw error;
    }
  };

  const onSubmit = form.handleSubmit(async (v) => {
    const isInbox = v.projectId === "" || v.projectId === inbox?.id;
    const teamProject = chosenProject?.kind === "team";
    const placement = {
      ...(isInbox ? {} : { projectId: v.projectId }),
      ...(v.milestoneId ? { milestoneId: v.milestoneId } : {}),
      ...(teamProject && v.assigneeId ? { assigneeId: v.assigneeId } : {}),
    };
    const body = {
      title: v.title,
      estimatedMinutes: v.estimatedMinutes,
      category: v.category,
      priority: v.priority,
      description: v.description.trim() ? v.description : null,
      deadline: fromDateTimeLocalValue(v.deadline),
    };
    setRefusal(null);
    setConflict(null);
    setRepeatError(undefined);
    const repeatProblem = repeat ? repeatIssue(repeat, repeatStart, repeatZone) : null;
    if (repeatProblem) {
      setRepeatError(repeatProblem);
      return;
    }
    try {
      if (task) {
        const moved = (v.projectId || inbox?.id || null) !== task.projectId;
        await save(
          {
            ...body,
            ...(moved && (v.projectId || inbox) ? { projectId: v.projectId || inbox!.id } : {}),
            ...(v.milestoneId !== (task.milestoneId ?? "") ? { milestoneId: v.milestoneId || null } : {}),
            ...(v.assigneeId !== (task.assigneeId ?? "") ? { assigneeId: v.assigneeId || null } : {}),
            ...seriesChange(),
          },
          version,
        );
      } else {
        const recurrence = recurrenceBody();
        const outcome = await create.mutateAsync({
          ...body,
          ...placement,
          ...(recurrence ? { recurrence } : {}),
        });
        if (outcome.queued) notifyInfo("Task kept for later", QUEUED_MESSAGE);
        else notifySuccess("Task added");
        onDone();
      }
    } catch (error) {
      // The plan's limit: said in the form, next to the way past it; what was typed stays.
      const refused = task ? null : planRefusal(error);
      if (refused && onUpgrade) {
        setRefusal(refused);
        return;
      }
      // The server's message goes next to its field when it names one; otherwise into a toast.
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      if (fields.recurrence) {
        setRepeatError(fields.recurrence);
        return;
      }
      const known = FIELDS.filter((f) => fields[f]);
      for (const [i, f] of known.entries()) {
        form.setError(f, { type: "server", message: fields[f] }, { shouldFocus: i === 0 });
      }
      if (known.length === 0) {
        notifyError(error, { title: task ? "The task could not be saved" : "The task could not be added" });
      }
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormField id="task-title" label="Title" error={errors.title?.message}>
          <Input
            {...fieldA11y("task-title", errors.title?.message)}
            autoFocus
            autoComplete="off"
            placeholder="What needs doing?"
            aria-required="true"
            {...form.register("title")}
          />
        </FormField>

        <Controller
          control={form.control}
          name="estimatedMinutes"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-2">
              <div className="flex items-center justify-between gap-2">
                <span id="task-estimate-label" className="text-sm font-medium">
                  Estimated minutes
                </span>
                <output
                  htmlFor="task-estimate"
                  aria-hidden="true"
                  className="text-sm font-medium tabular-nums text-accent"
                >
                  {estimateLabel(field.value)}
                </output>
              </div>
              <Slider
                id="task-estimate"
                label="Estimated minutes"
                value={field.value}
                onValueChange={field.onChange}
                min={ESTIMATE_MINUTES.min}
                max={ESTIMATE_MINUTES.max}
                step={ESTIMATE_MINUTES.step}
                valueText={estimateLabel(field.value)}
              />
              <fieldset className="flex flex-wrap gap-2">
                <legend className="sr-only">Quick picks for estimated minutes</legend>
                {ESTIMATE_QUICK_PICKS.map((pick) => {
                  const selected = field.value === pick.minutes;
                  return (
                    <Button
                      key={pick.label}
                      variant={selected ? "primary" : "outline"}
                      size="sm"
                      aria-pressed={selected}
                      className="h-11 min-w-14 sm:h-8"
                      onClick={() => field.onChange(pick.minutes)}
                    >
                      {pick.label}
                    </Button>
                  );
                })}
              </fieldset>
              {fieldState.error && (
                <p role="alert" className="text-sm text-danger">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="task-category" label="Category" error={errors.category?.message}>
            <NativeSelect
              {...fieldA11y("task-category", errors.category?.message)}
              {...form.register("category")}
            >
              {TASK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="task-priority" label="Priority" error={errors.priority?.message}>
            <NativeSelect
              {...fieldA11y("task-priority", errors.priority?.message)}
              {...form.register("priority")}
            >
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="task-project" label="Project" error={errors.projectId?.message}>
            <NativeSelect
              {...fieldA11y("task-project", errors.projectId?.message)}
              {...form.register("projectId", {
                onChange: () => {
                  form.setValue("milestoneId", "");
                  form.setValue("assigneeId", "");
                },
              })}
            >
              <option value={inbox?.id ?? ""}>{inbox?.name ?? INBOX_NAME}</option>
              {choosable.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.kind === "team" ? " (team)" : ""}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {chosenProject && !chosenProject.isInbox && (
            <FormField id="task-milestone" label="Milestone" error={errors.milestoneId?.message}>
              <NativeSelect
                {...fieldA11y("task-milestone", errors.milestoneId?.message)}
                {...form.register("milestoneId")}
              >
                <option value="">No milestone</option>
                {(milestones.data ?? []).map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          {chosenProject?.kind === "team" && (
            <FormField id="task-assignee" label="Assignee" error={errors.assigneeId?.message}>
              <NativeSelect
                {...fieldA11y("task-assignee", errors.assigneeId?.message)}
                {...form.register("assigneeId")}
              >
                <option value="">Unassigned</option>
                {(members.data?.members ?? []).map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          {task && taskProject?.kind === "team" && creator && (
            <p className="text-sm text-muted sm:col-span-2">{creator}</p>
          )}
        </div>

        <FormField
          id="task-description"
          label="Description"
          labelAside={<span className="text-xs text-muted">Optional</span>}
          error={errors.description?.message}
        >
          <Textarea
            {...fieldA11y("task-description", errors.description?.message)}
            rows={3}
            {...form.register("description")}
          />
        </FormField>

        <FormField
          id="task-deadline"
          label="Deadline"
          labelAside={
            deadline ? (
              <Button
                variant="link"
                size="sm"
                className="h-auto text-xs"
                onClick={() => form.setValue("deadline", "", { shouldDirty: true, shouldValidate: true })}
              >
                Clear deadline
              </Button>
            ) : (
              <span className="text-xs text-muted">Optional</span>
            )
          }
          error={errors.deadline?.message}
        >
          <Input
            {...fieldA11y("task-deadline", errors.deadline?.message)}
            type="datetime-local"
            {...form.register("deadline")}
          />
        </FormField>

        <RepeatField
          value={repeat}
          onChange={(v) => {
            setRepeat(v);
            setRepeatError(undefined);
          }}
          start={repeatStart}
          timeZone={repeatZone}
          error={repeatError}
        />

        {task?.recurrence && (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium">Apply these changes to</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              <label className="inline-flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                <input
                  type="radio"
                  name="task-scope"
                  className="accent-accent"
                  checked={scope === "occurrence"}
                  onChange={() => setScope("occurrence")}
                />
                This occurrence only
              </label>
              <label className="inline-flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                <input
                  type="radio"
                  name="task-scope"
                  className="accent-accent"
                  checked={scope === "series"}
                  onChange={() => setScope("series")}
                />
                The whole series
              </label>
            </div>
            <p className="text-xs text-muted">
              A new deadline always moves this occurrence only; the repeat rule and the title of the whole
              series change with “The whole series”.
            </p>
          </fieldset>
        )}

        {conflict && (
          <TaskConflictNotice
            conflict={conflict.conflict}
            busy={update.isPending}
            onReapply={() => {
              const { body } = conflict;
              setConflict(null);
              void save(body, conflict.conflict.task.version).catch((error) =>
                notifyError(error, { title: "The task could not be saved" }),
              );
            }}
            onKeepTheirs={() => {
              form.reset(defaultsFor(conflict.conflict.task, undefined));
              setConflict(null);
            }}
          />
        )}

        {refusal && onUpgrade && (
          <Alert tone="error">
            <p>{refusal.message}</p>
            <Button size="sm" className="mt-2" onClick={() => onUpgrade(refusal.plan)}>
              Upgrade to {refusal.plan === "team" ? "Team" : "Pro"}
            </Button>
          </Alert>
        )}

        <DialogActions>
          <Button type="submit" disabled={titleEmpty || isSubmitting} aria-busy={isSubmitting || undefined}>
            {task ? (isSubmitting ? "Saving..." : "Save") : isSubmitting ? "Adding..." : "Add Task"}
          </Button>
        </DialogActions>
      </form>
      {task && (
        <section aria-labelledby="task-subtasks-heading" className="mt-6 border-t border-border pt-4">
          <h3 id="task-subtasks-heading" className="text-sm font-semibold">
            Subtasks
          </h3>
          <p className="text-xs text-muted">Each change to a subtask is saved at once.</p>
          <SectionBoundary what="The subtasks" className="mt-2 p-2">
            <SubtaskList
              taskId={task.id}
              readOnly={taskProject ? !taskProject.can.editTasks : false}
              // A version one past the form's is this screen's own subtask write: adopt it. A larger
              // jump means someone else changed the task too, and saving must still answer 409.
              onTaskChange={(t) =>
                setVersion((v) => (v !== undefined && t.version === v + 1 ? t.version : v))
              }
            />
          </SectionBoundary>
        </section>
      )}
      {task && (
        <section aria-labelledby="task-reminders-heading" className="mt-6 border-t border-border pt-4">
          <h3 id="task-reminders-heading" className="text-sm font-semibold">
            Reminders
          </h3>
          <p className="text-xs text-muted">
            Yours alone: in Kairo, as a desktop notification, and by email if your settings allow.
          </p>
          <SectionBoundary what="The reminders" className="mt-2 p-2">
            <ReminderList taskId={task.id} hasDeadline={task.deadline !== null} />
          </SectionBoundary>
        </section>
      )}
      {task && (
        <section aria-labelledby="task-time-log-heading" className={cn("mt-6 border-t border-border pt-4")}>
          <h3 id="task-time-log-heading" className="text-sm font-semibold">
            Time log
          </h3>
          <SectionBoundary what="The time log" className="mt-2 p-2">
            <TimeLogList taskId={task.id} />
          </SectionBoundary>
        </section>
      )}
    </>
  );
}
