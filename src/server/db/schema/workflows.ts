import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("workflows_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
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
    // Templates are listed most used first.
    index("workflow_templates_use_count_idx").on(t.useCount.desc().nullsFirst()),
    check(
      "workflow_templates_trigger_type_check",
      sql`${t.triggerType} in ('calendar_event', 'task_status', 'project_milestone', 'time_based')`,
    ),
  ],
);

export const workflowExecutions = pgTable(
  "workflow_executions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("running"),
    startedAt: tstz("started_at").notNull().defaultNow(),
    completedAt: tstz("completed_at"),
    errorMessage: text("error_message"),
    result: jsonb("result").$type<unknown>(),
  },
  (t) => [
    // The page shows the 10 latest runs.
    index("workflow_executions_user_started_idx").on(t.userId, t.startedAt.desc().nullsFirst()),
    // Keeps the cascade from workflows from scanning the table.
    index("workflow_executions_workflow_idx").on(t.workflowId),
    check("workflow_executions_status_check", sql`${t.status} in ('running', 'completed', 'failed')`),
  ],
);

export type Workflow = typeof workflows.$inferSelect;
export type NewWorkflow = typeof workflows.$inferInsert;
export type WorkflowTemplate = typeof workflowTemplates.$inferSelect;
export type NewWorkflowTemplate = typeof workflowTemplates.$inferInsert;
export type WorkflowExecution = typeof workflowExecutions.$inferSelect;
export type NewWorkflowExecution = typeof workflowExecutions.$inferInsert;
