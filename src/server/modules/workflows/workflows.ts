// Workflow use cases: list, create (within the plan's limit), pause / activate, delete; the templates
// catalogue; the run history. Every query is scoped to the person; another person's id is not found.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type {
  ActionOutcome,
  ExecutionStatus,
  TriggerConfigs,
  WorkflowCreateBody,
  WorkflowDto,
  WorkflowExecutionDto,
  WorkflowReport,
  WorkflowTemplateDto,
} from "#shared/contracts/workflows.ts";
import {
  type ActionType,
  DELETED_WORKFLOW,
  EXECUTION_HISTORY_LIMIT,
  nextRuns,
  type TriggerType,
  UNTITLED_WORKFLOW,
} from "#shared/domain/workflow-rules.ts";
import { WORKFLOW_TEMPLATES } from "#shared/domain/workflow-templates.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import {
  type Workflow,
  type WorkflowExecution,
  workflowExecutions,
  workflows,
  workflowTemplates,
} from "../../db/schema/workflows.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { lockPerson } from "../tasks/person-lock.ts";
import { cancelOpenRuns, DELETED_MESSAGE, PAUSED_MESSAGE } from "./engine.ts";

export const WORKFLOW_NOT_FOUND = "Workflow not found.";
export const EXECUTION_NOT_FOUND = "Execution not found.";
export const TEMPLATE_NOT_FOUND = "Template not found.";
export const limitMessage = (limit: number) =>
  `Your plan runs up to ${limit} active workflows. Upgrade to Team for unlimited workflows, or pause one first.`;

function toDto(w: Workflow): WorkflowDto {
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    triggerType: w.triggerType as TriggerType,
    triggerConfig: w.triggerConfig,
    actions: w.actions as WorkflowDto["actions"],
    isActive: w.isActive,
    heldReason: w.heldReason,
    executionCount: w.executionCount,
    lastRunAt: w.lastRunAt?.toISOString() ?? null,
    nextRunAt: w.isActive ? (w.nextRunAt?.toISOString() ?? null) : null,
    createdAt: w.createdAt.toISOString(),
  };
}

/** The next time a scheduled workflow fires after `now` (null for other triggers). */
function firstRun(triggerType: string, config: Record<string, unknown>, now: Date): Date | null {
  if (triggerType !== "time_based") return null;
  const cfg = config as TriggerConfigs["time_based"];
  return nextRuns(cfg.schedule, cfg.timeZone, now, 1)[0]!;
}

export async function listWorkflows(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(workflows)
    .where(eq(workflows.userId, userId))
    .orderBy(desc(workflows.createdAt), asc(workflows.id));
  return { workflows: rows.map(toDto), activeCount: rows.filter((r) => r.isActive).length };
}

async function activeCount(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(workflows)
    .where(and(eq(workflows.userId, userId), eq(workflows.isActive, true)));
  return row?.n ?? 0;
}

/** Creates an active workflow; refused past the plan's limit of active workflows (null: none). */
/** What the write use cases are given: who changes their workflows, the plan's answers, the hub. */
type WriteOptions = {
  db: Db;
  events: Pick<DomainEvents, "emit" | "afterCommit">;
  entitlements: Pick<Entitlements, "require">;
  personId: string;
  clock: () => Date;
};

/** Every workflow call needs the workflow_automation feature; answers the plan's active limit. */
async function requireWorkflows(o: Pick<WriteOptions, "entitlements" | "personId">) {
  return (await o.entitlements.require(o.personId, "workflow_automation")).workflowLimit;
}

/** The person's workflows, with the plan's limit of active ones (null: unlimited). */
export async function listWorkflowsForPerson(o: Omit<WriteOptions, "events" | "clock">) {
  const limit = await requireWorkflows(o);
  return { ...(await listWorkflows(o.db, o.personId)), limit };
}

/** Creates a workflow (active, within the plan's limit); announces workflow.created and workflow.changed. */
export async function createWorkflow(o: WriteOptions & { body: WorkflowCreateBody }): Promise<WorkflowDto> {
  const limit = await requireWorkflows(o);
  const { db, body, personId: userId } = o;
  const now = o.clock();
  return o.events.afterCommit(() =>
    db.transaction(async (tx) => {
      // Under the person's lock two simultaneous creates cannot both take the last place.
      await lockPerson(tx, userId);
      if (limit !== null && (await activeCount(tx, userId)) >= limit) {
        throw new AppError("PLAN_REQUIRED", limitMessage(limit), { requiredPlan: "team" });
      }
      if (body.templateId) {
        const used = await tx
          .update(workflowTemplates)
          .set({ useCount: sql`${workflowTemplates.useCount} + 1` })
          .where(eq(workflowTemplates.id, body.templateId))
          .returning({ id: workflowTemplates.id });
        if (used.length === 0) throw new AppError("NOT_FOUND", TEMPLATE_NOT_FOUND);
      }
      const [row] = await tx
        .insert(workflows)
        .values({
          userId,
          name: body.name || UNTITLED_WORKFLOW,
          description: body.description || null,
          triggerType: body.triggerType,
          triggerConfig: body.triggerConfig,
          actions: body.actions,
          isActive: true,
          nextRunAt: firstRun(body.triggerType, body.triggerConfig, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      o.events.emit({ type: "workflow.created", workflowId: row!.id, personId: userId });
      o.events.emit({ type: "workflow.changed", personId: userId });
      return toDto(row!);
    }),
  );
}

/** Pauses (cancelling its runs not yet started) or activates (within the plan's limit). */
export async function setWorkflowActive(
  o: WriteOptions & { workflowId: string; isActive: boolean },
): Promise<WorkflowDto> {
  const limit = await requireWorkflows(o);
  const { db, personId: userId, workflowId: id, isActive } = o;
  const now = o.clock();
  return o.events.afterCommit(() =>
    db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const [current] = await tx
        .select()
        .from(workflows)
        .where(and(eq(workflows.id, id), eq(workflows.userId, userId)));
      if (!current) throw new AppError("NOT_FOUND", WORKFLOW_NOT_FOUND);
      if (isActive && !current.isActive && limit !== null && (await activeCount(tx, userId)) >= limit) {
        throw new AppError("PLAN_REQUIRED", limitMessage(limit), { requiredPlan: "team" });
      }
      if (!isActive) await cancelOpenRuns(tx, id, PAUSED_MESSAGE);
      const [row] = await tx
        .update(workflows)
        .set({
          isActive,
          heldReason: null,
          // Activating starts the schedule from now: a paused stretch is not caught up.
          nextRunAt: isActive ? firstRun(current.triggerType, current.triggerConfig, now) : current.nextRunAt,
          updatedAt: now,
        })
        .where(eq(workflows.id, id))
        .returning();
      o.events.emit({ type: "workflow.changed", personId: userId });
      return toDto(row!);
    }),
  );
}

/** Deletes the workflow; its history stays, under the name it had. */
export async function deleteWorkflow(o: Omit<WriteOptions, "clock"> & { workflowId: string }) {
  await requireWorkflows(o);
  const { db, personId: userId, workflowId: id } = o;
  await o.events.afterCommit(() =>
    db.transaction(async (tx) => {
      await cancelOpenRuns(tx, id, DELETED_MESSAGE);
      const rows = await tx
        .delete(workflows)
        .where(and(eq(workflows.id, id), eq(workflows.userId, userId)))
        .returning({ id: workflows.id });
      if (rows.length === 0) throw new AppError("NOT_FOUND", WORKFLOW_NOT_FOUND);
      o.events.emit({ type: "workflow.changed", personId: userId });
    }),
  );
}

// -- templates

/** Puts the built-in templates in place (by name; instances starting together insert them once). */
export async function seedWorkflowTemplates(db: Db) {
  await db
    .insert(workflowTemplates)
    .values(
      WORKFLOW_TEMPLATES.map((t) => ({
        name: t.name,
        description: t.description,
        category: t.category,
        triggerType: t.triggerType,
        triggerConfig: t.triggerConfig,
        actions: t.actions,
      })),
    )
    .onConflictDoNothing();
}

export async function listTemplates(db: Db): Promise<WorkflowTemplateDto[]> {
  const rows = await db
    .select()
    .from(workflowTemplates)
    .orderBy(desc(workflowTemplates.useCount), asc(workflowTemplates.name));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description ?? "",
    category: t.category ?? "General",
    useCount: t.useCount,
    triggerType: t.triggerType as TriggerType,
    triggerConfig: t.triggerConfig,
    actions: t.actions as { type: ActionType; config: Record<string, unknown> }[],
  }));
}

// -- history

function toExecutionDto(e: WorkflowExecution): WorkflowExecutionDto {
  const result = (e.result ?? {}) as { outcomes?: ActionOutcome[]; report?: WorkflowReport | null };
  const name = e.workflowName || UNTITLED_WORKFLOW;
  return {
    id: e.id,
    workflowId: e.workflowId,
    workflowName: e.workflowId
      ? name
      : e.workflowName
        ? `${name} (${DELETED_WORKFLOW.toLowerCase()})`
        : DELETED_WORKFLOW,
    status: e.status as ExecutionStatus,
    startedAt: e.startedAt.toISOString(),
    completedAt: e.completedAt?.toISOString() ?? null,
    error: e.errorMessage,
    attempts: e.attempts,
    trigger: e.trigger,
    outcomes: result.outcomes ?? [],
    report: result.report ?? null,
  };
}

export async function listExecutions(db: Db, userId: string): Promise<WorkflowExecutionDto[]> {
  const rows = await db
    .select()
    .from(workflowExecutions)
    .where(eq(workflowExecutions.userId, userId))
    .orderBy(desc(workflowExecutions.startedAt), desc(workflowExecutions.createdAt))
    .limit(EXECUTION_HISTORY_LIMIT);
  return rows.map(toExecutionDto);
}

export async function getExecution(db: Db, userId: string, id: string): Promise<WorkflowExecutionDto> {
  const [row] = await db
    .select()
    .from(workflowExecutions)
    .where(and(eq(workflowExecutions.id, id), eq(workflowExecutions.userId, userId)));
  if (!row) throw new AppError("NOT_FOUND", EXECUTION_NOT_FOUND);
  return toExecutionDto(row);
}
