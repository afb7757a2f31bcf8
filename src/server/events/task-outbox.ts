// The outbox of workflow triggers: a task's status change writes its event in the transaction that
// changes the task, so no change is lost and no event exists without its change. The engine's
// dispatcher reads the events after the commit (and the sweep, if that moment was missed).
import { and, count, eq, or, sql } from "drizzle-orm";
import type { TaskStatus } from "#shared/domain/tasks.ts";
import { tasks } from "../db/schema/tasks.ts";
import { workflowEvents, workflows } from "../db/schema/workflows.ts";
import type { Tx } from "../db/transaction.ts";

export type TaskStatusChangedPayload = {
  taskId: string;
  title: string;
  category: string;
  from: TaskStatus;
  to: TaskStatus;
  /** The task's project and milestone, and who changed it (decision 215). */
  projectId?: string | null;
  milestoneId?: string | null;
  actorId?: string;
  /** On a completion: the actor's open tasks of its category left right after it (category rules). */
  openInCategory?: number;
  /** On a completion of a milestone's task someone watches: its open tasks left right after it. */
  openInMilestone?: number;
};

/** Where a change came from: a person (depth 1), or a workflow run at `depth` (its changes go one deeper). */
export type ChangeCause = { depth: number };

/** The project a changed task is in, and who may see it (asked only when someone else's workflow watches it). */
export type TaskChangeScope = {
  projectId: string | null;
  milestoneId: string | null;
  audience: () => Promise<string[]>;
};

/**
 * Records a status change for the workflows that could care, inside the change's transaction: the
 * actor's own task triggers, and the triggers limited to the task's project of everyone who may see
 * it (decision 215). One event per person, so each workflow meets the change once; nothing is
 * written when no active task-triggered workflow could care.
 */
export async function recordTaskStatusChange(
  tx: Tx,
  userId: string,
  change: TaskStatusChangedPayload,
  now: Date,
  cause?: ChangeCause,
  scope?: TaskChangeScope,
): Promise<boolean> {
  if (change.from === change.to) return false;
  const projectId = scope?.projectId ?? null;
  const milestoneId = scope?.milestoneId ?? null;
  const watching = projectId ? sql`${workflows.triggerConfig}->>'projectId' = ${projectId}` : sql`false`;
  const interested = await tx
    .select({
      userId: workflows.userId,
      milestone: milestoneId
        ? sql<boolean>`bool_or(${workflows.triggerConfig}->>'milestoneId' = ${milestoneId})`
        : sql<boolean>`false`,
    })
    .from(workflows)
    .where(
      and(
        eq(workflows.isActive, true),
        sql`${workflows.triggerType} in ('task_status', 'project_milestone')`,
        or(eq(workflows.userId, userId), watching),
      ),
    )
    .groupBy(workflows.userId);
  if (interested.length === 0) return false;
  // Someone else's workflow hears the change only while they may see the task's project.
  let people = interested.map((r) => r.userId);
  if (people.some((id) => id !== userId)) {
    const audience = new Set(scope ? await scope.audience() : []);
    people = people.filter((id) => id === userId || audience.has(id));
  }
  if (people.length === 0) return false;
  const facts: Pick<TaskStatusChangedPayload, "openInCategory" | "openInMilestone"> = {};
  if (change.to === "completed") {
    if (people.includes(userId)) {
      const [open] = await tx
        .select({ n: count() })
        .from(tasks)
        .where(
          and(eq(tasks.userId, userId), eq(tasks.category, change.category), eq(tasks.completed, false)),
        );
      facts.openInCategory = open?.n ?? 0;
    }
    if (milestoneId && interested.some((r) => r.milestone && people.includes(r.userId))) {
      // Two people completing a milestone's last two tasks at once: one after the other here, so
      // the second counts after the first committed and exactly one of them sees none left.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`milestone:${milestoneId}`}))`);
      const [open] = await tx
        .select({ n: count() })
        .from(tasks)
        .where(and(eq(tasks.milestoneId, milestoneId), eq(tasks.completed, false)));
      facts.openInMilestone = open?.n ?? 0;
    }
  }
  const payload = { ...change, projectId, milestoneId, actorId: userId, ...facts };
  await tx.insert(workflowEvents).values(
    people.map((person) => ({
      userId: person,
      type: "task.status_changed",
      payload,
      depth: cause ? cause.depth + 1 : 1,
      createdAt: now,
    })),
  );
  return true;
}
