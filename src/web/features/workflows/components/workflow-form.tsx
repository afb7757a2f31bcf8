// Create New: name, description, the trigger with its settings, the actions (add, remove, reorder;
// new ones start as "create a task") with theirs, and Create Workflow. The draft and every change to
// it live in ../workflow-draft.ts; the settings components are typed by the shared configs. The
// shared schema checks the form as the server will before anything is sent.
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { localTimeZone } from "#shared/domain/quick-capture.ts";
import { ACTION_LABELS, ACTION_TYPES, TRIGGER_LABELS, TRIGGER_TYPES } from "#shared/domain/workflow-rules.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyFailure, notifySuccess } from "#web/lib/notify.ts";
import { useCreateWorkflow } from "../api/create-workflow.ts";
import {
  actionTypeOf,
  addAction,
  checkDraft,
  type FieldErrors,
  MAX_ACTIONS,
  moveAction,
  removeAction,
  replaceAction,
  triggerTypeOf,
  type WorkflowDraft,
  withActionType,
  withTriggerType,
} from "../workflow-draft.ts";
import { ActionSettings } from "./action-settings.tsx";
import { TriggerSettings } from "./trigger-settings.tsx";

export function WorkflowForm({
  draft,
  onChange,
  onCreated,
  onPlanLimit,
}: {
  draft: WorkflowDraft;
  onChange: (draft: WorkflowDraft) => void;
  onCreated: () => void;
  onPlanLimit: (plan: "pro" | "team") => void;
}) {
  const id = useId();
  const create = useCreateWorkflow();
  const [errors, setErrors] = useState<FieldErrors>({});
  const err = (path: string) => errors[path];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.body, {
      onSuccess: () => {
        notifySuccess("Success", "Workflow created successfully");
        onCreated();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "PLAN_REQUIRED") {
          onPlanLimit(error.requiredPlan === "team" ? "team" : "pro");
          setErrors({ body: error.message });
          return;
        }
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        notifyFailure("Error", "Failed to create workflow");
      },
    });
  };

  const last = draft.actions.length - 1;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Create New workflow">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Workflow Name" error={err("name")} hint="Optional">
          <Input
            {...fieldA11y(`${id}-name`, err("name"))}
            value={draft.name}
            maxLength={100}
            onChange={(e) => onChange({ ...draft, name: e.target.value })}
          />
        </FormField>
        <FormField id={`${id}-trigger`} label="Trigger Type" error={err("triggerType")}>
          <NativeSelect
            {...fieldA11y(`${id}-trigger`, err("triggerType"))}
            value={draft.trigger.type}
            onChange={(e) => {
              const type = triggerTypeOf(e.target.value);
              if (type) onChange(withTriggerType(draft, type, localTimeZone() || "UTC"));
            }}
          >
            {TRIGGER_TYPES.map((t) => (
              <option key={t} value={t}>
                {TRIGGER_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={`${id}-description`} label="Description" error={err("description")} hint="Optional">
        <Textarea
          {...fieldA11y(`${id}-description`, err("description"))}
          value={draft.description}
          maxLength={500}
          rows={2}
          onChange={(e) => onChange({ ...draft, description: e.target.value })}
        />
      </FormField>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Trigger settings</legend>
        <TriggerSettings
          id={id}
          trigger={draft.trigger}
          onChange={(trigger) => onChange({ ...draft, trigger })}
          error={(field) => err(`triggerConfig.${field}`)}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">Actions</legend>
        {err("actions") && (
          <p role="alert" className="text-sm text-danger">
            {err("actions")}
          </p>
        )}
        <ol className="flex flex-col gap-3">
          {draft.actions.map((a, i) => (
            <li key={a.key}>
              <Card>
                <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
                  <CardTitle className="text-sm">Action {i + 1}</CardTitle>
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Move action ${i + 1} up`}
                      disabled={i === 0}
                      onClick={() => onChange(moveAction(draft, i, -1))}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Move action ${i + 1} down`}
                      disabled={i === last}
                      onClick={() => onChange(moveAction(draft, i, 1))}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove action ${i + 1}`}
                      disabled={draft.actions.length === 1}
                      onClick={() => onChange(removeAction(draft, i))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <FormField
                    id={`${id}-a${a.key}-type`}
                    label={`Action ${i + 1} type`}
                    error={err(`actions.${i}.type`)}
                  >
                    <NativeSelect
                      {...fieldA11y(`${id}-a${a.key}-type`, err(`actions.${i}.type`))}
                      value={a.type}
                      onChange={(e) => {
                        const type = actionTypeOf(e.target.value);
                        if (type) onChange(withActionType(draft, i, type));
                      }}
                    >
                      {ACTION_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {ACTION_LABELS[t]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                  <ActionSettings
                    id={`${id}-a${a.key}`}
                    n={i + 1}
                    action={a}
                    onChange={(action) => onChange(replaceAction(draft, i, action))}
                    error={(field) => err(`actions.${i}.config.${field}`)}
                  />
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={draft.actions.length >= MAX_ACTIONS}
            onClick={() => onChange(addAction(draft))}
          >
            <Plus aria-hidden="true" /> Add action
          </Button>
        </div>
      </fieldset>
      {errors.body && (
        <p role="alert" className="text-sm text-danger">
          {errors.body}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create Workflow"}
        </Button>
      </div>
    </form>
  );
}
