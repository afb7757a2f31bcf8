// The outbox of workflow triggers: a task's status change writes its event in the transaction that
// changes the task, so no change is lost and no event exists without its change. The engine's
// dispatcher reads the events after the commit (and the sweep, if that moment was missed).
import { and, count, eq, sql } from "drizzle-orm";
import type { TaskStatus } from "#shared/domain/tasks.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { workflowEvents, workflows } from "../../db/schema/workflows.ts";
import type { Tx } from "../tasks/person-lock.ts";

export type TaskStatusChangedPayload = {
  taskId: string;
  title: string;
  category: string;
  from: TaskStatus;
  to: TaskStatus;
  /** On a completion: the open tasks of its category left right after it (milestones). */
  openInCategory?: number;
};

/** Where a change came from: a person (depth 1), or a workflow run at `depth` (its changes go one deeper). */
export type ChangeCause = { depth: number };

/**
 * Records a status change for the person's workflows, inside the change's transaction. Nothing is
 * written when no active task-triggered workflow of theirs could care.
 */
export async function recordTaskStatusChange(
  tx: Tx,
  userId: string,
  change: TaskStatusChangedPayload,
  now: Date,
  cause?: ChangeCause,
): Promise<boolean> {
  if (change.from === change.to) return false;
  const [interested] = await tx
    .select({ id: workflows.id })
    .from(workflows)
    .where(
      and(
        eq(workflows.userId, userId),
        eq(workflows.isActive, true),
        sql`${workflows.triggerType} in ('task_status', 'project_milestone')`,
      ),
    )
    .limit(1);
  if (!interested) return false;
  let openInCategory: number | undefined;
  if (change.to === "completed") {
    const [open] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.category, change.category), eq(tasks.completed, false)));
    openInCategory = open?.n ?? 0;
  }
  await tx.insert(workflowEvents).values({
    userId,
    type: "task.status_changed",
    payload: { ...change, ...(openInCategory === undefined ? {} : { openInCategory }) },
    depth: cause ? cause.depth + 1 : 1,
    createdAt: now,
  });
  return true;
}
