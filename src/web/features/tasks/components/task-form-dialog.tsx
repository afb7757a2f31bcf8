// The new-task and edit-task form (spec sections 2 and 5): title (required), estimated minutes on a
// 5 to 480 slider with quick picks, category, priority, and optional description and deadline. When
// the server refuses a new task for the plan (the free plan's 50 tasks), the form says so and offers
// the upgrade right there, through `onUpgrade` from the route (features do not import each other).
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import type { PurchasablePlan } from "#shared/contracts/billing.ts";
import { estimatedMinutesField, type TaskDto, titleField } from "#shared/contracts/tasks.ts";
import {
  DEFAULT_TASK_CATEGORY,
  DEFAULT_TASK_PRIORITY,
  DESCRIPTION_MAX,
  ESTIMATE_MINUTES,
  ESTIMATE_QUICK_PICKS,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
} from "#shared/domain/tasks.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormField, fieldA11y } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Slider } from "../../../components/ui/slider.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useCreateTask } from "../../../lib/create-task.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useUpdateTask } from "../api/update-task.ts";
import { fromDateTimeLocalValue, toDateTimeLocalValue } from "../lib/deadline.ts";
import { estimateLabel, PRIORITY_LABELS } from "../lib/task-labels.ts";
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
});
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;
const FIELDS = Object.keys(schema.shape) as (keyof FormInput)[];

/** Opens the upgrade dialog on a plan; supplied by the route that composes tasks with upgrade. */
export type OnUpgrade = (plan: PurchasablePlan) => void;

/** Opens as "New Task" without a task, or as "Edit Task" prefilled with one. */
export function TaskFormDialog({
  open,
  onOpenChange,
  task,
  onUpgrade,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task?: TaskDto | null;
  onUpgrade?: OnUpgrade;
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
          onDone={() => onOpenChange(false)}
          onUpgrade={onUpgrade}
        />
      </DialogContent>
    </Dialog>
  );
}

function defaultsFor(task: TaskDto | null): FormInput {
  return {
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
  onDone,
  onUpgrade,
}: {
  task: TaskDto | null;
  onDone: () => void;
  onUpgrade?: OnUpgrade;
}) {
  const create = useCreateTask();
  const [refusal, setRefusal] = useState<PlanRefusal | null>(null);
  const update = useUpdateTask();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: defaultsFor(task),
  });
  const { errors, isSubmitting } = form.formState;
  const title = useWatch({ control: form.control, name: "title" });
  const deadline = useWatch({ control: form.control, name: "deadline" });
  const titleEmpty = title.trim() === "";

  const onSubmit = form.handleSubmit(async (v) => {
    const body = {
      title: v.title,
      estimatedMinutes: v.estimatedMinutes,
      category: v.category,
      priority: v.priority,
      description: v.description.trim() ? v.description : null,
      deadline: fromDateTimeLocalValue(v.deadline),
    };
    setRefusal(null);
    try {
      if (task) {
        await update.mutateAsync({ id: task.id, body });
        notifySuccess("Task updated");
      } else {
        await create.mutateAsync(body);
        notifySuccess("Task added");
      }
      onDone();
    } catch (error) {
      // The plan's limit: said in the form, next to the way past it; what was typed stays.
      const refused = task ? null : planRefusal(error);
      if (refused && onUpgrade) {
        setRefusal(refused);
        return;
      }
      // The server's message goes next to its field when it names one; otherwise into a toast.
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
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
        <section aria-labelledby="task-time-log-heading" className={cn("mt-6 border-t border-border pt-4")}>
          <h3 id="task-time-log-heading" className="text-sm font-semibold">
            Time log
          </h3>
          <TimeLogList taskId={task.id} />
        </section>
      )}
    </>
  );
}
