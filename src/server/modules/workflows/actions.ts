// What each action type does, inside the run's one transaction: the actions see the person's data
// as of the run, and either all of a run's changes stay or none (a failed run is retried whole).
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Preferences } from "#shared/contracts/preferences.ts";
import type {
  ActionConfigs,
  ActionOutcome,
  WorkflowActionDef,
  WorkflowReport,
} from "#shared/contracts/workflows.ts";
import {
  MATCHING_TASKS_PER_RUN,
  renderTemplate,
  type TemplateContext,
} from "#shared/domain/workflow-rules.ts";
import type { Db } from "../../db/client.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { MailMessage } from "../../providers/mail/mailer.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { createNotification } from "../notifications/notifications.ts";
import { requireProject } from "../permissions/permissions.ts";
import { createTask, gateOf, updateTask } from "../tasks/tasks.ts";

export type RunContext = {
  tx: Tx;
  /** Events emitted by the actions are delivered once the run's transaction commits. */
  events: DomainEvents;
  entitlements: Pick<Entitlements, "forPerson">;
  userId: string;
  email: string;
  preferences: Preferences;
  executionId: string;
  workflowName: string;
  now: Date;
  /** The run's depth in a chain of runs (1 = caused by a person). */
  depth: number;
  /** The task that triggered the run, for task triggers. */
  triggerTaskId: string | null;
  vars: TemplateContext;
  /** Tasks this run may still change through "matching tasks" actions (MATCHING_TASKS_PER_RUN in all). */
  matchingLeft: number;
  /** Filled as the actions go: queued in the mail outbox with the run's commit, delivered after it. */
  mails: MailMessage[];
  report: WorkflowReport | null;
};

const PERIOD_DAYS = { day: 1, week: 7, month: 30 } as const;
const PERIOD_NAMES = { day: "daily", week: "weekly", month: "monthly" } as const;

type Handler<K extends keyof ActionConfigs> = (ctx: RunContext, config: ActionConfigs[K]) => Promise<string>;

const asDb = (tx: Tx) => tx as unknown as Db;

const createTaskAction: Handler<"create_task"> = async (ctx, c) => {
  const title = renderTemplate(c.title, ctx.vars) || ctx.workflowName;
  const deadline =
    c.deadlineOffsetHours === undefined
      ? null
      : new Date(ctx.now.getTime() + c.deadlineOffsetHours * 3_600_000).toISOString();
  const task = await createTask({
    db: asDb(ctx.tx),
    events: ctx.events,
    clock: () => ctx.now,
    personId: ctx.userId,
    entitlements: ctx.entitlements,
    body: {
      title: title.slice(0, 200),
      deadline,
      estimatedMinutes: c.estimatedMinutes ?? 30,
      category: c.category ?? "General",
      priority: c.priority ?? "medium",
      // Asked of the permission table as the owner's own create would be (decision 215).
      ...(c.projectId ? { projectId: c.projectId } : {}),
    },
  });
  return `Created task “${task.title}”`;
};

const updateStatusAction: Handler<"update_task_status"> = async (ctx, c) => {
  let ids: string[];
  let capped = false;
  if (c.target === "trigger") {
    if (!ctx.triggerTaskId) throw new Error("This run has no triggering task.");
    ids = [ctx.triggerTaskId];
  } else {
    if (ctx.matchingLeft <= 0) {
      return `Changed no tasks: this run already changed ${MATCHING_TASKS_PER_RUN}, the most one run may change`;
    }
    const projectId = c.filter?.projectId;
    // A project's tasks, if the owner may still edit them there; without one, the owner's personal
    // tasks only: a team's tasks are changed by naming their project (decision 215).
    if (projectId)
      await requireProject({
        conn: ctx.tx,
        gate: gateOf({ db: asDb(ctx.tx), clock: () => ctx.now }),
        personId: ctx.userId,
        projectId,
        action: "task.write",
      });
    const rows = await ctx.tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          projectId
            ? eq(tasks.projectId, projectId)
            : and(eq(tasks.userId, ctx.userId), isNull(tasks.organizationId)),
          ne(tasks.status, c.status),
          c.filter?.category ? eq(tasks.category, c.filter.category) : undefined,
          c.filter?.status ? eq(tasks.status, c.filter.status) : undefined,
        ),
      )
      // The oldest first; one more than allowed, to tell whether some were left.
      .orderBy(asc(tasks.createdAt), asc(tasks.id))
      .limit(ctx.matchingLeft + 1);
    ids = rows.map((r) => r.id);
    if (ids.length > ctx.matchingLeft) {
      ids = ids.slice(0, ctx.matchingLeft);
      capped = true;
    }
    ctx.matchingLeft -= ids.length;
  }
  for (const taskId of ids) {
    await updateTask({
      db: asDb(ctx.tx),
      events: ctx.events,
      clock: () => ctx.now,
      personId: ctx.userId,
      taskId,
      body: { status: c.status },
      cause: { depth: ctx.depth },
    });
  }
  const label = c.status.replace("_", " ");
  const moved = ids.length === 1 ? `Moved 1 task to ${label}` : `Moved ${ids.length} tasks to ${label}`;
  // The rest are still unchanged, so the next run takes the next ones.
  return capped
    ? `${moved}, the oldest first: a run changes at most ${MATCHING_TASKS_PER_RUN} tasks, so the others wait for its next run`
    : moved;
};

const notifyAction: Handler<"send_notification"> = async (ctx, c) => {
  const title = renderTemplate(c.title, ctx.vars) || ctx.workflowName;
  const body = c.message ? renderTemplate(c.message, ctx.vars) : `From your workflow “${ctx.workflowName}”.`;
  await createNotification({
    db: ctx.tx,
    events: ctx.events,
    userId: ctx.userId,
    kind: "workflow",
    title,
    body,
    link: "/workflow-automation",
    now: ctx.now,
  });
  const byEmail = Boolean(c.email && ctx.preferences.notifications.email);
  if (byEmail)
    ctx.mails.push({ to: ctx.email, subject: title, text: body, html: `<p>${escapeHtml(body)}</p>` });
  return byEmail ? `Notified “${title}” in the app and by email` : `Notified “${title}” in the app`;
};

const reportAction: Handler<"generate_report"> = async (ctx, c) => {
  const to = ctx.now;
  const from = new Date(to.getTime() - PERIOD_DAYS[c.period] * 86_400_000);
  const report = await buildReport(ctx.tx, ctx.userId, c.period, from, to);
  ctx.report = report;
  const name = PERIOD_NAMES[c.period];
  const title = `Your ${name} report is ready`;
  const hours =
    report.hoursByCategory.map((h) => `${h.category} ${h.hours} h`).join(", ") || "no time tracked";
  const body = `${report.tasksCompleted} tasks completed, ${report.totalHours} hours tracked (${hours}), ${report.focusSessions} focus sessions.`;
  await createNotification({
    db: ctx.tx,
    events: ctx.events,
    userId: ctx.userId,
    kind: "report",
    title,
    body,
    link: `/workflow-automation?execution=${ctx.executionId}`,
    now: ctx.now,
  });
  const byEmail = Boolean(c.email && ctx.preferences.notifications.email);
  if (byEmail) {
    ctx.mails.push({
      to: ctx.email,
      subject: `Kairo: ${title}`,
      text: body,
      html: `<p>${escapeHtml(body)}</p>`,
    });
  }
  return `Made the ${name} report: ${body}${byEmail ? " Sent by email." : ""}`;
};

/** The period's analytics: tasks completed, hours by category, completed focus sessions. */
export async function buildReport(
  tx: Tx,
  userId: string,
  period: WorkflowReport["period"],
  from: Date,
  to: Date,
): Promise<WorkflowReport> {
  const f = from.toISOString();
  const t = to.toISOString();
  const rows = (r: unknown) =>
    (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const [totals] = rows(
    await tx.execute(sql`
      select
        -- As the analytics rollups count (decision 261): a repeating task's completed occurrences,
        -- not the row of a series that has ended.
        (select count(*) from tasks where user_id = ${userId} and completed and recurrence_rule is null
           and completed_at >= ${f}::timestamptz and completed_at < ${t}::timestamptz)
        + (select count(*) from task_occurrences where user_id = ${userId} and outcome = 'completed'
           and done_at >= ${f}::timestamptz and done_at < ${t}::timestamptz) as done,
        (select count(*) from pomodoro_sessions where user_id = ${userId} and completed
           and start_time >= ${f}::timestamptz and start_time < ${t}::timestamptz) as focus`),
  );
  const byCategory = rows(
    await tx.execute(sql`
      select t.category, sum(l.duration_minutes) as minutes
      from time_logs l join tasks t on t.id = l.task_id
      where l.user_id = ${userId} and l.end_time is not null
        and l.start_time >= ${f}::timestamptz and l.start_time < ${t}::timestamptz
      group by t.category order by minutes desc`),
  );
  const hoursByCategory = byCategory.map((r) => ({
    category: String(r.category),
    hours: Math.round((Number(r.minutes ?? 0) / 60) * 10) / 10,
  }));
  const totalMinutes = byCategory.reduce((s, r) => s + Number(r.minutes ?? 0), 0);
  return {
    period,
    from: f,
    to: t,
    tasksCompleted: Number(totals?.done ?? 0),
    hoursByCategory,
    totalHours: Math.round((totalMinutes / 60) * 10) / 10,
    focusSessions: Number(totals?.focus ?? 0),
  };
}

const HANDLERS: { [K in keyof ActionConfigs]: Handler<K> } = {
  create_task: createTaskAction,
  update_task_status: updateStatusAction,
  send_notification: notifyAction,
  generate_report: reportAction,
};

/** An action that failed, with its place in the list. */
export class ActionFailure extends Error {
  readonly index: number;
  constructor(index: number, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ActionFailure";
    this.index = index;
  }
}

/** Runs the actions in order; the first failure stops the run (and its transaction is undone). */
export async function runActions(ctx: RunContext, actions: WorkflowActionDef[]): Promise<ActionOutcome[]> {
  const outcomes: ActionOutcome[] = [];
  for (const [i, action] of actions.entries()) {
    try {
      const handler = HANDLERS[action.type] as Handler<typeof action.type>;
      const summary = await handler(ctx, action.config as never);
      outcomes.push({ type: action.type, status: "completed", summary });
    } catch (err) {
      throw new ActionFailure(i, err);
    }
  }
  return outcomes;
}

/** The outcomes of a run that failed at action `failedAt`: before it undone, after it not run. */
export function failedOutcomes(
  actions: WorkflowActionDef[],
  failedAt: number,
  error: string,
): ActionOutcome[] {
  return actions.map((a, i) => {
    if (i < failedAt) return { type: a.type, status: "skipped", summary: "Undone: a later action failed" };
    if (i === failedAt) return { type: a.type, status: "failed", summary: "Failed", error };
    return { type: a.type, status: "skipped", summary: "Not run" };
  });
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
