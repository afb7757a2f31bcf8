// Repeating tasks (issue 24, points 1 and 2; decisions 235 and 236): a series is one task row whose
// open occurrence is the task itself. Completing or skipping it records the occurrence
// (task_occurrences, one row per rule date) and moves the row to the next date, in one transaction
// under the task's row lock; the unique (task, date) index and the date the client names make a
// second click, tab, device or instance a no-op instead of a second advance.
import { and, eq, isNull } from "drizzle-orm";
import { DELETED_USER_NAME } from "#shared/contracts/projects.ts";
import type {
  OccurrenceActionBody,
  OccurrenceActionResponse,
  RecurrenceBody,
  TaskDto,
} from "#shared/contracts/tasks.ts";
import { staleTaskMessage } from "#shared/contracts/tasks.ts";
import { firstOccurrence, nextOfSeries, validateRecurrence } from "#shared/domain/recurrence.ts";
import type { Recurrence } from "#shared/domain/recurrence-rule.ts";
import type { TaskStatus } from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { withPersonLock } from "../../db/person-lock.ts";
import { user } from "../../db/schema/auth.ts";
import type { Project } from "../../db/schema/projects.ts";
import { type Task, taskOccurrences, tasks, timeLogs } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";
import { type ChangeCause, recordTaskStatusChange } from "../../events/task-outbox.ts";
import { recordWebhookEvent } from "../../events/webhook-outbox.ts";
import { recordTaskHistory } from "../comments/history.ts";
import { projectAudience } from "../permissions/permissions.ts";
import { followDeadline } from "../reminders/reminders.ts";
import { completeOpenSubtasks, reopenSubtasks } from "./subtask-state.ts";
import { accessTask } from "./task-access.ts";
import { toOccurrenceDto, toTaskDto } from "./task-dto.ts";
import { announceProjectChange, gateOf, scoreOf, type TaskWriteOptions } from "./task-write.ts";
import { closeTimer } from "./timer-close.ts";

export const NOT_REPEATING = "This task does not repeat.";
export const SERIES_OVER = "This repeating task is completed: its rule has no date left.";

/** A rule from a request, checked whole (the part named), or a 400 with nothing stored. */
export function readRecurrence(body: RecurrenceBody): Recurrence {
  const r: Recurrence = {
    rrule: body.rrule.trim().replace(/^RRULE:/i, ""),
    start: body.start,
    timeZone: body.timeZone,
    afterCompletion: body.afterCompletion ?? false,
  };
  const issue = validateRecurrence(r);
  if (issue) {
    const part = issue.part ? ` (${issue.part})` : "";
    throw new AppError("VALIDATION", `Repeat rule${part}: ${issue.message}`, {
      fields: { recurrence: issue.message },
    });
  }
  return r;
}

/** The task's recurrence, or null when it happens once. */
export function seriesOf(t: Task): Recurrence | null {
  if (!t.recurrenceRule || !t.recurrenceStart || !t.recurrenceTimeZone) return null;
  return {
    rrule: t.recurrenceRule,
    start: t.recurrenceStart,
    timeZone: t.recurrenceTimeZone,
    afterCompletion: t.recurrenceAfterCompletion,
  };
}

/**
 * The columns a new or changed rule writes: the rule, and its first date as the open occurrence
 * (the deadline). Counting starts again (a changed rule is a new series on the same row).
 */
export function seriesColumns(r: Recurrence, title: string) {
  const due = firstOccurrence(r);
  if (!due)
    throw new AppError("VALIDATION", "Repeat rule: The repeat rule never produces a date.", {
      fields: { recurrence: "The repeat rule never produces a date." },
    });
  return {
    recurrenceRule: r.rrule,
    recurrenceStart: r.start,
    recurrenceTimeZone: r.timeZone,
    recurrenceAfterCompletion: r.afterCompletion,
    occurrenceDue: due,
    seriesTitle: title,
    occurrencesDone: 0,
    deadline: due,
  };
}

/** The columns that make a task happen once again. */
export const noSeriesColumns = {
  recurrenceRule: null,
  recurrenceStart: null,
  recurrenceTimeZone: null,
  recurrenceAfterCompletion: false,
  occurrenceDue: null,
  seriesTitle: null,
  occurrencesDone: 0,
};

type Outcome = "completed" | "skipped";

/** POST /api/tasks/:id/occurrences/complete and /skip. */
export async function finishOccurrence(
  o: TaskWriteOptions & { taskId: string; body: OccurrenceActionBody; outcome: Outcome },
): Promise<OccurrenceActionResponse> {
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
      return finishInTx(tx, o, task, project, o.outcome, now, {
        due: o.body.due ? new Date(o.body.due) : undefined,
        version: o.body.version,
      });
    }),
  );
}

/**
 * Records the open occurrence as completed or skipped and opens the next one, in the caller's
 * transaction, which holds the task's row lock. `expect.due` names the occurrence the person saw:
 * when it is already recorded (another click got there first) the answer is that record and nothing
 * changes; when it is neither recorded nor the open one, 409.
 */
export async function finishInTx(
  tx: Tx,
  o: TaskWriteOptions & { cause?: ChangeCause },
  task: Task,
  project: Project | null,
  outcome: Outcome,
  now: Date,
  expect: { due?: Date; version?: number },
): Promise<OccurrenceActionResponse> {
  const r = seriesOf(task);
  if (!r || !task.occurrenceDue)
    throw new AppError("VALIDATION", NOT_REPEATING, { fields: { recurrence: NOT_REPEATING } });
  const openDue = task.occurrenceDue;
  if (expect.due && expect.due.getTime() !== openDue.getTime()) {
    const [done] = await tx
      .select()
      .from(taskOccurrences)
      .where(and(eq(taskOccurrences.taskId, task.id), eq(taskOccurrences.dueAt, expect.due)))
      .limit(1);
    if (done)
      return {
        task: toTaskDto(task),
        occurrence: toOccurrenceDto(done),
        next: task.completed ? null : openDue.toISOString(),
        recorded: false,
      };
    throw await conflict(tx, task, "This occurrence is not the open one any more.");
  }
  if (task.completed) throw new AppError("CONFLICT", SERIES_OVER, { extra: { task: toTaskDto(task) } });
  if (expect.version !== undefined && expect.version !== task.version) throw await conflict(tx, task, null);

  // A running timer stops first, so its minutes belong to this occurrence.
  const closed = task.isActive ? (await closeTimer(tx, task.userId, task, now)).set : null;
  const timer = closed ?? {};
  const minutes = closed ? closed.actualMinutes : task.actualMinutes;
  const [recorded] = await tx
    .insert(taskOccurrences)
    .values({
      taskId: task.id,
      userId: task.userId,
      dueAt: openDue,
      deadline: task.deadline,
      outcome,
      doneAt: now,
      doneBy: o.personId,
      title: task.title,
      category: task.category,
      actualMinutes: minutes,
      estimatedMinutes: task.estimatedMinutes,
    })
    .onConflictDoNothing({ target: [taskOccurrences.taskId, taskOccurrences.dueAt] })
    .returning();
  // The row lock makes this unreachable; the unique index is the database's own guarantee.
  if (!recorded) throw await conflict(tx, task, "This occurrence is already recorded.");
  await tx
    .update(timeLogs)
    .set({ occurrenceId: recorded.id })
    .where(and(eq(timeLogs.taskId, task.id), isNull(timeLogs.occurrenceId)));

  const doneCount = task.occurrencesDone + 1;
  const next = nextOfSeries(r, openDue, now, doneCount);
  const title = task.seriesTitle ?? task.title;
  const base = {
    ...timer,
    title,
    occurrencesDone: doneCount,
    updatedBy: o.personId,
    version: task.version + 1,
    updatedAt: now,
  };
  let row: Task;
  if (next) {
    const counts = await reopenSubtasks(tx, task.id, now);
    const values = {
      ...base,
      ...counts,
      deadline: next.due,
      occurrenceDue: next.due,
      recurrenceStart: next.start,
      actualMinutes: 0,
      completed: false,
      completedAt: null,
      status: "todo" as const,
    };
    [row] = (await tx
      .update(tasks)
      .set({
        ...values,
        priorityScore: scoreOf({ ...task, ...values, createdAt: task.createdAt }, now),
      })
      .where(eq(tasks.id, task.id))
      .returning()) as [Task];
    // Reminders set before the deadline follow the series to its next occurrence, armed again.
    await followDeadline(tx, task.id, next.due, now);
  } else {
    // The rule has ended: the last occurrence completes the task for good.
    const counts = outcome === "completed" ? await completeOpenSubtasks(tx, task, now) : {};
    const values = {
      ...base,
      ...counts,
      actualMinutes: minutes,
      completed: true,
      completedAt: now,
      status: "completed" as const,
    };
    [row] = (await tx
      .update(tasks)
      .set({
        ...values,
        priorityScore: scoreOf({ ...task, ...values, createdAt: task.createdAt }, now),
      })
      .where(eq(tasks.id, task.id))
      .returning()) as [Task];
  }

  // The task's history and, for a completion, the workflows' trigger, in this transaction as every
  // other change writes them: the occurrence's deadline and the next one's (null: the series ended).
  await recordTaskHistory(tx, {
    taskId: task.id,
    ownerId: task.userId,
    actorId: o.personId,
    kind: outcome === "completed" ? "occurrence_completed" : "occurrence_skipped",
    changes: {
      deadline: { from: (task.deadline ?? openDue).toISOString(), to: next ? next.due.toISOString() : null },
    },
    byWorkflow: o.cause !== undefined,
    now,
  });
  if (outcome === "completed")
    await recordTaskStatusChange(
      tx,
      o.personId,
      {
        taskId: task.id,
        title: task.title,
        category: task.category,
        from: task.status as TaskStatus,
        to: "completed",
      },
      now,
      o.cause,
      {
        projectId: task.projectId,
        milestoneId: task.milestoneId,
        audience: () => (project ? projectAudience(tx, project) : Promise.resolve([])),
      },
    );

  const dto = toTaskDto(row);
  const ev = { taskId: task.id, personId: o.personId, origin: o.origin };
  o.events.emit({ type: "task.updated", ...ev });
  if (task.userId !== o.personId) o.events.emit({ type: "task.updated", ...ev, personId: task.userId });
  if (outcome === "completed") {
    o.events.emit({ type: "task.completed", ...ev, category: task.category });
    await recordWebhookEvent(tx, o.personId, "task.completed", dto, now);
  }
  await recordWebhookEvent(tx, o.personId, "task.updated", dto, now);
  await announceProjectChange(tx, o, project, outcome === "completed" ? "completed" : "updated", task.id);
  return {
    task: dto,
    occurrence: toOccurrenceDto(recorded),
    next: next ? next.due.toISOString() : null,
    recorded: true,
  };
}

/** A 409 with the task as it is and who changed it last, as every stale task write answers. */
async function conflict(tx: Tx, current: Task, message: string | null): Promise<AppError> {
  const [by] = current.updatedBy
    ? await tx.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, current.updatedBy))
    : [];
  const name = by?.name ?? DELETED_USER_NAME;
  return new AppError("CONFLICT", message ?? staleTaskMessage(name), {
    extra: { task: toTaskDto(current) satisfies TaskDto, changedBy: { id: by?.id ?? null, name } },
  });
}
