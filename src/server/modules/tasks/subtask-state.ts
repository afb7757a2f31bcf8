// Writes of a task's subtasks that other task changes make in their own transaction: completing the
// parent completes its open subtasks (decision 231), and a later recurring series reopens them for
// each new occurrence (decision 233). The caller holds the task's row lock.
import { and, eq, sql } from "drizzle-orm";
import type { SubtaskSummary } from "#shared/domain/subtasks.ts";
import { subtasks, tasks } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";

/**
 * Marks the task's open subtasks done (at `now`); answers the task's summary afterwards, for the
 * caller's own update of the task row.
 */
export async function completeOpenSubtasks(
  tx: Tx,
  task: { id: string; subtasksTotal: number; subtasksDone: number },
  now: Date,
): Promise<Pick<SubtaskSummary, "subtasksDone" | "subtasksOpenMinutes">> {
  if (task.subtasksDone < task.subtasksTotal)
    await tx
      .update(subtasks)
      .set({ done: true, completedAt: now, updatedAt: now })
      .where(and(eq(subtasks.taskId, task.id), eq(subtasks.done, false)));
  return { subtasksDone: task.subtasksTotal, subtasksOpenMinutes: 0 };
}

/**
 * Opens every subtask of the task again and writes the task's counts (not its version: the caller,
 * which opens the next occurrence, bumps that in its own write). For the recurring series of issue 24,
 * point 5: "a recurring parent's subtasks reopen with each occurrence" (decision 233).
 */
export async function reopenSubtasks(tx: Tx, taskId: string, now: Date): Promise<SubtaskSummary> {
  await tx
    .update(subtasks)
    .set({ done: false, completedAt: null, updatedAt: now })
    .where(and(eq(subtasks.taskId, taskId), eq(subtasks.done, true)));
  const [row] = await tx
    .update(tasks)
    .set({
      subtasksDone: 0,
      subtasksOpenMinutes: sql`(select coalesce(sum(${subtasks.estimatedMinutes}), 0)::int from ${subtasks} where ${subtasks.taskId} = ${taskId})`,
    })
    .where(eq(tasks.id, taskId))
    .returning({
      subtasksTotal: tasks.subtasksTotal,
      subtasksDone: tasks.subtasksDone,
      subtasksOpenMinutes: tasks.subtasksOpenMinutes,
    });
  return row ?? { subtasksTotal: 0, subtasksDone: 0, subtasksOpenMinutes: 0 };
}
