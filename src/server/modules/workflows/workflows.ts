// Workflow use cases: list, create (within the plan's limit and the per-person cap), pause / activate,
// delete; the templates catalogue; the run history. Every query is scoped to the person; another
// person's id is not found. Which active workflows run now is the entitlements service's answer
// (`workflowPause`), asked here for the list and by the engine at run time; pausing and deleting
// need no plan, so a person whose plan lapsed can still tidy up.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type {
  ActionOutcome,
  ExecutionStatus,
  TriggerConfigs,
  WorkflowCreateBody,
  WorkflowDto,
  WorkflowExecutionDto,
  WorkflowListResponse,
  WorkflowReport,
  WorkflowTemplateDto,
} from "#shared/contracts/workflows.ts";
import {
  type ActionType,
  DELETED_WORKFLOW,
  EXECUTION_HISTORY_LIMIT,
  MAX_WORKFLOWS_PER_PERSON,
  nextRuns,
  type TriggerType,
  UNTITLED_WORKFLOW,
  workflowCapMessage,
} from "#shared/domain/workflow-rules.ts";
import { WORKFLOW_TEMPLATES } from "#shared/domain/workflow-templates.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { lockPerson } from "../../db/person-lock.ts";
import {
  type Workflow,
  type WorkflowExecution,
  workflowExecutions,
  workflows,
  workflowTemplates,
  workflowTemplateUses,
} from "../../db/schema/workflows.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { activeWorkflowRank, type Entitlements } from "../entitlements/entitlements.ts";
import { cancelOpenRuns, DELETED_MESSAGE, PAUSED_MESSAGE } from "./open-runs.ts";
import { checkProjectsNamed, type WorkflowDefinition } from "./project-scope.ts";

export const WORKFLOW_NOT_FOUND = "Workflow not found.";
export const EXECUTION_NOT_FOUND = "Execution not found.";
export const TEMPLATE_NOT_FOUND = "Template not found.";
export const limitMessage = (limit: number) =>
  `Your plan runs up to ${limit} active workflows. Upgrade to Team for unlimited workflows, or pause one first.`;

function toDto(w: Workflow, pausedByPlan: string | null = null): WorkflowDto {
  const runs = w.isActive && pausedByPlan === null;
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    triggerType: w.triggerType as TriggerType,
    triggerConfig: w.triggerConfig,
    actions: w.actions as WorkflowDto["actions"],
    isActive: w.isActive,
    heldReason: w.heldReason,
    pausedByPlan: w.isActive ? pausedByPlan : null,
    executionCount: w.executionCount,
    lastRunAt: w.lastRunAt?.toISOString() ?? null,
    nextRunAt: runs ? (w.nextRunAt?.toISOString() ?? null) : null,
    createdAt: w.createdAt.toISOString(),
  };
}

/** The next time a scheduled workflow fires after `now` (null for other triggers). */
function firstRun(triggerType: string, config: Record<string, unknown>, now: Date): Date | null {
  if (triggerType !== "time_based") return null;
  const cfg = config as TriggerConfigs["time_based"];
  return nextRuns(cfg.schedule, cfg.timeZone, now, 1)[0]!;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function activeCount(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(workflows)
    .where(and(eq(workflows.userId, userId), eq(workflows.isActive, true)));
  return row?.n ?? 0;
}

/** What the write use cases are given: who changes their workflows, the plan's answers, the hub. */
type WriteOptions = {
  db: Db;
  events: Pick<DomainEvents, "emit" | "afterCommit">;
  entitlements: Pick<Entitlements, "require" | "forPerson" | "teamPlanLive">;
  personId: string;
  clock: () => Date;
};

/** Every workflow call needs the workflow_automation feature; answers the plan's active limit. */
async function requireWorkflows(o: Pick<WriteOptions, "entitlements" | "personId">) {
  return (await o.entitlements.require(o.personId, "workflow_automation")).workflowLimit;
}

/**
 * The person's workflows, newest first and at most the per-person cap (rows from before the cap stay
 * stored but past it are not listed), each active one with whether the plan lets it run now; with
 * the plan's limit of running ones (null: unlimited). Open on every plan: a person whose plan
 * lapsed sees why their workflows stopped, and can pause or delete them.
 */
export async function listWorkflowsForPerson(
  o: Pick<WriteOptions, "db" | "entitlements" | "personId">,
): Promise<WorkflowListResponse> {
  const [plan, rows] = await Promise.all([
    o.entitlements.forPerson(o.personId),
    o.db
      .select({
        workflow: workflows,
        rank: sql<number | null>`case when ${workflows.isActive} then ${activeWorkflowRank()} end`.mapWith(
          Number,
        ),
        total: sql<number>`count(*) over ()`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${workflows.isActive}) over ()`.mapWith(Number),
      })
      .from(workflows)
      .where(eq(workflows.userId, o.personId))
      .orderBy(desc(workflows.createdAt), asc(workflows.id))
      .limit(MAX_WORKFLOWS_PER_PERSON),
  ]);
  return {
    workflows: rows.map((r) => toDto(r.workflow, r.rank === null ? null : plan.workflowPause(r.rank))),
    limit: plan.workflowLimit,
    activeCount: rows[0]?.active ?? 0,
    total: rows[0]?.total ?? 0,
    cap: MAX_WORKFLOWS_PER_PERSON,
  };
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
      const [kept] = await tx
        .select({
          all: count(),
          active: sql<number>`count(*) filter (where ${workflows.isActive})`.mapWith(Number),
        })
        .from(workflows)
        .where(eq(workflows.userId, userId));
      // The cap first: past it no plan helps, so no upgrade is offered.
      if ((kept?.all ?? 0) >= MAX_WORKFLOWS_PER_PERSON) {
        throw new AppError("CONFLICT", workflowCapMessage(MAX_WORKFLOWS_PER_PERSON));
      }
      if (limit !== null && (kept?.active ?? 0) >= limit) {
        throw new AppError("PLAN_REQUIRED", limitMessage(limit), { requiredPlan: "team" });
      }
      // The projects it names are ones the person may use (decision 215).
      await checkProjectsNamed({ conn: tx, gate: o.entitlements, personId: userId, definition: body });
      if (body.templateId) await countTemplateUse(tx, body.templateId, userId, now);
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

/**
 * Pauses (cancelling its runs not yet started; on any plan) or activates (with Workflow Automation,
 * within the plan's limit: a workflow the plan keeps paused is refused as one past the limit).
 */
export async function setWorkflowActive(
  o: WriteOptions & { workflowId: string; isActive: boolean },
): Promise<WorkflowDto> {
  const plan = o.isActive
    ? await o.entitlements.require(o.personId, "workflow_automation")
    : await o.entitlements.forPerson(o.personId);
  const limit = plan.workflowLimit;
  const { db, personId: userId, workflowId: id, isActive } = o;
  const now = o.clock();
  return o.events.afterCommit(() =>
    db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const [found] = await tx
        .select({ workflow: workflows, rank: activeWorkflowRank() })
        .from(workflows)
        .where(and(eq(workflows.id, id), eq(workflows.userId, userId)));
      if (!found) throw new AppError("NOT_FOUND", WORKFLOW_NOT_FOUND);
      const current = found.workflow;
      if (isActive && limit !== null) {
        const past = current.isActive
          ? plan.workflowPause(found.rank) !== null
          : (await activeCount(tx, userId)) >= limit;
        if (past) throw new AppError("PLAN_REQUIRED", limitMessage(limit), { requiredPlan: "team" });
      }
      // A workflow whose owner lost a project it names cannot be turned back on.
      if (isActive && !current.isActive)
        await checkProjectsNamed({
          conn: tx,
          gate: o.entitlements,
          personId: userId,
          definition: {
            triggerType: current.triggerType as TriggerType,
            triggerConfig: current.triggerConfig,
            actions: current.actions as WorkflowDefinition["actions"],
          },
        });
      if (!isActive) await cancelOpenRuns(tx, id, PAUSED_MESSAGE);
      const [row] = await tx
        .update(workflows)
        .set({
          isActive,
          heldReason: null,
          // Activating starts the schedule from now: a paused stretch is not caught up. Asking an
          // already active one to be active changes nothing.
          nextRunAt:
            isActive && !current.isActive
              ? firstRun(current.triggerType, current.triggerConfig, now)
              : current.nextRunAt,
          updatedAt: now,
        })
        .where(eq(workflows.id, id))
        .returning();
      o.events.emit({ type: "workflow.changed", personId: userId });
      // Paused, or active within the limit (checked above): the plan keeps nothing from it.
      return toDto(row!);
    }),
  );
}

/** Deletes the workflow (on any plan); its history stays, under the name it had. */
export async function deleteWorkflow(
  o: Omit<WriteOptions, "clock" | "entitlements"> & { workflowId: string },
) {
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

/** Counts a template's use once per person: making a second workflow from it leaves the count. */
async function countTemplateUse(tx: Tx, templateId: string, userId: string, now: Date) {
  const [template] = await tx
    .select({ id: workflowTemplates.id })
    .from(workflowTemplates)
    .where(eq(workflowTemplates.id, templateId));
  if (!template) throw new AppError("NOT_FOUND", TEMPLATE_NOT_FOUND);
  const first = await tx
    .insert(workflowTemplateUses)
    .values({ templateId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ templateId: workflowTemplateUses.templateId });
  if (first.length === 0) return;
  await tx
    .update(workflowTemplates)
    .set({ useCount: sql`${workflowTemplates.useCount} + 1` })
    .where(eq(workflowTemplates.id, templateId));
}

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

/** GET /api/workflow-templates: for people with workflow automation (403 with the offer otherwise). */
export async function listTemplates(o: {
  db: Db;
  entitlements: Pick<Entitlements, "require">;
  personId: string;
}): Promise<WorkflowTemplateDto[]> {
  await o.entitlements.require(o.personId, "workflow_automation");
  const rows = await o.db
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

/** GET /api/workflow-executions: the person's latest runs, with workflow automation. */
export async function listExecutions(o: {
  db: Db;
  entitlements: Pick<Entitlements, "require">;
  personId: string;
}): Promise<WorkflowExecutionDto[]> {
  await o.entitlements.require(o.personId, "workflow_automation");
  const rows = await o.db
    .select()
    .from(workflowExecutions)
    .where(eq(workflowExecutions.userId, o.personId))
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
