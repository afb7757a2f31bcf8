// Pomodoro sessions: starting a focus phase creates a record; completing it marks it completed with
// its end time. Today's count is the person's completed sessions since local midnight.
import { and, desc, eq, sql } from "drizzle-orm";
import type { PomodoroSessionDto, PomodoroTodayResponse } from "#shared/contracts/tasks.ts";
import { checkPomodoroEndTime } from "#shared/domain/pomodoro.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { pomodoroSessions, tasks } from "../../db/schema/tasks.ts";
import type { DomainEvents } from "../../events/domain-events.ts";

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

/**
 * Marks a focus run completed. `claimedEnd` is when the browser says the phase ended; it is checked
 * against the session's own start and length (checkPomodoroEndTime) and refused with a 400 when it
 * makes no sense. The row is locked so two completions (two tabs) cannot both win.
 */
export async function completePomodoro(o: {
  db: Db;
  events: DomainEvents;
  personId: string;
  sessionId: string;
  claimedEnd: Date | null;
  now: Date;
  /** The tab that asked (`x-kairo-client`). */
  origin?: string | null;
}) {
  const { db, personId: userId, sessionId: id, claimedEnd, now } = o;
  return o.events.afterCommit(() =>
    db.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(pomodoroSessions)
        .where(and(eq(pomodoroSessions.id, id), eq(pomodoroSessions.userId, userId)))
        .limit(1)
        .for("update");
      if (!session) throw new AppError("NOT_FOUND", "Pomodoro session not found.");
      if (session.completed) throw new AppError("CONFLICT", "This Pomodoro session is already completed.");
      const end = checkPomodoroEndTime(session, claimedEnd, now);
      if (!end.ok) throw new AppError("VALIDATION", end.message, { fields: { endTime: end.message } });
      const [row] = await tx
        .update(pomodoroSessions)
        .set({ completed: true, endTime: end.endTime })
        .where(eq(pomodoroSessions.id, session.id))
        .returning();
      o.events.emit({ type: "pomodoro.completed", sessionId: id, personId: userId, origin: o.origin });
      return toDto(row!);
    }),
  );
}

/**
 * Today's sessions listed at most: a day holds far fewer focus runs than this (96 of the shortest,
 * 15 minutes, back to back), but starting a session is one click, so the list is capped; the count
 * is always exact.
 */
export const TODAY_SESSIONS_SHOWN = 100;

export async function pomodoroToday(
  db: Db,
  userId: string,
  tz: string,
  now: Date,
): Promise<PomodoroTodayResponse> {
  const nowIso = now.toISOString();
  const midnight = sql`((${nowIso}::timestamptz at time zone ${tz})::date::timestamp at time zone ${tz})`;
  // Today's sessions: started today, or started before midnight and finished after it.
  const today = and(
    eq(pomodoroSessions.userId, userId),
    sql`(${pomodoroSessions.startTime} >= ${midnight} or ${pomodoroSessions.endTime} >= ${midnight})`,
  );
  const [latest, [counted]] = await Promise.all([
    db
      .select()
      .from(pomodoroSessions)
      .where(today)
      .orderBy(desc(pomodoroSessions.startTime), desc(pomodoroSessions.id))
      .limit(TODAY_SESSIONS_SHOWN),
    db
      .select({
        completed: sql<number>`count(*) filter (where ${pomodoroSessions.completed})`.mapWith(Number),
      })
      .from(pomodoroSessions)
      .where(today),
  ]);
  return {
    count: counted?.completed ?? 0,
    // The latest ones, oldest first as before.
    sessions: latest.reverse().map(toDto),
  };
}
