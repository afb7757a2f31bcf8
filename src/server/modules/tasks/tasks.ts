// Task use cases: list, create, update (including complete / reopen), delete. Every query is scoped
// to the person; another person's task id is simply not found.
import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from "drizzle-orm";
import type {
  TaskCreateBody,
  TaskDto,
  TaskListQuery,
  TaskListResponse,
  TaskUpdateBody,
} from "#shared/contracts/tasks.ts";
import { FREE_TASK_LIMIT } from "#shared/domain/entitlements.ts";
import { priorityScore } from "#shared/domain/priority.ts";
import { applyStatusChange, type TaskStatus } from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { isLockNotAvailable } from "../../db/errors.ts";
import { preparedPer, rawRows } from "../../db/prepared.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { timeZone } from "../../http/params.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { type ChangeCause, recordTaskStatusChange } from "../workflows/outbox.ts";
import { type Clock, lockPerson, type Tx, withPersonLock } from "./person-lock.ts";
import { taskDtoFromDriverRow, toTaskDto } from "./task-dto.ts";
import { closeTimer } from "./timer-close.ts";

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
  // The screens' usual call, no filter: one prepared statement.
  if (!q.category && !q.status && !q.q && !q.due) {
    if (q.tz) timeZone(q.tz);
    // Raw rows (drizzle's `all`), turned into the answer in one pass: the page's hot path.
    const rows = await rawRows(firstPages(db), { userId, limit: q.limit, offset: q.offset });
    return listAnswer(db, rows.map(taskDtoFromDriverRow), rows[0]?.count, eq(tasks.userId, userId), q);
  }
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
  return listAnswer(
    db,
    rows.map((r) => toTaskDto(r.task)),
    rows[0]?.total,
    filter,
    q,
  );
}

const firstPages = preparedPer((db) => {
  const mine = eq(tasks.userId, sql.placeholder("userId"));
  return db
    .select({ task: tasks, total: db.$count(tasks, mine) })
    .from(tasks)
    .where(mine)
    .orderBy(...TASK_ORDER)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("kairo_task_list");
});

/** `total` comes with the page's first row; a page past the end counts on its own. */
async function listAnswer(
  db: Db,
  page: TaskDto[],
  total: unknown,
  filter: SQL | undefined,
  q: { limit: number; offset: number },
): Promise<TaskListResponse> {
  let count = Number(total ?? 0);
  if (page.length === 0 && q.offset > 0) count = await db.$count(tasks, filter);
  return { tasks: page, total: count, limit: q.limit, offset: q.offset };
}

/** A task of the person; inside a write, the person's lock already keeps it from changing. */
export async function getTask(db: Db | Tx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
    .limit(1);
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

/** What every task write needs: the database, the hub its events go to, and the time. */
export type TaskWriteDeps = { db: Db; events: DomainEvents; clock: Clock };

export type TaskWriteOptions = TaskWriteDeps & {
  personId: string;
  /** The tab that asked (`x-kairo-client`), carried on the events so it can ignore its echo. */
  origin?: string | null;
};

/** Creates a task within the person's task limit (asked of the entitlements service). */
export async function createTask(
  o: TaskWriteOptions & { body: TaskCreateBody; entitlements: Pick<Entitlements, "forPerson"> },
) {
  const { taskLimit } = await o.entitlements.forPerson(o.personId);
  // Under the person's lock two simultaneous creates cannot both take the last free place.
  const task = await o.events.afterCommit(() =>
    withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
      if (taskLimit !== null) {
        const [row] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.userId, o.personId));
        if ((row?.n ?? 0) >= taskLimit)
          throw new AppError("PLAN_REQUIRED", FREE_LIMIT_MESSAGE, { requiredPlan: "pro" });
      }
      const created = await insertTask(tx, o.personId, o.body, now);
      o.events.emit({ type: "task.created", taskId: created.id, personId: o.personId, origin: o.origin });
      return created;
    }),
  );
  return task;
}

async function insertTask(tx: Tx, userId: string, body: TaskCreateBody, now: Date) {
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
  const [row] = await tx
    .insert(tasks)
    .values({ ...values, priorityScore: scoreOf({ ...values }, now) })
    .returning();
  return toTaskDto(row!);
}

/**
 * Edits a task, status included (a move to todo or completed stops its timer). Announces
 * task.updated, and task.status_changed / task.completed when the status moved.
 */
export async function updateTask(
  o: TaskWriteOptions & {
    taskId: string;
    body: TaskUpdateBody;
    /** A workflow run made the change (its chain depth), so loops can be stopped. */
    cause?: ChangeCause;
  },
) {
  const { db, personId: userId, taskId: id, body, events } = o;
  return events.afterCommit(() =>
    withPersonLock(db, userId, o.clock, async (tx, now) => {
      const current = await getTask(tx, userId, id);
      const { status, completed, stopsTimer } = applyStatusChange(
        { status: current.status as TaskStatus, completed: current.completed, isActive: current.isActive },
        body,
      );
      // A running timer means "in_progress": moving the task to todo or completed stops the timer
      // first, in this transaction, so its minutes are logged and no log stays open. The timer's
      // columns join the edit in the row's one UPDATE.
      const timer = stopsTimer ? (await closeTimer(tx, userId, current, now)).set : {};
      const next = {
        title: body.title ?? current.title,
        description: body.description !== undefined ? body.description : current.description,
        deadline:
          body.deadline !== undefined ? (body.deadline ? new Date(body.deadline) : null) : current.deadline,
        estimatedMinutes: body.estimatedMinutes ?? current.estimatedMinutes,
        category: body.category ?? current.category,
        priority: body.priority ?? current.priority,
        completed,
        status,
        completedAt: completed ? (current.completedAt ?? now) : null,
        updatedAt: now,
      };
      const [row] = await tx
        .update(tasks)
        .set({ ...next, ...timer, priorityScore: scoreOf({ ...next, createdAt: current.createdAt }, now) })
        .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
        .returning();
      const base = { taskId: id, personId: userId, origin: o.origin };
      events.emit({ type: "task.updated", ...base });
      const from = current.status as TaskStatus;
      // The workflow trigger event is written with the change, in its transaction (the outbox).
      await recordTaskStatusChange(
        tx,
        userId,
        { taskId: id, title: row!.title, category: row!.category, from, to: status },
        now,
        o.cause,
      );
      if (from !== status)
        events.emit({ type: "task.status_changed", ...base, from, to: status, category: next.category });
      if (completed && !current.completed)
        events.emit({ type: "task.completed", ...base, category: next.category });
      if (stopsTimer) events.emit({ type: "task.timer_changed", ...base, running: false });
      return toTaskDto(row!);
    }),
  );
}

export async function deleteTask(o: TaskWriteOptions & { taskId: string }) {
  await o.events.afterCommit(() =>
    withPersonLock(o.db, o.personId, o.clock, async (tx) => {
      const rows = await tx
        .delete(tasks)
        .where(and(eq(tasks.id, o.taskId), eq(tasks.userId, o.personId)))
        .returning({ id: tasks.id });
      if (rows.length === 0) throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
      o.events.emit({ type: "task.deleted", taskId: o.taskId, personId: o.personId, origin: o.origin });
    }),
  );
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
  // A task write like the others, so it takes the person's lock first; a read never waits for it:
  // while another write holds the lock, the scores are refreshed on a later read.
  try {
    await db.transaction(async (tx) => {
      await lockPerson(tx, userId, { noWait: true });
      await rescore(tx, userId, now);
    });
  } catch (err) {
    lastScored.delete(userId);
    if (!isLockNotAvailable(err)) throw err;
  }
}

async function rescore(db: Tx, userId: string, now: Date) {
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
