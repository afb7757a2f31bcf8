// Task use cases: list, create, update (including complete / reopen), delete. Every query is scoped
// to the person; another person's task id is simply not found.
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { DELETED_USER_NAME } from "#shared/contracts/projects.ts";
import type {
  TaskCreateBody,
  TaskDto,
  TaskListQuery,
  TaskListResponse,
  TaskUpdateBody,
} from "#shared/contracts/tasks.ts";
import { staleTaskMessage } from "#shared/contracts/tasks.ts";
import { FREE_TASK_LIMIT } from "#shared/domain/entitlements.ts";
import { applyStatusChange, type TaskStatus } from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { isLockNotAvailable } from "../../db/errors.ts";
import { lockPerson, withPersonLock } from "../../db/person-lock.ts";
import { type Param, param, preparedPer, rawRows } from "../../db/prepared.ts";
import { user } from "../../db/schema/auth.ts";
import type { Project } from "../../db/schema/projects.ts";
import type { Task } from "../../db/schema/tasks.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Clock, Tx } from "../../db/transaction.ts";
import { type ChangeCause, recordTaskStatusChange } from "../../events/task-outbox.ts";
import { recordWebhookEvent } from "../../events/webhook-outbox.ts";
import { timeZone } from "../../http/params.ts";
import { recordTaskEdit, recordTaskHistory } from "../comments/history.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import {
  type PlanGate,
  projectAudience,
  projectsOfPerson,
  readableProject,
} from "../permissions/permissions.ts";
import { addDefaultReminder, followDeadline } from "../reminders/reminders.ts";
import { notifyAssignee } from "./assignment.ts";
import { assignedListDigest, listPages } from "./list-pages.ts";
import { finishInTx, noSeriesColumns, readRecurrence, seriesColumns, seriesOf } from "./series.ts";
import { completeOpenSubtasks } from "./subtask-state.ts";
import { accessTask, checkAssignee, checkMilestone, TASK_NOT_FOUND, targetProject } from "./task-access.ts";
import { taskDtoFromDriverRow, toTaskDto } from "./task-dto.ts";
import {
  announceProjectChange,
  gateOf,
  scoreOf,
  type TaskWriteDeps,
  type TaskWriteOptions,
} from "./task-write.ts";
import { closeTimer } from "./timer-close.ts";

export { announceProjectChange, gateOf, scoreOf, TASK_NOT_FOUND, type TaskWriteDeps, type TaskWriteOptions };

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

type ListOptions = {
  db: Db;
  clock: Clock;
  personId: string;
  gate?: PlanGate;
  query: TaskListQuery & { limit: number; offset: number };
};

/**
 * A page of the person's tasks. Open tasks' scores drift with time (deadline proximity, age), so the
 * first list read an hour after the last scoring re-scores them before the page is read.
 */
export async function listTasks(o: ListOptions): Promise<TaskListResponse> {
  await rescoreIfStale(o.db, o.personId, o.clock());
  return readPage(o, await taskScope(o));
}

/**
 * The list's answer as the JSON text `serialize` makes of it. A page of a project's list or of
 * "Assigned to me" with no other filter is kept as that text and answered again while the task list
 * versions it was read at still stand (decision 320): what a team's members read most, served
 * without reading or checking its hundred tasks again.
 */
export async function listTasksJson(
  o: ListOptions & { serialize: (answer: TaskListResponse) => string },
): Promise<string> {
  await rescoreIfStale(o.db, o.personId, o.clock());
  const scope = await taskScope(o);
  const q = o.query;
  if (q.tz) timeZone(q.tz);
  const key = scope.pageKey && plainList(q) ? `${scope.pageKey}:${q.limit}:${q.offset}` : null;
  const kept = key ? listPages(o.db).get(key) : undefined;
  if (kept !== undefined) return kept;
  const json = o.serialize(await readPage(o, scope));
  if (key) listPages(o.db).set(key, json);
  return json;
}

/** No filter beyond the scope: the screens' usual calls. */
const plainList = (q: TaskListQuery) => !q.category && !q.status && !q.q && !q.due && !q.milestoneId;

async function readPage(o: ListOptions, scope: Scope): Promise<TaskListResponse> {
  const { db, query: q } = o;
  // The screens' usual calls (the person's own list, a project's, "Assigned to me"), with no other
  // filter: one prepared statement, its raw rows (drizzle's `all`) turned into the answer in one
  // pass: the hot path.
  if (scope.prepared && plainList(q)) {
    if (q.tz) timeZone(q.tz);
    const rows = await rawRows(scope.prepared.statement, {
      ...scope.prepared.values,
      limit: q.limit,
      offset: q.offset,
    });
    return listAnswer(db, rows.map(taskDtoFromDriverRow), rows[0]?.count, scope.filter, q);
  }
  const filter = filterOf(o, scope);
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

/** The scope and the query's filters as one condition. */
function filterOf(o: ListOptions, scope: Scope): SQL | undefined {
  const q = o.query;
  const now = o.clock();
  const tz = timeZone(q.tz);
  const where: SQL[] = [scope.filter];
  if (q.milestoneId) where.push(eq(tasks.milestoneId, q.milestoneId));
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
  return and(...where);
}

type Scope = {
  filter: SQL;
  prepared?: { statement: object; values: Record<string, string> };
  /** The versions the scope's tasks are at, where its pages may be kept (decision 320). */
  pageKey?: string;
};

/**
 * A place in TASK_ORDER: a task's sort values, its timestamps as PostgreSQL's text (to the
 * microsecond, which a `Date` would round), so the rows after it are exactly those after the task.
 */
export type TaskKey = { score: number; deadline: string | null; createdAt: string; id: string };

/** The tasks after `k` in TASK_ORDER (score desc, deadline asc nulls last, created desc, id asc). */
function afterKey(k: TaskKey): SQL {
  const created = sql`${k.createdAt}::timestamptz`;
  const tail = sql`(${tasks.createdAt} < ${created} or (${tasks.createdAt} = ${created} and ${tasks.id} > ${k.id}))`;
  const deadline = k.deadline === null ? null : sql`${k.deadline}::timestamptz`;
  const byDeadline = deadline
    ? sql`(${tasks.deadline} > ${deadline} or ${tasks.deadline} is null or (${tasks.deadline} = ${deadline} and ${tail}))`
    : sql`(${tasks.deadline} is null and ${tail})`;
  return sql`(${tasks.priorityScore} < ${k.score} or (${tasks.priorityScore} = ${k.score} and ${byDeadline}))`;
}

/**
 * /api/v1's page (decision 310): the tasks after the place `after` (null: from the start), the
 * filters as the list's, and `next`, the place of the page's last task when more follow. One
 * statement: the page with one task more (to know if a page follows), and the total of the whole list.
 */
export async function listTasksAfter(
  o: ListOptions & { after: TaskKey | null },
): Promise<TaskListResponse & { next: TaskKey | null }> {
  const { db, after, query: q } = o;
  await rescoreIfStale(db, o.personId, o.clock());
  const filter = filterOf(o, await taskScope(o));
  const rows = await db
    .select({
      task: tasks,
      total: db.$count(tasks, filter),
      deadlineText: sql<string | null>`${tasks.deadline}::text`,
      createdText: sql<string>`${tasks.createdAt}::text`,
    })
    .from(tasks)
    .where(after ? and(filter, afterKey(after)) : filter)
    .orderBy(...TASK_ORDER)
    .limit(q.limit + 1)
    .offset(q.offset);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const next =
    rows.length > q.limit && last
      ? {
          score: last.task.priorityScore,
          deadline: last.deadlineText,
          createdAt: last.createdText,
          id: last.task.id,
        }
      : null;
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && (after || q.offset > 0)) total = await db.$count(tasks, filter);
  return { tasks: page.map((r) => toTaskDto(r.task)), total, limit: q.limit, offset: q.offset, next };
}

/**
 * Whose tasks a list reads: one project's (if the person may see it), the tasks assigned to the
 * person in the projects they still belong to, or by default the person's own. Where the scope
 * alone has a prepared statement (`pages`), it comes too, with its values.
 */
async function taskScope(o: { db: Db; personId: string; query: TaskListQuery }): Promise<Scope> {
  const { db, personId: userId, query: q } = o;
  const parts: SQL[] = [];
  let project: { id: string; listVersion: number } | undefined;
  if (q.projectId) {
    const readable = await readableProject(db, userId, q.projectId);
    const inProject = eq(tasks.projectId, readable.project.id);
    // Rows written without a project are in their owner's Inbox.
    parts.push(
      readable.project.isInbox
        ? or(inProject, and(isNull(tasks.projectId), eq(tasks.userId, userId)))!
        : inProject,
    );
    if (!readable.project.isInbox) project = { id: readable.project.id, listVersion: readable.listVersion };
  }
  if (q.assignee === "me")
    parts.push(eq(tasks.assigneeId, userId), inArray(tasks.projectId, projectsOfPerson(db, userId)));
  if (parts.length === 0)
    return { filter: eq(tasks.userId, userId), prepared: pages.own.with(db, { userId }) };
  const filter = and(...parts)!;
  if (project && !q.assignee)
    return {
      filter,
      prepared: pages.project.with(db, { projectId: project.id }),
      pageKey: `project:${project.id}:${project.listVersion}`,
    };
  if (q.assignee && !q.projectId)
    return {
      filter,
      prepared: pages.assigned.with(db, { userId }),
      pageKey: `assigned:${userId}:${await assignedListDigest(db, userId)}`,
    };
  return { filter };
}

/** A list's page and its total in one prepared statement, for a filter on named parameters. */
function preparedPage(name: string, filter: (db: Db, v: (key: string) => Param) => SQL) {
  const statement = preparedPer((db) => {
    const where = filter(db, (key) => param(key));
    return db
      .select({ task: tasks, total: db.$count(tasks, where) })
      .from(tasks)
      .where(where)
      .orderBy(...TASK_ORDER)
      .limit(param("limit"))
      .offset(param("offset"))
      .prepare(name);
  });
  return {
    with: (db: Db, values: Record<string, string>) => ({ statement: statement(db), values }),
  };
}

const pages = {
  own: preparedPage("kairo_task_list", (_db, v) => eq(tasks.userId, v("userId"))),
  project: preparedPage("kairo_project_task_list", (_db, v) => eq(tasks.projectId, v("projectId"))),
  assigned: preparedPage(
    "kairo_assigned_task_list",
    (db, v) =>
      and(eq(tasks.assigneeId, v("userId")), inArray(tasks.projectId, projectsOfPerson(db, v("userId"))))!,
  ),
};

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

export const FREE_LIMIT_MESSAGE = `The free plan holds up to ${FREE_TASK_LIMIT} tasks. Upgrade to Pro for unlimited tasks.`;

/** Creates a task within the person's task limit (asked of the entitlements service). */
export async function createTask(
  o: TaskWriteOptions & { body: TaskCreateBody; entitlements: Pick<Entitlements, "forPerson"> },
) {
  const { taskLimit } = await o.entitlements.forPerson(o.personId);
  // A repeating task's rule is checked whole before anything is written (decision 235).
  const series = o.body.recurrence ? seriesColumns(readRecurrence(o.body.recurrence), o.body.title) : null;
  // Under the person's lock two simultaneous creates cannot both take the last free place.
  const task = await o.events.afterCommit(() =>
    withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
      const project = await targetProject({
        conn: tx,
        gate: gateOf(o),
        personId: o.personId,
        projectId: o.body.projectId,
      });
      await checkMilestone(tx, project.id, o.body.milestoneId);
      await checkAssignee(tx, project, o.body.assigneeId);
      if (taskLimit !== null) {
        const [row] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.userId, o.personId));
        if ((row?.n ?? 0) >= taskLimit)
          throw new AppError("PLAN_REQUIRED", FREE_LIMIT_MESSAGE, { requiredPlan: "pro" });
      }
      const created = await insertTask(tx, o.personId, project, o.body, now, series);
      await addDefaultReminder(tx, created, o.personId, now);
      await recordTaskHistory(tx, {
        taskId: created.id,
        ownerId: o.personId,
        actorId: o.personId,
        kind: "created",
        changes: { title: { from: null, to: created.title } },
        now,
      });
      await recordWebhookEvent(tx, o.personId, "task.created", toTaskDto(created), now);
      o.events.emit({ type: "task.created", taskId: created.id, personId: o.personId, origin: o.origin });
      await announceProjectChange(tx, o, project, "created", created.id);
      if (created.assigneeId && created.assigneeId !== o.personId)
        await notifyAssignee({
          tx,
          events: o.events,
          mail: o.mail,
          task: created,
          assigneeId: created.assigneeId,
          byId: o.personId,
          projectName: project.name,
          now,
        });
      return toTaskDto(created);
    }),
  );
  if (task.assigneeId && task.assigneeId !== o.personId) await o.mail?.kick();
  return task;
}

async function insertTask(
  tx: Tx,
  userId: string,
  project: Project,
  body: TaskCreateBody,
  now: Date,
  series: ReturnType<typeof seriesColumns> | null,
) {
  const values = {
    userId,
    organizationId: project.teamId,
    projectId: project.id,
    milestoneId: body.milestoneId ?? null,
    assigneeId: body.assigneeId ?? null,
    createdBy: userId,
    updatedBy: userId,
    version: 1,
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
    // A series: its rule, and its first date as the deadline.
    ...(series ?? {}),
  };
  const [row] = await tx
    .insert(tasks)
    .values({ ...values, priorityScore: scoreOf({ ...values }, now) })
    .returning();
  return row!;
}

/** The version a write was made against: the body's, else the `If-Match` header's; undefined: any. */
export function expectedVersion(
  bodyVersion: number | undefined,
  ifMatch: string | undefined,
): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  if (!ifMatch) return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(ifMatch);
  if (!m) throw new AppError("VALIDATION", "If-Match must carry the task's version, a whole number.");
  return Number(m[1]);
}

/** Refuses a write made against an older version: 409 with the task as it is and who changed it. */
async function checkVersion(tx: Tx, current: Task, expected: number | undefined) {
  if (expected === undefined || expected === current.version) return;
  const [by] = current.updatedBy
    ? await tx.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, current.updatedBy))
    : [];
  const name = by?.name ?? DELETED_USER_NAME;
  throw new AppError("CONFLICT", staleTaskMessage(name), {
    extra: { task: toTaskDto(current), changedBy: { id: by?.id ?? null, name } },
  });
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
    /** The version the writer read (body `version` or `If-Match`); a newer task answers 409. */
    expectedVersion?: number;
  },
) {
  const { db, personId: userId, taskId: id, body, events } = o;
  const rule = body.recurrence ? readRecurrence(body.recurrence) : body.recurrence;
  let assigned = false;
  const dto = await events.afterCommit(() =>
    withPersonLock(db, userId, o.clock, async (tx, now) => {
      const { task: current, project } = await accessTask({
        conn: tx,
        gate: gateOf(o),
        personId: userId,
        taskId: id,
        action: "task.write",
        lock: true,
      });
      // Completing a repeating task completes its open occurrence and opens the next (decision 236).
      const completes = body.completed === true || body.status === "completed";
      if (completes && seriesOf(current) && !current.completed && rule === undefined) {
        const others = Object.keys(body).filter(
          (k) => !["completed", "status", "version", "scope"].includes(k),
        );
        if (others.length > 0)
          throw new AppError(
            "VALIDATION",
            "Complete a repeating task's occurrence on its own, then edit the next one.",
          );
        return (await finishInTx(tx, o, current, project, "completed", now, { version: o.expectedVersion }))
          .task;
      }
      await checkVersion(tx, current, o.expectedVersion);
      // Moving the task: to a project of the same team, or between the person's own projects.
      let target = project;
      if (body.projectId !== undefined && body.projectId !== current.projectId) {
        target = await targetProject({
          conn: tx,
          gate: gateOf(o),
          personId: userId,
          projectId: body.projectId,
        });
        if ((target.teamId ?? null) !== (project?.teamId ?? null))
          throw new AppError("VALIDATION", "A task can only move to another project of the same team.", {
            fields: { projectId: "A task can only move to another project of the same team." },
          });
      }
      const targetId = target?.id ?? current.projectId;
      const milestoneId =
        body.milestoneId !== undefined
          ? body.milestoneId
          : targetId !== current.projectId
            ? null
            : current.milestoneId;
      if (body.milestoneId && targetId) await checkMilestone(tx, targetId, body.milestoneId);
      const assigneeId = body.assigneeId !== undefined ? body.assigneeId : current.assigneeId;
      if (body.assigneeId && target) await checkAssignee(tx, target, body.assigneeId);
      else if (body.assigneeId && body.assigneeId !== current.userId)
        throw new AppError("VALIDATION", "A task of a personal project can only be assigned to its owner.", {
          fields: { assigneeId: "A task of a personal project can only be assigned to its owner." },
        });
      const { status, completed, stopsTimer } = applyStatusChange(
        { status: current.status as TaskStatus, completed: current.completed, isActive: current.isActive },
        body,
      );
      // A running timer means "in_progress": moving the task to todo or completed stops the timer
      // first, in this transaction, so its minutes are logged and no log stays open. The timer's
      // columns join the edit in the row's one UPDATE. The timer is its owner's.
      const timer = stopsTimer ? (await closeTimer(tx, current.userId, current, now)).set : {};
      // Completing a task completes its open subtasks with it (decision 231; the web asks first).
      const subtaskCounts =
        completed && !current.completed ? await completeOpenSubtasks(tx, current, now) : {};
      // A repeating task (decision 236): a new rule is the whole series' (its first date becomes the
      // deadline); a title with scope "occurrence" is this occurrence's only, else the series' too;
      // a deadline is always this occurrence's.
      const title = body.title ?? current.title;
      const series =
        rule === null
          ? noSeriesColumns
          : rule
            ? seriesColumns(rule, title)
            : seriesOf(current) && body.title !== undefined && body.scope !== "occurrence"
              ? { seriesTitle: body.title }
              : {};
      const next = {
        title,
        description: body.description !== undefined ? body.description : current.description,
        deadline:
          body.deadline !== undefined ? (body.deadline ? new Date(body.deadline) : null) : current.deadline,
        estimatedMinutes: body.estimatedMinutes ?? current.estimatedMinutes,
        category: body.category ?? current.category,
        priority: body.priority ?? current.priority,
        completed,
        status,
        completedAt: completed ? (current.completedAt ?? now) : null,
        projectId: targetId,
        milestoneId,
        assigneeId,
        updatedBy: userId,
        version: current.version + 1,
        updatedAt: now,
        ...series,
      };
      const [row] = await tx
        .update(tasks)
        .set({
          ...next,
          ...timer,
          ...subtaskCounts,
          priorityScore: scoreOf({ ...next, createdAt: current.createdAt }, now),
        })
        .where(eq(tasks.id, id))
        .returning();
      // Reminders before the deadline follow it (decision 245).
      if ((current.deadline?.getTime() ?? null) !== (row!.deadline?.getTime() ?? null))
        await followDeadline(tx, id, row!.deadline, now);
      // Its history entry, in this transaction (comments/history.ts).
      await recordTaskEdit(tx, {
        taskId: id,
        ownerId: current.userId,
        actorId: userId,
        byWorkflow: o.cause !== undefined,
        before: current,
        after: row!,
        now,
      });
      const base = { taskId: id, personId: userId, origin: o.origin };
      events.emit({ type: "task.updated", ...base });
      if (current.userId !== userId) events.emit({ type: "task.updated", ...base, personId: current.userId });
      const from = current.status as TaskStatus;
      // The workflow trigger event is written with the change, in its transaction (the outbox).
      await recordTaskStatusChange(
        tx,
        userId,
        { taskId: id, title: row!.title, category: row!.category, from, to: status },
        now,
        o.cause,
        {
          projectId: row!.projectId,
          milestoneId: row!.milestoneId,
          audience: () => (target ? projectAudience(tx, target) : Promise.resolve([])),
        },
      );
      if (from !== status)
        events.emit({ type: "task.status_changed", ...base, from, to: status, category: next.category });
      if (completed && !current.completed)
        events.emit({ type: "task.completed", ...base, category: next.category });
      if (stopsTimer) events.emit({ type: "task.timer_changed", ...base, running: false });
      assigned = assigneeId !== null && assigneeId !== current.assigneeId && assigneeId !== userId;
      const reason =
        assigneeId !== current.assigneeId
          ? "assigned"
          : completed && !current.completed
            ? "completed"
            : "updated";
      await announceProjectChange(tx, o, target, reason, id);
      if (target && project && target.id !== project.id)
        await announceProjectChange(tx, o, project, "updated", id);
      if (assigned)
        await notifyAssignee({
          tx,
          events,
          mail: o.mail,
          task: row!,
          assigneeId: assigneeId!,
          byId: userId,
          projectName: target?.name ?? "your Inbox",
          now,
        });
      // The person's webhooks, queued with the change (events/webhook-outbox.ts).
      const dto = toTaskDto(row!);
      await recordWebhookEvent(tx, userId, "task.updated", dto, now);
      if (completed && !current.completed) await recordWebhookEvent(tx, userId, "task.completed", dto, now);
      if (stopsTimer)
        await recordWebhookEvent(
          tx,
          userId,
          "timer.stopped",
          { taskId: id, minutes: dto.actualMinutes - current.actualMinutes, task: dto },
          now,
        );
      return dto;
    }),
  );
  if (assigned) await o.mail?.kick();
  return dto;
}

export async function deleteTask(o: TaskWriteOptions & { taskId: string; expectedVersion?: number }) {
  await o.events.afterCommit(() =>
    withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
      const { task, project } = await accessTask({
        conn: tx,
        gate: gateOf(o),
        personId: o.personId,
        taskId: o.taskId,
        action: "task.write",
        lock: true,
      });
      await checkVersion(tx, task, o.expectedVersion);
      await tx.delete(tasks).where(eq(tasks.id, o.taskId));
      // The entry outlives the task (comments/history.ts), naming what was deleted.
      await recordTaskHistory(tx, {
        taskId: o.taskId,
        ownerId: task.userId,
        actorId: o.personId,
        kind: "deleted",
        changes: { title: { from: task.title, to: null } },
        now,
      });
      await recordWebhookEvent(tx, o.personId, "task.deleted", { id: o.taskId }, now);
      o.events.emit({ type: "task.deleted", taskId: o.taskId, personId: o.personId, origin: o.origin });
      if (task.userId !== o.personId)
        o.events.emit({ type: "task.deleted", taskId: o.taskId, personId: task.userId, origin: o.origin });
      await announceProjectChange(tx, o, project, "deleted", o.taskId);
    }),
  );
}

/**
 * Deadline proximity and age change with time, so stored scores drift. Open tasks are re-scored
 * when a person's list is read (listTasks) and the last scoring is older than an hour.
 */
const lastScored = new Map<string, number>();
const RESCORE_AFTER_MS = 60 * 60 * 1000;

async function rescoreIfStale(db: Db, userId: string, now: Date) {
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
