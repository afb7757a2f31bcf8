// The task timer (spec section 4). Start sets is_active and active_start_time and opens a time log;
// stop clears them, adds the elapsed whole minutes to actual_minutes and closes the newest open log,
// all in one transaction. One running timer per person: the person's row is locked for the length
// of the transaction, so two simultaneous starts run one after the other; partial unique indexes
// back this up in the database.
import { and, desc, eq, gte } from "drizzle-orm";
import type { TimerStartResponse, TimerStopResponse } from "#shared/contracts/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { withPersonLock } from "../../db/person-lock.ts";
import { type Task, tasks, timeLogs } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";
import { recordWebhookEvent } from "../../events/webhook-outbox.ts";
import { recordTaskEdit } from "../comments/history.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import type { PlanGate } from "../permissions/permissions.ts";
import { accessTask } from "./task-access.ts";
import { toTaskDto } from "./task-dto.ts";
import { gateOf, getTask, scoreOf, type TaskWriteOptions } from "./tasks.ts";
import { closeTimer } from "./timer-close.ts";

/** Stops a running task's timer: its log is closed, its row written once, its webhooks queued. */
async function stopRunning(tx: Tx, userId: string, task: Task, now: Date) {
  const { set, minutes } = await closeTimer(tx, userId, task, now);
  const [row] = await tx.update(tasks).set(set).where(eq(tasks.id, task.id)).returning();
  await recordWebhookEvent(
    tx,
    userId,
    "timer.stopped",
    { taskId: task.id, minutes, task: toTaskDto(row!) },
    now,
  );
  return { row: row!, minutes };
}

/**
 * The task a timer call is about: the permission table decides first (a viewer, an archived
 * project or an ended plan refuse), then the timer is its holder's (the task's creator): the one
 * running timer per person is kept on `tasks.user_id`.
 */
async function heldTask(
  conn: Db | Tx,
  o: { db: Db; clock: () => Date; gate?: PlanGate; personId: string; taskId: string },
  action: "task.read" | "task.write",
) {
  const { task } = await accessTask({
    conn,
    gate: gateOf(o),
    personId: o.personId,
    taskId: o.taskId,
    action,
  });
  if (task.userId !== o.personId)
    throw new AppError("CONFLICT", "Time on this task is tracked by the person who holds it.");
  return getTask(conn, o.personId, o.taskId);
}

/** Starts the task's timer, stopping the person's other running timer first (one at a time). */
export async function startTimer(o: TaskWriteOptions & { taskId: string }): Promise<TimerStartResponse> {
  const { personId: userId, taskId, events } = o;
  return events.afterCommit(() =>
    withPersonLock(o.db, userId, o.clock, async (tx, now) => {
      const task = await heldTask(tx, o, "task.write");
      if (task.completed) throw new AppError("CONFLICT", "This task is completed. Reopen it to track time.");
      if (task.isActive) return { task: toTaskDto(task), stopped: null };
      const [running] = await tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.userId, userId), eq(tasks.isActive, true)))
        .limit(1);
      let stopped: TimerStartResponse["stopped"] = null;
      if (running) {
        const s = await stopRunning(tx, userId, running, now);
        stopped = { task: toTaskDto(s.row), minutes: s.minutes };
        events.emit({
          type: "task.timer_changed",
          taskId: running.id,
          personId: userId,
          running: false,
          minutesLogged: s.minutes,
          origin: o.origin,
        });
      }
      await tx.insert(timeLogs).values({ taskId, userId, startTime: now });
      const [row] = await tx
        .update(tasks)
        .set({
          isActive: true,
          activeStartTime: now,
          status: "in_progress",
          updatedAt: now,
          priorityScore: scoreOf(task, now),
        })
        .where(eq(tasks.id, taskId))
        .returning();
      // Starting the timer moves a to-do task to in progress: a status change in its history.
      await recordTaskEdit(tx, {
        taskId,
        ownerId: task.userId,
        actorId: userId,
        before: task,
        after: row!,
        now,
      });
      events.emit({ type: "task.timer_changed", taskId, personId: userId, running: true, origin: o.origin });
      return { task: toTaskDto(row!), stopped };
    }),
  );
}

export async function stopTimer(o: TaskWriteOptions & { taskId: string }): Promise<TimerStopResponse> {
  return o.events.afterCommit(() =>
    withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
      const { row, minutes } = await stopRunning(tx, o.personId, await heldTask(tx, o, "task.write"), now);
      o.events.emit({
        type: "task.timer_changed",
        taskId: o.taskId,
        personId: o.personId,
        running: false,
        minutesLogged: minutes,
        origin: o.origin,
      });
      return { task: toTaskDto(row), minutes };
    }),
  );
}

/** The task's newest time logs; `since` hides older ones (the free plan's 7-day history). */
export async function listTimeLogs(o: {
  db: Db;
  clock: () => Date;
  entitlements: Pick<Entitlements, "forPerson" | "teamPlanLive">;
  personId: string;
  taskId: string;
  limit?: number;
}) {
  const { db, personId: userId, taskId, limit = 50 } = o;
  // The plan's history window: the free plan's time log goes back as far as its analytics.
  const { historySince: since } = await o.entitlements.forPerson(userId);
  await heldTask(db, { ...o, gate: o.entitlements }, "task.read");
  return db
    .select()
    .from(timeLogs)
    .where(
      and(
        eq(timeLogs.taskId, taskId),
        eq(timeLogs.userId, userId),
        since ? gte(timeLogs.startTime, since) : undefined,
      ),
    )
    .orderBy(desc(timeLogs.startTime))
    .limit(limit);
}
