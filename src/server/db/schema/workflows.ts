import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { organization, user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export type WorkflowAction = { type: string; config: Record<string, unknown> };

export const workflows = pgTable(
  "workflows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // Set when the workflow is shared with a team; the row survives the team being deleted.
    organizationId: text("organization_id").references(() => organization.id, {
      onDelete: "set null",
    }),
    // The spec does not require a name on creation.
    name: text("name").notNull().default(""),
    description: text("description"),
    triggerType: text("trigger_type").notNull(),
    triggerConfig: jsonb("trigger_config")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    actions: jsonb("actions").$type<WorkflowAction[]>().notNull().default(sql`'[]'::jsonb`),
    // true is Active, false is Paused.
    isActive: boolean("is_active").notNull().default(true),
    executionCount: integer("execution_count").notNull().default(0),
    lastRunAt: tstz("last_run_at"),
    // Scheduled workflows: the next time the schedule is due (the sweep fires it, then moves it on).
    nextRunAt: tstz("next_run_at"),
    // Set when flood protection paused it.
    heldReason: text("held_reason"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("workflows_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // The engine looks up a person's active workflows of a trigger type, and the due schedules.
    index("workflows_user_trigger_active_idx").on(t.userId, t.triggerType).where(sql`${t.isActive}`),
    // A task's status change finds the active workflows limited to its project (decision 215).
    index("workflows_trigger_project_idx")
      .on(sql`(${t.triggerConfig}->>'projectId')`)
      .where(sql`${t.isActive}`),
    index("workflows_next_run_idx").on(t.nextRunAt).where(sql`${t.isActive} and ${t.nextRunAt} is not null`),
    // Team views, and the SET NULL when an organization is deleted.
    index("workflows_organization_idx").on(t.organizationId),
    check(
      "workflows_trigger_type_check",
      sql`${t.triggerType} in ('calendar_event', 'task_status', 'project_milestone', 'time_based')`,
    ),
  ],
);

// A global catalogue, not owned by a user.
export const workflowTemplates = pgTable(
  "workflow_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    category: text("category"),
    useCount: integer("use_count").notNull().default(0),
    triggerType: text("trigger_type").notNull(),
    triggerConfig: jsonb("trigger_config")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    actions: jsonb("actions").$type<WorkflowAction[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // The built-in templates are seeded by name.
    unique("workflow_templates_name_unique").on(t.name),
    // Templates are listed most used first.
    index("workflow_templates_use_count_idx").on(t.useCount.desc().nullsFirst()),
    check(
      "workflow_templates_trigger_type_check",
      sql`${t.triggerType} in ('calendar_event', 'task_status', 'project_milestone', 'time_based')`,
    ),
  ],
);

/**
 * Who has made a workflow from a template: a template's use count goes up on a person's first use
 * only, so no one can raise it (and reorder everyone's templates) by creating from it again and again.
 */
export const workflowTemplateUses = pgTable(
  "workflow_template_uses",
  {
    templateId: uuid("template_id")
      .notNull()
      .references(() => workflowTemplates.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.userId] }),
    // The cascade when an account is deleted.
    index("workflow_template_uses_user_idx").on(t.userId),
  ],
);

/**
 * The outbox of trigger events: written in the same transaction as the change that caused them (a
 * task's status change), or by the sweep for schedules and calendar events (then aimed at one
 * workflow, and made once by `dedupe_key`). The dispatcher turns each into executions.
 */
export const workflowEvents = pgTable(
  "workflow_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // task.status_changed | schedule.due | calendar.starts | calendar.new
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    // The depth of the runs it causes: 1 for a person's own change, one more for each workflow run
    // in the chain that caused it (the loop guard).
    depth: integer("depth").notNull().default(1),
    // Aimed at one workflow (schedules, calendar); null for any matching workflow of the person.
    workflowId: uuid("workflow_id").references(() => workflows.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").unique(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    dispatchedAt: tstz("dispatched_at"),
  },
  (t) => [
    index("workflow_events_pending_idx").on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    // The daily retention job deletes the dispatched events past their retention, oldest first.
    index("workflow_events_dispatched_idx").on(t.dispatchedAt).where(sql`${t.dispatchedAt} is not null`),
  ],
);

export const workflowExecutions = pgTable(
  "workflow_executions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null once the workflow is deleted: the history row stays, under the name it had.
    workflowId: uuid("workflow_id").references(() => workflows.id, { onDelete: "set null" }),
    workflowName: text("workflow_name").notNull().default(""),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // The event that caused it: with the workflow, the idempotency key of the run.
    eventId: uuid("event_id"),
    depth: integer("depth").notNull().default(1),
    // What triggered it, in words.
    trigger: text("trigger").notNull().default(""),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    startedAt: tstz("started_at").notNull().defaultNow(),
    completedAt: tstz("completed_at"),
    errorMessage: text("error_message"),
    result: jsonb("result").$type<unknown>(),
  },
  (t) => [
    // The page shows the 10 latest runs.
    index("workflow_executions_user_started_idx").on(t.userId, t.startedAt.desc().nullsFirst()),
    // Flood counting, cancelling queued runs, and the SET NULL when a workflow is deleted.
    index("workflow_executions_workflow_idx").on(t.workflowId, t.createdAt),
    // A workflow runs at most once per event, whichever instance dispatches it.
    unique("workflow_executions_workflow_event_unique").on(t.workflowId, t.eventId),
    // The daily retention job deletes finished runs past their retention, oldest first.
    index("workflow_executions_finished_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('completed', 'failed', 'cancelled', 'held')`),
    // The sweep re-sends runs whose job was lost.
    index("workflow_executions_open_idx")
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'retrying', 'running')`),
    check(
      "workflow_executions_status_check",
      sql`${t.status} in ('queued', 'running', 'retrying', 'completed', 'failed', 'cancelled', 'held')`,
    ),
  ],
);

export type Workflow = typeof workflows.$inferSelect;
export type NewWorkflow = typeof workflows.$inferInsert;
export type WorkflowTemplate = typeof workflowTemplates.$inferSelect;
export type WorkflowTemplateUse = typeof workflowTemplateUses.$inferSelect;
export type NewWorkflowTemplate = typeof workflowTemplates.$inferInsert;
export type WorkflowExecution = typeof workflowExecutions.$inferSelect;
export type NewWorkflowExecution = typeof workflowExecutions.$inferInsert;
export type WorkflowEvent = typeof workflowEvents.$inferSelect;
export type NewWorkflowEvent = typeof workflowEvents.$inferInsert;
