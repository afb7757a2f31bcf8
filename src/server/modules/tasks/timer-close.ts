// Closing a running timer, shared by the timer's stop and by a status change that stops it: the
// newest open log gets its end, and the caller writes the returned task columns in its one UPDATE
// of the task row (a second UPDATE of a row in one transaction re-checks its foreign keys).
import { and, desc, eq, isNull } from "drizzle-orm";
import { elapsedWholeMinutes } from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { type Task, timeLogs } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";

export async function closeTimer(tx: Tx, userId: string, task: Task, now: Date) {
  if (!task.isActive || !task.activeStartTime) {
    throw new AppError("CONFLICT", "This task's timer is not running.");
  }
  const minutes = elapsedWholeMinutes(task.activeStartTime, now);
  const [openLog] = await tx
    .select({ id: timeLogs.id, startTime: timeLogs.startTime })
    .from(timeLogs)
    .where(and(eq(timeLogs.taskId, task.id), eq(timeLogs.userId, userId), isNull(timeLogs.endTime)))
    .orderBy(desc(timeLogs.startTime))
    .limit(1);
  if (openLog) {
    await tx
      .update(timeLogs)
      .set({ endTime: now, durationMinutes: elapsedWholeMinutes(openLog.startTime, now) })
      .where(eq(timeLogs.id, openLog.id));
  }
  return {
    minutes,
    set: {
      isActive: false,
      activeStartTime: null,
      actualMinutes: task.actualMinutes + minutes,
      updatedAt: now,
    },
  };
}
