// Pomodoro sessions: starting a focus phase creates a record; completing it marks it completed with
// its end time. Today's count is the person's completed sessions since local midnight.
import { and, asc, eq, sql } from "drizzle-orm";
import type { PomodoroSessionDto, PomodoroTodayResponse } from "#shared/contracts/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { pomodoroSessions, tasks } from "../../db/schema/tasks.ts";

const toDto = (s: typeof pomodoroSessions.$inferSelect): PomodoroSessionDto => ({
  id: s.id,
  taskId: s.taskId,
  startTime: s.startTime.toISOString(),
  endTime: s.endTime ? s.endTime.toISOString() : null,
  durationMinutes: s.durationMinutes,
  breakDurationMinutes: s.breakDurationMinutes,
  completed: s.completed,
});

export async function startPomodoro(
  db: Db,
  userId: string,
  body: { durationMinutes: number; breakDurationMinutes: number; taskId?: string | null },
  now: Date,
) {
  if (body.taskId) {
    const [own] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, body.taskId), eq(tasks.userId, userId)))
      .limit(1);
    if (!own) throw new AppError("NOT_FOUND", "Task not found.");
  }
  const [row] = await db
    .insert(pomodoroSessions)
    .values({
      userId,
      taskId: body.taskId ?? null,
      startTime: now,
      durationMinutes: body.durationMinutes,
      breakDurationMinutes: body.breakDurationMinutes,
    })
    .returning();
  return toDto(row!);
}

export async function completePomodoro(db: Db, userId: string, id: string, now: Date) {
  const [row] = await db
    .update(pomodoroSessions)
    .set({ completed: true, endTime: now })
    .where(
      and(
        eq(pomodoroSessions.id, id),
        eq(pomodoroSessions.userId, userId),
        eq(pomodoroSessions.completed, false),
      ),
    )
    .returning();
  if (row) return toDto(row);
  const [exists] = await db
    .select({ id: pomodoroSessions.id })
    .from(pomodoroSessions)
    .where(and(eq(pomodoroSessions.id, id), eq(pomodoroSessions.userId, userId)))
    .limit(1);
  if (!exists) throw new AppError("NOT_FOUND", "Pomodoro session not found.");
  throw new AppError("CONFLICT", "This Pomodoro session is already completed.");
}

export async function pomodoroToday(
  db: Db,
  userId: string,
  tz: string,
  now: Date,
): Promise<PomodoroTodayResponse> {
  const nowIso = now.toISOString();
  const midnight = sql`((${nowIso}::timestamptz at time zone ${tz})::date::timestamp at time zone ${tz})`;
  // Today's sessions: started today, or started before midnight and finished after it.
  const rows = await db
    .select()
    .from(pomodoroSessions)
    .where(
      and(
        eq(pomodoroSessions.userId, userId),
        sql`(${pomodoroSessions.startTime} >= ${midnight} or ${pomodoroSessions.endTime} >= ${midnight})`,
      ),
    )
    .orderBy(asc(pomodoroSessions.startTime));
  return {
    count: rows.filter((r) => r.completed).length,
    sessions: rows.map(toDto),
  };
}
