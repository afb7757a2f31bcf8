// The task timer (spec section 4). Start sets is_active and active_start_time and opens a time log;
// stop clears them, adds the elapsed whole minutes to actual_minutes and closes the newest open log,
// all in one transaction. One running timer per person: the person's row is locked for the length
// of the transaction, so two simultaneous starts run one after the other; partial unique indexes
// back this up in the database.
import { and, desc, eq, gte, isNull } from "drizzle-orm";
import type { TimerStartResponse, TimerStopResponse } from "#shared/contracts/tasks.ts";
import { elapsedWholeMinutes } from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { tasks, timeLogs } from "../../db/schema/tasks.ts";
import { toTaskDto } from "./task-dto.ts";
import { getTask, scoreOf } from "./tasks.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function lockPerson(tx: Tx, userId: string) {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
}

/** Stops the running timer of a task inside an open transaction; returns the updated row and minutes. */
export async function stopRunningTimer(tx: Tx, userId: string, taskId: string, now: Date) {
  const task = await getTask(tx, userId, taskId, true);
  if (!task.isActive || !task.activeStartTime) {
    throw new AppError("CONFLICT", "This task's timer is not running.");
  }
  const minutes = elapsedWholeMinutes(task.activeStartTime, now);
  const [openLog] = await tx
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.taskId, taskId), eq(timeLogs.userId, userId), isNull(timeLogs.endTime)))
    .orderBy(desc(timeLogs.startTime))
    .limit(1);
  if (openLog) {
    await tx
      .update(timeLogs)
      .set({ endTime: now, durationMinutes: elapsedWholeMinutes(openLog.startTime, now) })
      .where(eq(timeLogs.id, openLog.id));
  }
  const [row] = await tx
    .update(tasks)
    .set({
      isActive: false,
      activeStartTime: null,
      actualMinutes: task.actualMinutes + minutes,
      updatedAt: now,
    })
    .where(eq(tasks.id, taskId))
    .returning();
  return { row: row!, minutes };
}

export async function startTimer(
  db: Db,
  userId: string,
  taskId: string,
  now: Date,
): Promise<TimerStartResponse> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const task = await getTask(tx, userId, taskId, true);
    if (task.completed) throw new AppError("CONFLICT", "This task is completed. Reopen it to track time.");
    if (task.isActive) return { task: toTaskDto(task), stopped: null };
    const [running] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.isActive, true)))
      .limit(1);
    let stopped: TimerStartResponse["stopped"] = null;
    if (running) {
      const s = await stopRunningTimer(tx, userId, running.id, now);
      stopped = { task: toTaskDto(s.row), minutes: s.minutes };
    }
    await tx.insert(timeLogs).values({ taskId, userId, startTime: now });
    const status = "in_progress";
    const [row] = await tx
      .update(tasks)
      .set({
        isActive: true,
        activeStartTime: now,
        status,
        updatedAt: now,
        priorityScore: scoreOf(task, now),
      })
      .where(eq(tasks.id, taskId))
      .returning();
    return { task: toTaskDto(row!), stopped };
  });
}

export async function stopTimer(
  db: Db,
  userId: string,
  taskId: string,
  now: Date,
): Promise<TimerStopResponse> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const { row, minutes } = await stopRunningTimer(tx, userId, taskId, now);
    return { task: toTaskDto(row), minutes };
  });
}

/** The task's newest time logs; `since` hides older ones (the free plan's 7-day history). */
export async function listTimeLogs(
  db: Db,
  userId: string,
  taskId: string,
  since: Date | null = null,
  limit = 50,
) {
  await getTask(db, userId, taskId);
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
