// Task use cases: list, create, update (including complete / reopen), delete. Every query is scoped
// to the person; another person's task id is simply not found.
import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from "drizzle-orm";
import type {
  TaskCreateBody,
  TaskListQuery,
  TaskListResponse,
  TaskUpdateBody,
} from "#shared/contracts/tasks.ts";
import { FREE_TASK_LIMIT } from "#shared/domain/access.ts";
import { priorityScore } from "#shared/domain/priority.ts";
import { applyStatusChange, type TaskStatus } from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { timeZone } from "../../http/params.ts";
import { toTaskDto } from "./task-dto.ts";
import { stopRunningTimer } from "./timer.ts";

export type Clock = () => Date;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const TASK_NOT_FOUND = "Task not found.";

/** The list order of the screens: priority first, then the nearest deadline, then the newest. */
export const TASK_ORDER = [
  desc(tasks.priorityScore),
  sql`${tasks.deadline} asc nulls last`,
  desc(tasks.createdAt),
  asc(tasks.id),
];

function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listTasks(
  db: Db,
  userId: string,
  q: TaskListQuery & { limit: number; offset: number },
  now: Date,
): Promise<TaskListResponse> {
  const tz = timeZone(q.tz);
  const where: SQL[] = [eq(tasks.userId, userId)];
  if (q.category) where.push(eq(tasks.category, q.category));
  if (q.status) where.push(eq(tasks.status, q.status));
  if (q.q) where.push(ilike(tasks.title, likePattern(q.q)));
  const nowIso = now.toISOString();
  if (q.due === "overdue")
    where.push(sql`${tasks.deadline} < ${nowIso}::timestamptz and ${tasks.completed} = false`);
  if (q.due === "none") where.push(isNull(tasks.deadline));
  if (q.due === "today")
    where.push(
      sql`(${tasks.deadline} at time zone ${tz})::date = (${nowIso}::timestamptz at time zone ${tz})::date`,
    );
  if (q.due === "week")
    where.push(
      sql`${tasks.deadline} >= ${nowIso}::timestamptz and ${tasks.deadline} < ${nowIso}::timestamptz + interval '7 days'`,
    );
  const filter = and(...where);
  // The page and the total in one statement (the count is a subquery run once), so a list costs one
  // round trip; only a page past the end, which has no row to carry the total, counts on its own.
  const rows = await db
    .select({ task: tasks, total: db.$count(tasks, filter) })
    .from(tasks)
    .where(filter)
    .orderBy(...TASK_ORDER)
    .limit(q.limit)
    .offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) total = await db.$count(tasks, filter);
  return { tasks: rows.map((r) => toTaskDto(r.task)), total, limit: q.limit, offset: q.offset };
}

export async function getTask(db: Db | Tx, userId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
  return row;
}

type Scorable = {
  deadline: Date | null;
  estimatedMinutes: number;
  createdAt: Date;
  priority: string;
  completed: boolean;
};
export const scoreOf = (t: Scorable, now: Date) =>
  priorityScore({ ...t, priority: t.priority as "low" | "medium" | "high" | "urgent" }, now);

export const FREE_LIMIT_MESSAGE = `The free plan holds up to ${FREE_TASK_LIMIT} tasks. Upgrade to Pro for unlimited tasks.`;

export async function createTask(
  db: Db,
  userId: string,
  body: TaskCreateBody,
  now: Date,
  limit: number | null = null,
) {
  if (limit === null) return insertTask(db, userId, body, now);
  // The person's row is locked so two simultaneous creates cannot both take the last free place.
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const [row] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.userId, userId));
    if ((row?.n ?? 0) >= limit)
      throw new AppError("PLAN_REQUIRED", FREE_LIMIT_MESSAGE, { requiredPlan: "pro" });
    return insertTask(tx as unknown as Db, userId, body, now);
  });
}

async function insertTask(db: Db, userId: string, body: TaskCreateBody, now: Date) {
  const values = {
    userId,
    title: body.title,
    description: body.description ?? null,
    deadline: body.deadline ? new Date(body.deadline) : null,
    estimatedMinutes: body.estimatedMinutes ?? 30,
    category: body.category ?? "General",
    priority: body.priority ?? "medium",
    actualMinutes: 0,
    completed: false,
    status: "todo" as const,
    createdAt: now,
    updatedAt: now,
  };
  const [row] = await db
    .insert(tasks)
    .values({ ...values, priorityScore: scoreOf({ ...values }, now) })
    .returning();
  return toTaskDto(row!);
}

export async function updateTask(db: Db, userId: string, id: string, body: TaskUpdateBody, now: Date) {
  return db.transaction(async (tx) => {
    const current = await getTask(tx, userId, id, true);
    const { status, completed, stopsTimer } = applyStatusChange(
      { status: current.status as TaskStatus, completed: current.completed, isActive: current.isActive },
      body,
    );
    // A running timer means "in_progress": moving the task to todo or completed stops the timer
    // first, in this transaction, so its minutes are logged and no log stays open.
    let base = current;
    if (stopsTimer) base = (await stopRunningTimer(tx, userId, current.id, now)).row;
    const next = {
      title: body.title ?? base.title,
      description: body.description !== undefined ? body.description : base.description,
      deadline:
        body.deadline !== undefined ? (body.deadline ? new Date(body.deadline) : null) : base.deadline,
      estimatedMinutes: body.estimatedMinutes ?? base.estimatedMinutes,
      category: body.category ?? base.category,
      priority: body.priority ?? base.priority,
      completed,
      status,
      completedAt: completed ? (base.completedAt ?? now) : null,
      updatedAt: now,
    };
    const [row] = await tx
      .update(tasks)
      .set({ ...next, priorityScore: scoreOf({ ...next, createdAt: base.createdAt }, now) })
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
      .returning();
    return toTaskDto(row!);
  });
}

export async function deleteTask(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
    .returning({ id: tasks.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
}

/**
 * Deadline proximity and age change with time, so stored scores drift. Open tasks are re-scored
 * when a person's list is read and the last scoring is older than an hour.
 */
const lastScored = new Map<string, number>();
export const RESCORE_AFTER_MS = 60 * 60 * 1000;

export async function rescoreIfStale(db: Db, userId: string, now: Date) {
  const last = lastScored.get(userId) ?? 0;
  if (now.getTime() - last < RESCORE_AFTER_MS) return;
  lastScored.set(userId, now.getTime());
  const open = await db
    .select({
      id: tasks.id,
      deadline: tasks.deadline,
      estimatedMinutes: tasks.estimatedMinutes,
      createdAt: tasks.createdAt,
      priority: tasks.priority,
      completed: tasks.completed,
      priorityScore: tasks.priorityScore,
    })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.completed, false)));
  const changed = open
    .map((t) => ({ id: t.id, score: scoreOf(t, now), old: t.priorityScore }))
    .filter((t) => Math.abs(t.score - t.old) >= 0.01);
  for (let i = 0; i < changed.length; i += 1000) {
    const batch = changed.slice(i, i + 1000);
    await db.execute(sql`
      update tasks set priority_score = v.score
      from (select unnest(${sql.raw(`array[${batch.map((b) => `'${b.id}'`).join(",")}]`)}::uuid[]) as id,
                   unnest(${sql.raw(`array[${batch.map((b) => b.score.toFixed(2)).join(",")}]`)}::float8[]) as score) v
      where tasks.id = v.id and tasks.user_id = ${userId}`);
  }
}
