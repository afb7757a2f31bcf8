// Workflow automation's calls: /api/workflows (list, create, pause/activate, delete),
// /api/workflow-templates and /api/workflow-executions. Each trigger type and action type has its
// own config schema; a bad one is refused with the field named ("triggerConfig.toStatus",
// "actions.1.config.title"), and nothing is stored.
import { z } from "zod";
import { TASK_CATEGORIES, TASK_PRIORITIES, TASK_STATUSES } from "../domain/tasks.ts";
import {
  ACTION_TYPES,
  type ActionType,
  cronProblem,
  isTimeZone,
  type Schedule,
  TRIGGER_TYPES,
  type TriggerType,
  templateProblem,
} from "../domain/workflow-rules.ts";

const category = z.enum(TASK_CATEGORIES, { error: `Choose one of ${TASK_CATEGORIES.join(", ")}` });
const status = z.enum(TASK_STATUSES, { error: `Choose one of ${TASK_STATUSES.join(", ")}` });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Use a time such as 09:00" });
const keyword = z.string().trim().min(1, { error: "Enter a keyword" }).max(100);
/** A project the workflow is limited to or writes in: checked on the server against what the owner may see and do. */
const projectRef = z.uuid({ error: "Choose a project" });
const milestoneRef = z.uuid({ error: "Choose a milestone" });

// -- trigger configs

export const taskStatusTriggerConfig = z
  .object({
    fromStatus: status.optional(),
    toStatus: status.optional(),
    category: category.optional(),
    /** Only tasks of this project, whoever changes them; none: the owner's own changes (decision 215). */
    projectId: projectRef.optional(),
  })
  .strict();

export const calendarTriggerConfig = z.discriminatedUnion(
  "kind",
  [
    z
      .object({
        kind: z.literal("starts_within"),
        minutes: z
          .number()
          .int()
          .min(1, { error: "At least 1 minute" })
          .max(1440, { error: "At most 1440 minutes" }),
        keyword: keyword.optional(),
      })
      .strict(),
    z.object({ kind: z.literal("new_event"), keyword }).strict(),
  ],
  { error: 'kind must be "starts_within" or "new_event"' },
);

export const scheduleSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("daily"), time }).strict(),
    z.object({ kind: z.literal("weekdays"), time }).strict(),
    z.object({ kind: z.literal("weekly"), day: z.number().int().min(0).max(6), time }).strict(),
    z
      .object({
        kind: z.literal("cron"),
        cron: z
          .string()
          .max(100)
          .refine((c) => cronProblem(c) === null, { error: (i) => cronProblem(String(i.input)) ?? "" }),
      })
      .strict(),
  ],
  { error: 'schedule.kind must be "daily", "weekdays", "weekly" or "cron"' },
);

export const timeBasedTriggerConfig = z
  .object({
    schedule: scheduleSchema,
    timeZone: z.string().refine(isTimeZone, { error: "Unknown time zone" }),
  })
  .strict();

export const milestoneTriggerConfig = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("category_cleared"), category }).strict(),
    z
      .object({
        kind: z.literal("tasks_completed"),
        category,
        count: z.number().int().min(1, { error: "At least 1 task" }).max(1000),
      })
      .strict(),
    // A real milestone of a project: its last open task completed, by whoever (decision 215).
    z
      .object({ kind: z.literal("milestone_done"), projectId: projectRef, milestoneId: milestoneRef })
      .strict(),
  ],
  { error: 'kind must be "category_cleared", "tasks_completed" or "milestone_done"' },
);

export const TRIGGER_CONFIG_SCHEMAS = {
  task_status: taskStatusTriggerConfig,
  calendar_event: calendarTriggerConfig,
  time_based: timeBasedTriggerConfig,
  project_milestone: milestoneTriggerConfig,
} satisfies Record<TriggerType, z.ZodType>;

export type TriggerConfigs = { [K in TriggerType]: z.infer<(typeof TRIGGER_CONFIG_SCHEMAS)[K]> };

// -- action configs

const template = (max: number) => z.string().trim().min(1, { error: "Enter a text" }).max(max);

export const createTaskActionConfig = z
  .object({
    title: template(200),
    category: category.optional(),
    estimatedMinutes: z.number().int().min(5).max(480).multipleOf(5).optional(),
    priority: z.enum(TASK_PRIORITIES).optional(),
    /** Hours from the run to the new task's deadline; none for no deadline. */
    deadlineOffsetHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 365)
      .optional(),
    /** The project the task goes to (the owner must be allowed to add tasks there); none: the Inbox. */
    projectId: projectRef.optional(),
  })
  .strict();

export const updateTaskStatusActionConfig = z
  .object({
    /** The task that triggered the run, or every task matching the filter. */
    target: z.enum(["trigger", "matching"], { error: 'target must be "trigger" or "matching"' }),
    status,
    /** Matching tasks: the owner's personal ones, or with `projectId` that project's (decision 215). */
    filter: z
      .object({ category: category.optional(), status: status.optional(), projectId: projectRef.optional() })
      .strict()
      .optional(),
  })
  .strict();

export const sendNotificationActionConfig = z
  .object({
    title: template(200),
    message: z.string().trim().max(1000).optional(),
    /** Also by email (when the person's notification settings allow email). */
    email: z.boolean().optional(),
  })
  .strict();

export const generateReportActionConfig = z
  .object({
    period: z.enum(["day", "week", "month"], { error: 'period must be "day", "week" or "month"' }),
    email: z.boolean().optional(),
  })
  .strict();

export const ACTION_CONFIG_SCHEMAS = {
  create_task: createTaskActionConfig,
  update_task_status: updateTaskStatusActionConfig,
  send_notification: sendNotificationActionConfig,
  generate_report: generateReportActionConfig,
} satisfies Record<ActionType, z.ZodType>;

export type ActionConfigs = { [K in ActionType]: z.infer<(typeof ACTION_CONFIG_SCHEMAS)[K]> };
export type WorkflowActionDef = { [K in ActionType]: { type: K; config: ActionConfigs[K] } }[ActionType];
export type WorkflowTrigger = {
  [K in TriggerType]: { triggerType: K; triggerConfig: TriggerConfigs[K] };
}[TriggerType];

const TASK_TRIGGERS: TriggerType[] = ["task_status", "project_milestone"];

/** Checks each config against its type's schema; issues carry the full path of the field. */
function checkDefinition(
  v: { triggerType: TriggerType; triggerConfig: unknown; actions: { type: ActionType; config: unknown }[] },
  ctx: z.RefinementCtx,
) {
  const trigger = TRIGGER_CONFIG_SCHEMAS[v.triggerType].safeParse(v.triggerConfig);
  if (!trigger.success) {
    for (const issue of trigger.error.issues)
      ctx.addIssue({ code: "custom", message: issue.message, path: ["triggerConfig", ...issue.path] });
  }
  v.actions.forEach((action, i) => {
    const parsed = ACTION_CONFIG_SCHEMAS[action.type].safeParse(action.config);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({
          code: "custom",
          message: issue.message,
          path: ["actions", i, "config", ...issue.path],
        });
      return;
    }
    const config = parsed.data as Record<string, unknown>;
    for (const field of ["title", "message"] as const) {
      const text = config[field];
      const problem = typeof text === "string" ? templateProblem(text, v.triggerType) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["actions", i, "config", field] });
    }
    if (
      action.type === "update_task_status" &&
      config.target === "trigger" &&
      !TASK_TRIGGERS.includes(v.triggerType)
    ) {
      ctx.addIssue({
        code: "custom",
        message: "Only a task trigger has a triggering task: choose matching tasks instead",
        path: ["actions", i, "config", "target"],
      });
    }
  });
}

const actionShape = z
  .object({
    type: z.enum(ACTION_TYPES, { error: `type must be one of ${ACTION_TYPES.join(", ")}` }),
    config: z.record(z.string(), z.unknown(), { error: "config must be an object" }),
  })
  .strict();

/** POST /api/workflows. No name is stored as "Untitled workflow" (the spec requires none). */
export const workflowCreateBody = z
  .object({
    name: z.string().trim().max(100, { error: "name may be at most 100 characters" }).optional(),
    description: z
      .string()
      .trim()
      .max(500, { error: "description may be at most 500 characters" })
      .optional(),
    triggerType: z.enum(TRIGGER_TYPES, { error: `triggerType must be one of ${TRIGGER_TYPES.join(", ")}` }),
    triggerConfig: z.record(z.string(), z.unknown(), { error: "triggerConfig must be an object" }),
    actions: z
      .array(actionShape, { error: "actions must be a list" })
      .min(1, { error: "Add at least one action" })
      .max(10, { error: "At most 10 actions" }),
    /** The template the form was filled from (its use count goes up). */
    templateId: z.uuid({ error: "templateId must be a template id" }).optional(),
  })
  .strict()
  .superRefine(checkDefinition);
export type WorkflowCreateBody = z.infer<typeof workflowCreateBody>;

/** PATCH /api/workflows/:id: pause or activate. */
export const workflowUpdateBody = z
  .object({ isActive: z.boolean({ error: "isActive must be true or false" }) })
  .strict();

// -- responses

const actionDto = z.object({ type: z.enum(ACTION_TYPES), config: z.record(z.string(), z.unknown()) });

export const workflowDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  triggerType: z.enum(TRIGGER_TYPES),
  triggerConfig: z.record(z.string(), z.unknown()),
  actions: z.array(actionDto),
  isActive: z.boolean(),
  /** Why it was held (flood protection), when it was. */
  heldReason: z.string().nullable(),
  /**
   * Active, but the plan keeps it from running now ("Paused: over your plan's limit of 5 active
   * workflows", or the plan lacks Workflow Automation); null when it runs or the person paused it.
   */
  pausedByPlan: z.string().nullable(),
  executionCount: z.number(),
  lastRunAt: z.string().nullable(),
  /** Scheduled workflows: the next time it fires. */
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WorkflowDto = z.infer<typeof workflowDto>;

/**
 * GET /api/workflows: the person's workflows, newest first (at most `cap`, the most one person may
 * keep), their plan's limit of running ones (null: none), and how many are active and kept in all.
 */
export const workflowListResponse = z.object({
  workflows: z.array(workflowDto),
  limit: z.number().nullable(),
  activeCount: z.number(),
  total: z.number(),
  cap: z.number(),
});
export type WorkflowListResponse = z.infer<typeof workflowListResponse>;

export const workflowTemplateDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  useCount: z.number(),
  triggerType: z.enum(TRIGGER_TYPES),
  triggerConfig: z.record(z.string(), z.unknown()),
  actions: z.array(actionDto),
});
export type WorkflowTemplateDto = z.infer<typeof workflowTemplateDto>;

/** GET /api/workflow-templates */
export const workflowTemplatesResponse = z.object({ templates: z.array(workflowTemplateDto) });

export const EXECUTION_STATUSES = [
  "queued",
  "running",
  "retrying",
  "completed",
  "failed",
  "cancelled",
  "held",
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const actionOutcome = z.object({
  type: z.enum(ACTION_TYPES),
  status: z.enum(["completed", "failed", "skipped"]),
  /** What it did, in words ("Created task “Prep: Design review”"). */
  summary: z.string(),
  error: z.string().optional(),
});
export type ActionOutcome = z.infer<typeof actionOutcome>;

export const workflowReport = z.object({
  period: z.enum(["day", "week", "month"]),
  from: z.string(),
  to: z.string(),
  tasksCompleted: z.number(),
  hoursByCategory: z.array(z.object({ category: z.string(), hours: z.number() })),
  totalHours: z.number(),
  focusSessions: z.number(),
});
export type WorkflowReport = z.infer<typeof workflowReport>;

/** GET /api/workflow-executions/:id, and each entry of the list. */
export const workflowExecutionDto = z.object({
  id: z.string(),
  workflowId: z.string().nullable(),
  /** The workflow's name, or "Deleted workflow" once it is gone. */
  workflowName: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  /** What triggered it, in words. */
  trigger: z.string(),
  outcomes: z.array(actionOutcome),
  report: workflowReport.nullable(),
});
export type WorkflowExecutionDto = z.infer<typeof workflowExecutionDto>;

/** GET /api/workflow-executions */
export const workflowExecutionListResponse = z.object({ executions: z.array(workflowExecutionDto) });
export type WorkflowExecutionListResponse = z.infer<typeof workflowExecutionListResponse>;

export type { Schedule };
