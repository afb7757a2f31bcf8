// "Adjust Schedule" from the burnout alert: the person's open tasks due this week (from the start of
// their today to the end of the seventh day), lowest priority first, and postponing one of them by a
// day or a week, at the same local time (across a daylight-saving change too), through the tasks
// module's update so its score, events and workflows follow.
import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { ScheduleResponse, ScheduleTask } from "#shared/contracts/ai-insights.ts";
import type { TaskPriority } from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { type Task, tasks } from "../../db/schema/tasks.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { getTask, type TaskWriteDeps, updateTask } from "../tasks/tasks.ts";

/** The most tasks the dialog lists. */
export const SCHEDULE_LIMIT = 50;

const toScheduleTask = (
  t: Pick<Task, "id" | "title" | "priority" | "category" | "deadline">,
): ScheduleTask => ({
  id: t.id,
  title: t.title,
  priority: t.priority as TaskPriority,
  category: t.category,
  deadline: (t.deadline as Date).toISOString(),
});

/** Start of the person's today and the end of the seventh day, in their time zone. */
function weekBounds(tz: string, now: Date) {
  const today = DateTime.fromJSDate(now, { zone: tz }).startOf("day");
  return { from: today.toJSDate(), to: today.plus({ days: 7 }).toJSDate() };
}

export async function tasksDueThisWeek(o: {
  db: Db;
  entitlements: Pick<Entitlements, "require">;
  clock: () => Date;
  personId: string;
  /** An IANA zone, already checked. */
  tz: string;
}): Promise<ScheduleResponse> {
  const { db, personId: userId } = o;
  await o.entitlements.require(userId, "ai_insights");
  const { from, to } = weekBounds(o.tz, o.clock());
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      priority: tasks.priority,
      category: tasks.category,
      deadline: tasks.deadline,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.completed, false),
        isNotNull(tasks.deadline),
        gte(tasks.deadline, from),
        lt(tasks.deadline, to),
      ),
    )
    .orderBy(
      sql`case ${tasks.priority} when 'low' then 0 when 'medium' then 1 when 'high' then 2 else 3 end`,
      asc(tasks.priorityScore),
      asc(tasks.deadline),
      asc(tasks.id),
    )
    .limit(SCHEDULE_LIMIT);
  return { tasks: rows.map(toScheduleTask) };
}

export async function postponeTask(
  o: TaskWriteDeps & {
    entitlements: Pick<Entitlements, "require">;
    personId: string;
    taskId: string;
    days: number;
    /** An IANA zone, already checked. */
    tz: string;
  },
): Promise<{ task: ScheduleTask; postponedDays: number }> {
  const { personId: userId, taskId, days, tz, entitlements, ...deps } = o;
  await entitlements.require(userId, "ai_insights");
  const current = await getTask(deps.db, userId, taskId);
  if (current.completed)
    throw new AppError("CONFLICT", "This task is already completed; there is nothing to postpone.");
  if (!current.deadline) throw new AppError("CONFLICT", "This task has no deadline to postpone.");
  const deadline = DateTime.fromJSDate(current.deadline, { zone: tz }).plus({ days }).toUTC().toISO();
  const updated = await updateTask({ ...deps, personId: userId, taskId, body: { deadline } });
  return {
    task: toScheduleTask({ ...updated, deadline: new Date(updated.deadline as string) }),
    postponedDays: days,
  };
}
