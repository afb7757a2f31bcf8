// Everything the calendars show between two instants: tasks by deadline, tracked time blocks and
// synced events of the calendars still connected. Tracked time is history, so the free plan's limit
// applies to it (from `trackedSince` on); deadlines and synced events are plans, not history, and
// always show.
import { and, asc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { CalendarItemsResponse } from "#shared/contracts/tasks.ts";
import type { TaskCategory } from "#shared/domain/tasks.ts";
import type { Db } from "../../db/client.ts";
import { calendarConnections, syncedEvents } from "../../db/schema/calendar.ts";
import { tasks, timeLogs } from "../../db/schema/tasks.ts";

export async function calendarItems(
  db: Db,
  userId: string,
  from: Date,
  to: Date,
  /** Time blocks that started before this are hidden (the free plan's history); null shows all. */
  trackedSince: Date | null = null,
  /** Only this project's tasks and the person's time on them (access checked by the caller). */
  projectId: string | null = null,
): Promise<CalendarItemsResponse> {
  const whose = projectId ? eq(tasks.projectId, projectId) : eq(tasks.userId, userId);
  const [taskRows, blockRows, eventRows] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        deadline: tasks.deadline,
        estimatedMinutes: tasks.estimatedMinutes,
        category: tasks.category,
        completed: tasks.completed,
        priority: tasks.priority,
      })
      .from(tasks)
      .where(and(whose, gte(tasks.deadline, from), lt(tasks.deadline, to)))
      .orderBy(asc(tasks.deadline))
      .limit(500),
    db
      .select({
        id: timeLogs.id,
        taskId: timeLogs.taskId,
        title: tasks.title,
        category: tasks.category,
        startTime: timeLogs.startTime,
        endTime: timeLogs.endTime,
      })
      .from(timeLogs)
      .innerJoin(tasks, eq(tasks.id, timeLogs.taskId))
      .where(
        and(
          eq(timeLogs.userId, userId),
          projectId ? eq(tasks.projectId, projectId) : undefined,
          lt(timeLogs.startTime, to),
          trackedSince ? gte(timeLogs.startTime, trackedSince) : undefined,
          or(isNull(timeLogs.endTime), gte(timeLogs.endTime, from)),
        ),
      )
      .orderBy(asc(timeLogs.startTime))
      .limit(1000),
    // Only calendars still connected: after a disconnect their events stop showing.
    db
      .select({
        id: syncedEvents.id,
        title: syncedEvents.title,
        startTime: syncedEvents.startTime,
        endTime: syncedEvents.endTime,
        location: syncedEvents.location,
        provider: syncedEvents.provider,
      })
      .from(syncedEvents)
      .innerJoin(
        calendarConnections,
        and(eq(calendarConnections.id, syncedEvents.connectionId), eq(calendarConnections.isActive, true)),
      )
      .where(
        and(
          eq(syncedEvents.userId, userId),
          lt(syncedEvents.startTime, to),
          sql`coalesce(${syncedEvents.endTime}, ${syncedEvents.startTime}) >= ${from.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(syncedEvents.startTime))
      .limit(1000),
  ]);
  return {
    tasks: taskRows.map((t) => ({
      ...t,
      deadline: t.deadline ? t.deadline.toISOString() : null,
      category: t.category as TaskCategory,
      priority: t.priority as CalendarItemsResponse["tasks"][number]["priority"],
    })),
    timeBlocks: blockRows.map((b) => ({
      ...b,
      category: b.category as TaskCategory,
      startTime: b.startTime.toISOString(),
      endTime: b.endTime ? b.endTime.toISOString() : null,
    })),
    events: eventRows.map((e) => ({
      id: e.id,
      title: e.title,
      startTime: e.startTime.toISOString(),
      endTime: e.endTime ? e.endTime.toISOString() : null,
      location: e.location,
      provider: e.provider,
    })),
    trackedSince: trackedSince ? trackedSince.toISOString() : null,
  };
}
