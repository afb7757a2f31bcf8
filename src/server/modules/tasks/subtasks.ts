// Subtask use cases (issue 24, point 5): read a task with its subtasks, add, edit (rename, tick,
// estimate), delete and reorder them. Each write asks the permission table through accessTask
// ("task.write": a viewer is refused, another person's or team's task is "Task not found."), holds
// the task's row for its transaction, and writes the task's counts with a new version (decision
// 232), so a stale edit of the task itself answers 409 and the lists show "2 of 5" without a join.
import { asc, eq, sql } from "drizzle-orm";
import {
  STALE_SUBTASK_ORDER,
  type SubtaskCreateBody,
  type SubtaskOrderBody,
  type SubtaskUpdateBody,
  subtaskCapMessage,
  type TaskDetailDto,
} from "#shared/contracts/subtasks.ts";
import {
  isPermutationOf,
  nextPosition,
  SUBTASKS_PER_TASK,
  summarizeSubtasks,
} from "#shared/domain/subtasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { withPersonLock } from "../../db/person-lock.ts";
import { type Subtask, subtasks, type Task, tasks } from "../../db/schema/tasks.ts";
import type { Clock, Tx } from "../../db/transaction.ts";
import type { PlanGate } from "../permissions/permissions.ts";
import { accessTask } from "./task-access.ts";
import { toSubtaskDto, toTaskDto } from "./task-dto.ts";
import { announceProjectChange, gateOf, type TaskWriteOptions } from "./tasks.ts";

export const SUBTASK_NOT_FOUND = "Subtask not found.";

/** The task's subtasks in their order (ties, which only a crash mid-renumber could leave, by age). */
function subtasksOf(conn: Db | Tx, taskId: string): Promise<Subtask[]> {
  return conn
    .select()
    .from(subtasks)
    .where(eq(subtasks.taskId, taskId))
    .orderBy(asc(subtasks.position), asc(subtasks.createdAt), asc(subtasks.id));
}

/** GET /api/tasks/:id: the task, if the person may see it, with its subtasks. */
export async function getTaskDetail(o: {
  db: Db;
  clock: Clock;
  gate?: PlanGate;
  personId: string;
  taskId: string;
}): Promise<TaskDetailDto> {
  const { task } = await accessTask({
    conn: o.db,
    gate: gateOf(o),
    personId: o.personId,
    taskId: o.taskId,
    action: "task.read",
  });
  return { task: toTaskDto(task), subtasks: (await subtasksOf(o.db, task.id)).map(toSubtaskDto) };
}

type SubtaskWrite = TaskWriteOptions & { taskId: string };

/**
 * One subtask write: under the person's lock and the task's row lock, `change` edits the subtasks;
 * then the task's counts, version and last writer are written, and the change is announced as a
 * change of the task (its owner's tabs, and everyone who may see a team project).
 */
function writeSubtasks(
  o: SubtaskWrite,
  change: (tx: Tx, task: Task, list: Subtask[], now: Date) => Promise<void>,
): Promise<TaskDetailDto> {
  return o.events.afterCommit(() =>
    withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
      const { task, project } = await accessTask({
        conn: tx,
        gate: gateOf(o),
        personId: o.personId,
        taskId: o.taskId,
        action: "task.write",
        lock: true,
      });
      await change(tx, task, await subtasksOf(tx, task.id), now);
      const after = await subtasksOf(tx, task.id);
      const [row] = await tx
        .update(tasks)
        .set({
          ...summarizeSubtasks(after),
          version: task.version + 1,
          updatedBy: o.personId,
          updatedAt: now,
        })
        .where(eq(tasks.id, task.id))
        .returning();
      const base = { type: "task.updated" as const, taskId: task.id, origin: o.origin };
      o.events.emit({ ...base, personId: o.personId });
      if (task.userId !== o.personId) o.events.emit({ ...base, personId: task.userId });
      await announceProjectChange(tx, o, project, "updated", task.id);
      return { task: toTaskDto(row!), subtasks: after.map(toSubtaskDto) };
    }),
  );
}

function find(list: Subtask[], id: string): Subtask {
  const found = list.find((s) => s.id === id);
  if (!found) throw new AppError("NOT_FOUND", SUBTASK_NOT_FOUND);
  return found;
}

/** Adds a subtask at the end; a task holds at most SUBTASKS_PER_TASK (409 past it). */
export function addSubtask(o: SubtaskWrite & { body: SubtaskCreateBody }) {
  return writeSubtasks(o, async (tx, task, list, now) => {
    if (list.length >= SUBTASKS_PER_TASK) throw new AppError("CONFLICT", subtaskCapMessage());
    await tx.insert(subtasks).values({
      taskId: task.id,
      title: o.body.title,
      estimatedMinutes: o.body.estimatedMinutes ?? null,
      position: nextPosition(list.map((s) => s.position)),
      createdBy: o.personId,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** Renames, ticks or unticks, or re-estimates a subtask. Ticking it never completes the parent. */
export function updateSubtask(o: SubtaskWrite & { subtaskId: string; body: SubtaskUpdateBody }) {
  return writeSubtasks(o, async (tx, _task, list, now) => {
    const current = find(list, o.subtaskId);
    const done = o.body.done ?? current.done;
    await tx
      .update(subtasks)
      .set({
        title: o.body.title ?? current.title,
        done,
        completedAt: done ? (current.completedAt ?? now) : null,
        estimatedMinutes:
          o.body.estimatedMinutes !== undefined ? o.body.estimatedMinutes : current.estimatedMinutes,
        updatedAt: now,
      })
      .where(eq(subtasks.id, current.id));
  });
}

export function deleteSubtask(o: SubtaskWrite & { subtaskId: string }) {
  return writeSubtasks(o, async (tx, _task, list) => {
    await tx.delete(subtasks).where(eq(subtasks.id, find(list, o.subtaskId).id));
  });
}

/**
 * Puts the subtasks in the order given, renumbering them 0..n-1 (decision 230). The order must name
 * every subtask of the task once: one made from a stale list answers 409 and changes nothing.
 */
export function reorderSubtasks(o: SubtaskWrite & { body: SubtaskOrderBody }) {
  return writeSubtasks(o, async (tx, task, list) => {
    if (
      !isPermutationOf(
        o.body.ids,
        list.map((s) => s.id),
      )
    )
      throw new AppError("CONFLICT", STALE_SUBTASK_ORDER);
    if (o.body.ids.length === 0) return;
    // The ids are uuids (checked by the contract), so the array literal needs no escaping.
    await tx.execute(sql`
      update ${subtasks} set position = v.ord - 1
      from unnest(${`{${o.body.ids.join(",")}}`}::uuid[]) with ordinality as v(id, ord)
      where ${subtasks.id} = v.id and ${subtasks.taskId} = ${task.id} and ${subtasks.position} <> v.ord - 1`);
  });
}
