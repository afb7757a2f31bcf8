// The Create New form's state as a typed draft, and every change the form makes to it, as pure
// functions: the trigger's settings are one of the shared `TriggerConfigs` and each action's one of
// `ActionConfigs`, so a settings component can only write what the server's schema knows. The
// draft is checked with the server's own `workflowCreateBody`, whose issues become field errors
// keyed by path ("triggerConfig.minutes", "actions.1.config.title").
import {
  ACTION_CONFIG_SCHEMAS,
  type ActionConfigs,
  TRIGGER_CONFIG_SCHEMAS,
  type TriggerConfigs,
  type WorkflowCreateBody,
  type WorkflowTemplateDto,
  workflowCreateBody,
} from "#shared/contracts/workflows.ts";
import {
  ACTION_TYPES,
  type ActionType,
  DEFAULT_ACTION_TYPE,
  TRIGGER_TYPES,
  type TriggerType,
} from "#shared/domain/workflow-rules.ts";

/** A trigger type with its settings, e.g. `{ type: "time_based", config: { schedule, timeZone } }`. */
export type TriggerDraft = { [K in TriggerType]: { type: K; config: TriggerConfigs[K] } }[TriggerType];
/** An action with its settings; `key` tells React which card is which while actions move. */
export type ActionDraft = {
  [K in ActionType]: { key: number; type: K; config: ActionConfigs[K] };
}[ActionType];

export type WorkflowDraft = {
  name: string;
  description: string;
  trigger: TriggerDraft;
  actions: ActionDraft[];
  /** The key the next added action gets. */
  nextKey: number;
  /** The template the draft was filled from (its use count goes up on creation). */
  templateId?: string;
};

/** As many actions as `workflowCreateBody` accepts. */
export const MAX_ACTIONS = 10;

/** A trigger type's settings when it is picked: something sensible that passes the schema. */
export function defaultTrigger(type: TriggerType, timeZone: string): TriggerDraft {
  switch (type) {
    case "task_status":
      return { type, config: { toStatus: "completed" } };
    case "calendar_event":
      return { type, config: { kind: "starts_within", minutes: 30 } };
    case "time_based":
      return { type, config: { schedule: { kind: "weekdays", time: "09:00" }, timeZone } };
    case "project_milestone":
      return { type, config: { kind: "category_cleared", category: "General" } };
  }
}

/** An action type's settings when it is picked. Titles start empty: the person writes them. */
export function defaultAction(type: ActionType, key: number): ActionDraft {
  switch (type) {
    case "create_task":
      return { key, type, config: { title: "" } };
    case "update_task_status":
      return { key, type, config: { target: "trigger", status: "completed" } };
    case "send_notification":
      return { key, type, config: { title: "" } };
    case "generate_report":
      return { key, type, config: { period: "week" } };
  }
}

export function emptyDraft(): WorkflowDraft {
  return {
    name: "",
    description: "",
    trigger: defaultTrigger("task_status", "UTC"),
    actions: [defaultAction(DEFAULT_ACTION_TYPE, 1)],
    nextKey: 2,
  };
}

/** A trigger from stored settings (a template's), or the type's defaults when they do not parse. */
function triggerFrom(type: TriggerType, config: Record<string, unknown>, timeZone: string): TriggerDraft {
  switch (type) {
    case "task_status": {
      const parsed = TRIGGER_CONFIG_SCHEMAS.task_status.safeParse(config);
      return parsed.success ? { type, config: parsed.data } : defaultTrigger(type, timeZone);
    }
    case "calendar_event": {
      const parsed = TRIGGER_CONFIG_SCHEMAS.calendar_event.safeParse(config);
      return parsed.success ? { type, config: parsed.data } : defaultTrigger(type, timeZone);
    }
    case "time_based": {
      // A template's schedule runs in the person's own time zone, whatever it was written in.
      const parsed = TRIGGER_CONFIG_SCHEMAS.time_based.safeParse({ ...config, timeZone });
      return parsed.success ? { type, config: parsed.data } : defaultTrigger(type, timeZone);
    }
    case "project_milestone": {
      const parsed = TRIGGER_CONFIG_SCHEMAS.project_milestone.safeParse(config);
      return parsed.success ? { type, config: parsed.data } : defaultTrigger(type, timeZone);
    }
  }
}

function actionFrom(type: ActionType, config: Record<string, unknown>, key: number): ActionDraft {
  switch (type) {
    case "create_task": {
      const parsed = ACTION_CONFIG_SCHEMAS.create_task.safeParse(config);
      return parsed.success ? { key, type, config: parsed.data } : defaultAction(type, key);
    }
    case "update_task_status": {
      const parsed = ACTION_CONFIG_SCHEMAS.update_task_status.safeParse(config);
      return parsed.success ? { key, type, config: parsed.data } : defaultAction(type, key);
    }
    case "send_notification": {
      const parsed = ACTION_CONFIG_SCHEMAS.send_notification.safeParse(config);
      return parsed.success ? { key, type, config: parsed.data } : defaultAction(type, key);
    }
    case "generate_report": {
      const parsed = ACTION_CONFIG_SCHEMAS.generate_report.safeParse(config);
      return parsed.success ? { key, type, config: parsed.data } : defaultAction(type, key);
    }
  }
}

/** A template as a draft, its schedule in `timeZone` (the person's). */
export function draftFromTemplate(
  t: Pick<WorkflowTemplateDto, "id" | "name" | "description" | "triggerType" | "triggerConfig" | "actions">,
  timeZone: string,
): WorkflowDraft {
  return {
    name: t.name,
    description: t.description,
    trigger: triggerFrom(t.triggerType, t.triggerConfig, timeZone),
    actions: t.actions.map((a, i) => actionFrom(a.type, a.config, i + 1)),
    nextKey: t.actions.length + 1,
    templateId: t.id,
  };
}

/** Another trigger type starts from its own defaults (no setting carries over). */
export function withTriggerType(draft: WorkflowDraft, type: TriggerType, timeZone: string): WorkflowDraft {
  return type === draft.trigger.type ? draft : { ...draft, trigger: defaultTrigger(type, timeZone) };
}

export function addAction(draft: WorkflowDraft): WorkflowDraft {
  if (draft.actions.length >= MAX_ACTIONS) return draft;
  return {
    ...draft,
    actions: [...draft.actions, defaultAction(DEFAULT_ACTION_TYPE, draft.nextKey)],
    nextKey: draft.nextKey + 1,
  };
}

/** The last action stays: a workflow needs one. */
export function removeAction(draft: WorkflowDraft, index: number): WorkflowDraft {
  if (draft.actions.length <= 1) return draft;
  return { ...draft, actions: draft.actions.filter((_, i) => i !== index) };
}

export function moveAction(draft: WorkflowDraft, index: number, by: -1 | 1): WorkflowDraft {
  const to = index + by;
  const moving = draft.actions[index];
  if (!moving || to < 0 || to >= draft.actions.length) return draft;
  const actions = draft.actions.filter((_, i) => i !== index);
  actions.splice(to, 0, moving);
  return { ...draft, actions };
}

/** Replaces the action at `index` (same key), e.g. with new settings from its settings component. */
export function replaceAction(draft: WorkflowDraft, index: number, action: ActionDraft): WorkflowDraft {
  return { ...draft, actions: draft.actions.map((a, i) => (i === index ? action : a)) };
}

/** Another action type starts from its own defaults, in the same place. */
export function withActionType(draft: WorkflowDraft, index: number, type: ActionType): WorkflowDraft {
  const current = draft.actions[index];
  if (!current || current.type === type) return draft;
  return replaceAction(draft, index, defaultAction(type, current.key));
}

/**
 * Settings without the optional fields left unset. The settings components unset an optional text
 * when it is emptied; a required one stays "" so the schema answers "Enter a text" for it.
 */
function withoutUnset(config: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
}

/** What the form sends: trimmed name and description, left out when empty, as unset settings are. */
export function toCreateBody(draft: WorkflowDraft): WorkflowCreateBody {
  const name = draft.name.trim();
  const description = draft.description.trim();
  return {
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    triggerType: draft.trigger.type,
    triggerConfig: withoutUnset(draft.trigger.config),
    actions: draft.actions.map((a) => ({ type: a.type, config: withoutUnset(a.config) })),
    ...(draft.templateId ? { templateId: draft.templateId } : {}),
  };
}

export type FieldErrors = Record<string, string>;

/** The draft as the server will check it: the body to send, or the first error of each field. */
export function checkDraft(
  draft: WorkflowDraft,
): { ok: true; body: WorkflowCreateBody } | { ok: false; errors: FieldErrors } {
  const parsed = workflowCreateBody.safeParse(toCreateBody(draft));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".") || "body"] ??= issue.message;
  return { ok: false, errors };
}

/** A select's value as one of `options`, or undefined (an "Any" choice, or a value not offered). */
export function oneOf<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((o) => o === value);
}

export const triggerTypeOf = (value: string) => oneOf(TRIGGER_TYPES, value);
export const actionTypeOf = (value: string) => oneOf(ACTION_TYPES, value);
