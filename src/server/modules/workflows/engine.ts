// The workflow engine. Trigger events sit in the outbox (workflow_events); `dispatch` turns each
// into at most one execution per matching workflow (a unique key on workflow + event, so two
// instances dispatching the same event make one row) and queues a job per execution; `run` claims
// the execution with a conditional update (so a job delivered twice, or by two instances, runs it
// once), performs its actions in one transaction, and retries transient failures with backoff.
// `sweep` (every minute, once across instances) fires due schedules and calendar triggers, re-sends
// runs whose job was lost, and dispatches anything a crash left behind.
import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { TriggerConfigs, WorkflowActionDef } from "#shared/contracts/workflows.ts";
import {
  FLOOD_LIMIT_PER_MINUTE,
  floodHeld,
  keywordMatches,
  latestRun,
  loopGuard,
  MAX_RUN_ATTEMPTS,
  matchesTaskStatus,
  milestoneReached,
  nextRuns,
  retryDelaySeconds,
  type TriggerType,
} from "#shared/domain/workflow-rules.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { syncedEvents } from "../../db/schema/calendar.ts";
import { tasks } from "../../db/schema/tasks.ts";
import {
  type Workflow,
  type WorkflowEvent,
  workflowEvents,
  workflowExecutions,
  workflows,
} from "../../db/schema/workflows.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../jobs/queue.ts";
import type { Logger } from "../../logger.ts";
import type { Mailer } from "../../providers/mail/mailer.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { createNotification } from "../notifications/notifications.ts";
import { getPreferences } from "../preferences/preferences.ts";
import type { Tx } from "../tasks/person-lock.ts";
import { ActionFailure, failedOutcomes, type RunContext, runActions } from "./actions.ts";
import type { TaskStatusChangedPayload } from "./outbox.ts";

export const WORKFLOW_RUN_JOB = "workflow-run";
export const WORKFLOW_SWEEP_JOB = "workflow-sweep";
/** A queued run whose job has not started this long after it was due is sent again. */
const LOST_AFTER_MS = 30_000;
/** A run still "running" after this long was cut off by a stopped server. */
const INTERRUPTED_AFTER_MS = 10 * 60_000;
/** How far back the sweep looks for newly synced calendar events. */
const NEW_EVENT_WINDOW_MS = 24 * 3_600_000;

export const FLOOD_MESSAGE = `Held: this workflow fired more than ${FLOOD_LIMIT_PER_MINUTE} times in a minute, so it was paused.`;
export const PAUSED_MESSAGE = "Cancelled: the workflow was paused before this run started.";
export const DELETED_MESSAGE = "Cancelled: the workflow was deleted before this run started.";

export type WorkflowEngine = {
  /** The job definitions the queue runs (the run job and the per-minute sweep). */
  readonly jobs: JobDefinition[];
  /** The queue to send runs to (set by the composition root once it exists). */
  attach(queue: JobQueue): void;
  /** After a commit that may have written trigger events: dispatch them now (never throws). */
  kick(): Promise<void>;
  dispatch(): Promise<string[]>;
  run(executionId: string): Promise<"ran" | "skipped">;
  sweep(): Promise<void>;
};

export type EngineDeps = {
  db: Db;
  events: DomainEvents;
  entitlements: Pick<Entitlements, "forPerson">;
  mailer: Mailer;
  clock: () => Date;
  logger: Logger;
};

type TriggerRow = Pick<Workflow, "id" | "name" | "userId" | "triggerType" | "triggerConfig" | "createdAt">;

export function createWorkflowEngine(deps: EngineDeps): WorkflowEngine {
  const { db, clock } = deps;
  const log = deps.logger.child({ component: "workflows" });
  let queue: JobQueue | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  const changed = (userIds: Iterable<string>) => {
    for (const personId of new Set(userIds)) deps.events.emit({ type: "workflow.changed", personId });
  };

  async function send(executionId: string, startAfterSeconds?: number) {
    if (!queue) throw new Error("The workflow engine has no job queue.");
    await queue.enqueue(WORKFLOW_RUN_JOB, { executionId }, { startAfterSeconds });
  }

  /** Does `wf` fire for `ev`? Aimed events (schedules, calendar) were matched when they were made. */
  async function matches(tx: Tx, wf: TriggerRow, ev: WorkflowEvent): Promise<boolean> {
    if (ev.workflowId) return ev.workflowId === wf.id;
    if (ev.type !== "task.status_changed") return false;
    const change = ev.payload as TaskStatusChangedPayload;
    const type = wf.triggerType as TriggerType;
    if (type === "task_status") {
      return matchesTaskStatus(wf.triggerConfig as TriggerConfigs["task_status"], change);
    }
    if (type !== "project_milestone") return false;
    const cfg = wf.triggerConfig as TriggerConfigs["project_milestone"];
    if (change.to !== "completed" || change.category !== cfg.category) return false;
    // Completions of the category from the workflow's creation up to this event.
    const [done] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, ev.userId),
          eq(tasks.category, cfg.category),
          eq(tasks.completed, true),
          gte(tasks.completedAt, wf.createdAt),
          lte(tasks.completedAt, ev.createdAt),
        ),
      );
    return milestoneReached(cfg, change, {
      openInCategory: change.openInCategory ?? 0,
      completedSinceCreated: done?.n ?? 0,
    });
  }

  function describeEvent(ev: WorkflowEvent): string {
    const p = ev.payload as Record<string, string>;
    if (ev.type === "task.status_changed") return `Task “${p.title}” moved from ${p.from} to ${p.to}`;
    if (ev.type === "schedule.due") return `Schedule due at ${p.dueAt}`;
    if (ev.type === "calendar.starts") return `Calendar event “${p.title}” starts at ${p.startTime}`;
    return `New calendar event “${p.title}”`;
  }

  async function dispatch(): Promise<string[]> {
    const now = clock();
    const users = new Set<string>();
    // The hold notices are delivered once the transaction commits.
    const queued = await deps.events.afterCommit(() =>
      db.transaction(async (tx) => {
        const events = await tx
          .select()
          .from(workflowEvents)
          .where(isNull(workflowEvents.dispatchedAt))
          .orderBy(asc(workflowEvents.createdAt))
          .limit(100)
          .for("update", { skipLocked: true });
        const ids: string[] = [];
        for (const ev of events) {
          const candidates = await tx
            .select()
            .from(workflows)
            .where(
              and(
                eq(workflows.userId, ev.userId),
                eq(workflows.isActive, true),
                ev.workflowId
                  ? eq(workflows.id, ev.workflowId)
                  : inArray(workflows.triggerType, ["task_status", "project_milestone"]),
              ),
            );
          for (const wf of candidates) {
            if (!(await matches(tx, wf, ev))) continue;
            users.add(ev.userId);
            const base = {
              workflowId: wf.id,
              workflowName: wf.name,
              userId: ev.userId,
              eventId: ev.id,
              depth: ev.depth,
              trigger: describeEvent(ev),
              createdAt: now,
              startedAt: now,
            };
            const loop = loopGuard(ev.depth);
            if (loop) {
              await tx
                .insert(workflowExecutions)
                .values({ ...base, status: "failed", errorMessage: loop, completedAt: now })
                .onConflictDoNothing();
              continue;
            }
            const [recent] = await tx
              .select({ n: count() })
              .from(workflowExecutions)
              .where(
                and(
                  eq(workflowExecutions.workflowId, wf.id),
                  gt(workflowExecutions.createdAt, new Date(now.getTime() - 60_000)),
                ),
              );
            if (floodHeld(recent?.n ?? 0)) {
              await tx
                .insert(workflowExecutions)
                .values({ ...base, status: "held", errorMessage: FLOOD_MESSAGE, completedAt: now })
                .onConflictDoNothing();
              await tx
                .update(workflows)
                .set({ isActive: false, heldReason: FLOOD_MESSAGE })
                .where(eq(workflows.id, wf.id));
              await cancelOpenRuns(tx, wf.id, FLOOD_MESSAGE);
              await createNotification({
                db: tx,
                events: deps.events,
                userId: wf.userId,
                kind: "workflow",
                title: `Workflow held: ${wf.name}`,
                body: `It fired more than ${FLOOD_LIMIT_PER_MINUTE} times in a minute, so it was paused. Check its trigger, then activate it again.`,
                link: "/workflow-automation",
                now,
              });
              continue;
            }
            const [row] = await tx
              .insert(workflowExecutions)
              .values({ ...base, status: "queued" })
              .onConflictDoNothing()
              .returning({ id: workflowExecutions.id });
            if (row) ids.push(row.id);
          }
          await tx.update(workflowEvents).set({ dispatchedAt: now }).where(eq(workflowEvents.id, ev.id));
        }
        return ids;
      }),
    );
    for (const id of queued) {
      await send(id).catch((err) =>
        log.warn({ err, executionId: id }, "run not queued; the sweep will send it"),
      );
    }
    changed(users);
    return queued;
  }

  async function run(executionId: string): Promise<"ran" | "skipped"> {
    const now = clock();
    // The claim: only a queued (or retry-due) run of an active workflow moves to running, once.
    const [claimed] = await db
      .update(workflowExecutions)
      .set({
        status: "running",
        attempts: sql`${workflowExecutions.attempts} + 1`,
        startedAt: sql`case when ${workflowExecutions.attempts} = 0 then ${now.toISOString()}::timestamptz else ${workflowExecutions.startedAt} end`,
        nextAttemptAt: null,
      })
      .where(
        and(
          eq(workflowExecutions.id, executionId),
          inArray(workflowExecutions.status, ["queued", "retrying"]),
          sql`exists (select 1 from ${workflows} w where w.id = ${workflowExecutions.workflowId} and w.is_active)`,
        ),
      )
      .returning();
    if (!claimed) return "skipped";
    const [wf] = await db.select().from(workflows).where(eq(workflows.id, claimed.workflowId!));
    if (!wf) return "skipped";
    if (claimed.attempts === 1) {
      await db
        .update(workflows)
        .set({ executionCount: sql`${workflows.executionCount} + 1`, lastRunAt: now })
        .where(eq(workflows.id, wf.id));
    }
    const [ev] = claimed.eventId
      ? await db.select().from(workflowEvents).where(eq(workflowEvents.id, claimed.eventId))
      : [];
    const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, wf.userId));
    const preferences = await getPreferences(db, wf.userId);
    const actions = wf.actions as WorkflowActionDef[];
    const payload = (ev?.payload ?? {}) as Record<string, unknown>;
    const tz = wf.triggerType === "time_based" ? (wf.triggerConfig as { timeZone: string }).timeZone : "UTC";
    // A plan that lapsed stops the runs: workflows are a Pro feature.
    const plan = await deps.entitlements.forPerson(wf.userId);
    try {
      if (!plan.can("workflow_automation")) {
        throw new AppError(
          "PLAN_REQUIRED",
          "Workflow automation needs the Pro plan: this run did not start.",
        );
      }
      // Events of the actions (task changes, notifications) are delivered only if the run commits.
      await deps.events.afterCommit(() =>
        db.transaction(async (tx) => {
          const ctx: RunContext = {
            tx,
            events: deps.events,
            // Asked before the transaction: on PGlite a query outside it would wait for it forever.
            entitlements: { forPerson: async () => plan },
            userId: wf.userId,
            email: person?.email ?? "",
            preferences,
            executionId,
            workflowName: wf.name,
            now,
            depth: claimed.depth,
            triggerTaskId: typeof payload.taskId === "string" ? payload.taskId : null,
            vars: {
              "task.title": ev?.type === "task.status_changed" ? String(payload.title ?? "") : undefined,
              "event.title": ev?.type.startsWith("calendar.") ? String(payload.title ?? "") : undefined,
              date: new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(now),
              "workflow.name": wf.name,
            },
            mails: [],
            report: null,
          };
          const outcomes = await runActions(ctx, actions);
          await tx
            .update(workflowExecutions)
            .set({
              status: "completed",
              completedAt: clock(),
              errorMessage: null,
              result: { outcomes, report: ctx.report },
            })
            .where(eq(workflowExecutions.id, executionId));
          // Held with the run's other events: announced (team activity, the page) once it commits.
          deps.events.emit({
            type: "workflow.run",
            workflowId: wf.id,
            personId: wf.userId,
            executionId,
            status: "completed",
          });
          // Mail last, still inside: a failed send undoes the run's changes and the retry redoes them.
          for (const mail of ctx.mails) await deps.mailer.send(mail);
        }),
      );
    } catch (err) {
      const index = err instanceof ActionFailure ? err.index : 0;
      const cause = err instanceof ActionFailure ? err.cause : err;
      const message = err instanceof Error ? err.message : "The run failed.";
      const permanent = cause instanceof AppError;
      if (!permanent && claimed.attempts < MAX_RUN_ATTEMPTS) {
        const delay = retryDelaySeconds(claimed.attempts);
        await db
          .update(workflowExecutions)
          .set({
            status: "retrying",
            errorMessage: message,
            nextAttemptAt: new Date(now.getTime() + delay * 1000),
          })
          .where(and(eq(workflowExecutions.id, executionId), eq(workflowExecutions.status, "running")));
        log.warn({ err, executionId, attempt: claimed.attempts }, "workflow run failed; retrying");
        await send(executionId, delay).catch(() => {});
      } else {
        await db
          .update(workflowExecutions)
          .set({
            status: "failed",
            errorMessage: message,
            completedAt: clock(),
            result: { outcomes: failedOutcomes(actions, index, message), report: null },
          })
          .where(eq(workflowExecutions.id, executionId));
        log.info({ executionId, error: message }, "workflow run failed");
      }
      changed([wf.userId]);
      return "ran";
    }
    changed([wf.userId]);
    // The run's own changes may have written trigger events (a chain): dispatch them.
    void kick();
    return "ran";
  }

  async function sweep(): Promise<void> {
    const now = clock();
    // Due schedules: one event per due time (a missed stretch fires its latest time only).
    await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(workflows)
        .where(
          and(
            eq(workflows.isActive, true),
            eq(workflows.triggerType, "time_based"),
            lte(workflows.nextRunAt, now),
          ),
        )
        .limit(200)
        .for("update", { skipLocked: true });
      for (const wf of due) {
        const cfg = wf.triggerConfig as TriggerConfigs["time_based"];
        const at = latestRun(cfg.schedule, cfg.timeZone, now);
        await tx
          .insert(workflowEvents)
          .values({
            userId: wf.userId,
            type: "schedule.due",
            payload: { dueAt: at.toISOString() },
            workflowId: wf.id,
            dedupeKey: `schedule:${wf.id}:${at.toISOString()}`,
            createdAt: now,
          })
          .onConflictDoNothing();
        await tx
          .update(workflows)
          .set({ nextRunAt: nextRuns(cfg.schedule, cfg.timeZone, now, 1)[0]! })
          .where(eq(workflows.id, wf.id));
      }
    });
    // Calendar triggers over the synced events.
    const calendar = await db
      .select()
      .from(workflows)
      .where(and(eq(workflows.isActive, true), eq(workflows.triggerType, "calendar_event")));
    for (const wf of calendar) {
      const cfg = wf.triggerConfig as TriggerConfigs["calendar_event"];
      const found =
        cfg.kind === "starts_within"
          ? await db
              .select()
              .from(syncedEvents)
              .where(
                and(
                  eq(syncedEvents.userId, wf.userId),
                  gt(syncedEvents.startTime, now),
                  lte(syncedEvents.startTime, new Date(now.getTime() + cfg.minutes * 60_000)),
                ),
              )
              .limit(100)
          : await db
              .select()
              .from(syncedEvents)
              .where(
                and(
                  eq(syncedEvents.userId, wf.userId),
                  gte(syncedEvents.createdAt, wf.createdAt),
                  gte(syncedEvents.createdAt, new Date(now.getTime() - NEW_EVENT_WINDOW_MS)),
                ),
              )
              .limit(100);
      for (const se of found) {
        if (!keywordMatches(cfg.keyword, se.title)) continue;
        const start = se.startTime.toISOString();
        await db
          .insert(workflowEvents)
          .values({
            userId: wf.userId,
            type: cfg.kind === "starts_within" ? "calendar.starts" : "calendar.new",
            payload: { syncedEventId: se.id, title: se.title, startTime: start },
            workflowId: wf.id,
            dedupeKey:
              cfg.kind === "starts_within"
                ? `cal-start:${wf.id}:${se.id}:${start}`
                : `cal-new:${wf.id}:${se.id}`,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
    }
    // Runs whose job was lost (a crash between commit and send), and runs a stopped server cut off.
    const lost = await db
      .select({ id: workflowExecutions.id })
      .from(workflowExecutions)
      .where(
        sql`(${workflowExecutions.status} = 'queued' and ${workflowExecutions.createdAt} < ${new Date(now.getTime() - LOST_AFTER_MS).toISOString()}::timestamptz)
         or (${workflowExecutions.status} = 'retrying' and ${workflowExecutions.nextAttemptAt} < ${new Date(now.getTime() - LOST_AFTER_MS).toISOString()}::timestamptz)`,
      )
      .limit(100);
    for (const { id } of lost) await send(id).catch(() => {});
    await db
      .update(workflowExecutions)
      .set({
        status: "failed",
        errorMessage: "Interrupted: the server stopped during the run.",
        completedAt: now,
      })
      .where(
        and(
          eq(workflowExecutions.status, "running"),
          lt(workflowExecutions.startedAt, new Date(now.getTime() - INTERRUPTED_AFTER_MS)),
        ),
      );
    await dispatch();
  }

  function kick(): Promise<void> {
    const next = chain
      .then(() => dispatch())
      .then(
        () => undefined,
        (err) => log.error({ err }, "workflow dispatch failed; the sweep will retry"),
      );
    chain = next;
    return next;
  }

  const jobs: JobDefinition[] = [
    defineJob({
      name: WORKFLOW_RUN_JOB,
      payload: z.object({ executionId: z.uuid() }).strict(),
      policy: "standard",
      pollingIntervalSeconds: 0.5,
      // A burst of status changes queues many runs at once: four workers per instance drain about
      // 8 runs a second each instead of 2 (each run claims its row first, so any worker may take it).
      workers: 4,
      handler: async ({ executionId }) => {
        await run(executionId);
      },
    }),
    defineJob({
      name: WORKFLOW_SWEEP_JOB,
      payload: z.object({}).strict(),
      schedule: "* * * * *",
      handler: () => sweep(),
    }),
  ];

  // A task's status change committed with its outbox event: dispatch it now, on this instance.
  deps.events.on("task.status_changed", () => kick());

  return {
    jobs,
    attach(q) {
      queue = q;
    },
    kick,
    dispatch,
    run,
    sweep,
  };
}

/** Cancels a workflow's runs that have not started (pausing, deleting, holding it). */
export async function cancelOpenRuns(tx: Tx | Db, workflowId: string, reason: string) {
  await tx
    .update(workflowExecutions)
    .set({ status: "cancelled", errorMessage: reason })
    .where(
      and(
        eq(workflowExecutions.workflowId, workflowId),
        inArray(workflowExecutions.status, ["queued", "retrying"]),
      ),
    );
}
