// Dispatch: each pending trigger event becomes at most one execution per matching workflow (a
// unique key on workflow + event, so two instances dispatching the same event make one row), and a
// job is queued per new execution. Before any run: a workflow the person's plan keeps paused gets
// none (nothing is written), the loop guard and the flood hold decide, and a person past their run
// budget for the minute gets a held run instead of a queued one. The plans and budgets of the
// batch's people are read once per pass; each event costs one query for its candidates.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  budgetHeldMessage,
  FLOOD_LIMIT_PER_MINUTE,
  floodHeld,
  loopGuard,
  RUN_BUDGET_PER_MINUTE,
} from "#shared/domain/workflow-rules.ts";
import {
  type NewWorkflowExecution,
  type Workflow,
  type WorkflowEvent,
  workflowEvents,
  workflowExecutions,
  workflows,
} from "../../db/schema/workflows.ts";
import type { Tx } from "../../db/transaction.ts";
import { activeWorkflowRank, type PersonEntitlements } from "../entitlements/entitlements.ts";
import { createNotification } from "../notifications/notifications.ts";
import type { EngineContext } from "./engine-context.ts";
import { cancelOpenRuns, FLOOD_MESSAGE } from "./open-runs.ts";
import { budgetLeft, runPriority, runsUsed } from "./run-budget.ts";
import { describeEvent, matches } from "./trigger-match.ts";

/** Events taken per pass; a longer backlog is taken by the next pass. */
const DISPATCH_BATCH = 100;

/** Dispatches pending events; returns the ids of the executions it queued. */
export async function dispatch(ctx: EngineContext): Promise<string[]> {
  const now = ctx.clock();
  const users = new Set<string>();
  // The hold notices are delivered once the transaction commits.
  const queued = await ctx.events.afterCommit(() =>
    ctx.db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(workflowEvents)
        .where(isNull(workflowEvents.dispatchedAt))
        .orderBy(asc(workflowEvents.createdAt))
        .limit(DISPATCH_BATCH)
        .for("update", { skipLocked: true });
      const people = [...new Set(events.map((ev) => ev.userId))];
      // Read in the transaction: on PGlite a read outside it would wait for it.
      const batch: Batch = {
        plans: await ctx.entitlements.forPeople(people, tx),
        used: await runsUsed(tx, people, now),
      };
      const ids: Queued[] = [];
      for (const ev of events) {
        ids.push(...(await dispatchEvent(ctx, tx, ev, now, users, batch)));
        await tx.update(workflowEvents).set({ dispatchedAt: now }).where(eq(workflowEvents.id, ev.id));
      }
      return ids;
    }),
  );
  // The lightest users' runs first (a stable sort keeps each person's in order).
  for (const { id, priority } of [...queued].sort((a, b) => b.priority - a.priority)) {
    await ctx
      .send(id, undefined, priority)
      .catch((err) => ctx.log.warn({ err, executionId: id }, "run not queued; the sweep will send it"));
  }
  ctx.changed(users);
  return queued.map((q) => q.id);
}

type Queued = { id: string; priority: number };
/** The pass's people: their plans, and the runs each has used of the budget (counted up as runs are made). */
type Batch = { plans: Map<string, PersonEntitlements>; used: Map<string, number> };

async function dispatchEvent(
  ctx: EngineContext,
  tx: Tx,
  ev: WorkflowEvent,
  now: Date,
  users: Set<string>,
  batch: Batch,
): Promise<Queued[]> {
  const since = new Date(now.getTime() - 60_000).toISOString();
  const candidates = await tx
    .select({
      wf: workflows,
      rank: activeWorkflowRank(),
      // The flood hold's count: this workflow's runs made in the last minute.
      recent: sql<number>`(select count(*) from ${workflowExecutions} as "recent"
        where "recent"."workflow_id" = "workflows"."id" and "recent"."created_at" > ${since}::timestamptz)`.mapWith(
        Number,
      ),
    })
    .from(workflows)
    .where(
      and(
        eq(workflows.userId, ev.userId),
        eq(workflows.isActive, true),
        ev.workflowId
          ? eq(workflows.id, ev.workflowId)
          : inArray(workflows.triggerType, ["task_status", "project_milestone"]),
      ),
    );
  const plan = batch.plans.get(ev.userId)!;
  const ids: Queued[] = [];
  for (const { wf, rank, recent } of candidates) {
    // What the plan keeps paused does not run, and leaves no trace each time its trigger fires.
    if (plan.workflowPause(rank) !== null) continue;
    if (!(await matches(tx, wf, ev))) continue;
    users.add(ev.userId);
    const base: NewWorkflowExecution = {
      workflowId: wf.id,
      workflowName: wf.name,
      userId: ev.userId,
      eventId: ev.id,
      depth: ev.depth,
      trigger: describeEvent(ev),
      createdAt: now,
      startedAt: now,
    };
    const loop = loopGuard(ev.depth);
    if (loop) {
      await tx
        .insert(workflowExecutions)
        .values({ ...base, status: "failed", errorMessage: loop, completedAt: now })
        .onConflictDoNothing();
      continue;
    }
    if (floodHeld(recent)) {
      await holdFlooded(ctx, tx, wf, base, now);
      continue;
    }
    const used = batch.used.get(ev.userId) ?? 0;
    if (budgetLeft(used) === 0) {
      await tx
        .insert(workflowExecutions)
        .values({
          ...base,
          status: "held",
          errorMessage: budgetHeldMessage(RUN_BUDGET_PER_MINUTE),
          completedAt: now,
        })
        .onConflictDoNothing();
      continue;
    }
    const [row] = await tx
      .insert(workflowExecutions)
      .values({ ...base, status: "queued" })
      .onConflictDoNothing()
      .returning({ id: workflowExecutions.id });
    if (row) {
      ids.push({ id: row.id, priority: runPriority(used) });
      batch.used.set(ev.userId, used + 1);
    }
  }
  return ids;
}

/** Pauses a workflow that fired too often, records the held run, and tells its owner. */
async function holdFlooded(ctx: EngineContext, tx: Tx, wf: Workflow, base: NewWorkflowExecution, now: Date) {
  await tx
    .insert(workflowExecutions)
    .values({ ...base, status: "held", errorMessage: FLOOD_MESSAGE, completedAt: now })
    .onConflictDoNothing();
  await tx
    .update(workflows)
    .set({ isActive: false, heldReason: FLOOD_MESSAGE })
    .where(eq(workflows.id, wf.id));
  await cancelOpenRuns(tx, wf.id, FLOOD_MESSAGE);
  await createNotification({
    db: tx,
    events: ctx.events,
    userId: wf.userId,
    kind: "workflow",
    title: `Workflow held: ${wf.name}`,
    body: `It fired more than ${FLOOD_LIMIT_PER_MINUTE} times in a minute, so it was paused. Check its trigger, then activate it again.`,
    link: "/workflow-automation",
    now,
  });
}
