// Run: claims an execution under a lease (docs/decisions/130-leases-and-heartbeats.md), performs its
// actions in one transaction with its completion, and retries transient failures with backoff.
//
// The claim takes a queued or retry-due run, or a "running" one whose lease lapsed (its instance
// died mid-run: whatever it had done was in an uncommitted transaction, so doing it again is the
// first time it happens). A job delivered twice, or by two instances, runs the execution once. The
// holder renews the lease while it works; the transaction that commits the run first fences it, so
// a holder that stalled past its lease and was taken over commits nothing.
import { type AnyColumn, and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { WorkflowActionDef } from "#shared/contracts/workflows.ts";
import {
  MATCHING_TASKS_PER_RUN,
  MAX_RUN_ATTEMPTS,
  retryDelaySeconds,
} from "#shared/domain/workflow-rules.ts";
import { AppError } from "#shared/errors/app-error.ts";
import {
  acquireLease,
  fenceLease,
  type Lease,
  LeaseLost,
  releaseLease,
  startHeartbeat,
} from "../../db/lease.ts";
import { user } from "../../db/schema/auth.ts";
import {
  type Workflow,
  type WorkflowExecution,
  workflowEvents,
  workflowExecutions,
  workflows,
} from "../../db/schema/workflows.ts";
import { recordWebhookEvent } from "../../events/webhook-outbox.ts";
import { activeWorkflowRank, type Entitlements } from "../entitlements/entitlements.ts";
import { getPreferences } from "../preferences/preferences.ts";
import { ActionFailure, failedOutcomes, type RunContext, runActions } from "./actions.ts";
import type { EngineContext } from "./engine-context.ts";
import { DELETED_MESSAGE, PAUSED_MESSAGE } from "./open-runs.ts";

type Plan = Awaited<ReturnType<Entitlements["forPerson"]>>;

export const INTERRUPTED_MESSAGE = "Interrupted: the server stopped during the run, every time it was tried.";

const RUN_LEASE_PREFIX = "workflow-run:";

/** The lease key of an execution's run. */
export const runLeaseKey = (executionId: string) => `${RUN_LEASE_PREFIX}${executionId}`;

/** The same, as SQL over an execution id column (recover.ts). */
export const runLeaseKeySql = (executionId: SQL | AnyColumn) =>
  sql`${RUN_LEASE_PREFIX} || ${executionId}::text`;

type Claim = { claimed: WorkflowExecution; wf: Workflow; lease: Lease; plan: Plan };

export async function run(ctx: EngineContext, executionId: string): Promise<"ran" | "skipped"> {
  const now = ctx.clock();
  const claim = await claimRun(ctx, executionId, now);
  if (!claim) return "skipped";
  const { wf, lease } = claim;
  const heartbeat = startHeartbeat(ctx.db, lease, ctx.lease, (err) =>
    ctx.log.warn({ err, executionId }, "workflow run lease lost; its commit will be refused"),
  );
  let mails = 0;
  try {
    try {
      mails = await perform(ctx, claim, now);
    } catch (err) {
      if (err instanceof LeaseLost) return "skipped";
      if (!(await recordFailure(ctx, claim, err, now))) return "skipped";
      ctx.changed([wf.userId]);
      return "ran";
    }
  } finally {
    heartbeat.stop();
  }
  ctx.changed([wf.userId]);
  // The run's mail leaves now that it committed; its own changes may have written trigger events
  // (a chain): dispatch them.
  if (mails > 0) void ctx.mail.kick();
  void ctx.kick();
  return "ran";
}

/**
 * In one transaction: the execution (skipped if another claim has its row right now), its lease,
 * and the move to "running". A run of a workflow paused or deleted meanwhile is cancelled instead,
 * and so is one the person's plan no longer lets run (a trial or a preview that ended since it was
 * queued, a plan past its limit), with the plan's reason; one whose instance died on every attempt
 * is failed.
 */
async function claimRun(ctx: EngineContext, executionId: string, now: Date): Promise<Claim | null> {
  // The page hears of a cancelled or failed run only once that commits.
  return ctx.events.afterCommit(() =>
    ctx.db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(workflowExecutions)
        .where(
          and(
            eq(workflowExecutions.id, executionId),
            inArray(workflowExecutions.status, ["queued", "retrying", "running"]),
          ),
        )
        .for("update", { skipLocked: true });
      if (!open) return null;
      const lease = await acquireLease(tx, runLeaseKey(executionId), ctx.lease.ttlMs);
      if (!lease) return null;
      const [wf] = open.workflowId
        ? await tx.select().from(workflows).where(eq(workflows.id, open.workflowId))
        : [];
      const end = async (status: "cancelled" | "failed", errorMessage: string) => {
        await tx
          .update(workflowExecutions)
          .set({ status, errorMessage, ...(status === "failed" ? { completedAt: now } : {}) })
          .where(eq(workflowExecutions.id, executionId));
        await releaseLease(tx, lease);
        ctx.changed([open.userId]);
        return null;
      };
      if (!wf?.isActive) return end("cancelled", wf ? PAUSED_MESSAGE : DELETED_MESSAGE);
      // The plan at run time, read in this transaction (PGlite has one connection).
      const plan = (await ctx.entitlements.forPeople([wf.userId], tx)).get(wf.userId)!;
      const [ranked] = await tx
        .select({ rank: activeWorkflowRank() })
        .from(workflows)
        .where(eq(workflows.id, wf.id));
      const paused = plan.workflowPause(ranked!.rank);
      if (paused !== null) return end("cancelled", `Cancelled: ${paused}`);
      if (open.status === "running" && open.attempts >= MAX_RUN_ATTEMPTS)
        return end("failed", INTERRUPTED_MESSAGE);
      if (open.status === "running")
        ctx.log.warn({ executionId }, "taking over a run whose instance stopped");
      const [claimed] = await tx
        .update(workflowExecutions)
        .set({
          status: "running",
          attempts: sql`${workflowExecutions.attempts} + 1`,
          startedAt: open.attempts === 0 ? now : open.startedAt,
          nextAttemptAt: null,
        })
        .where(eq(workflowExecutions.id, executionId))
        .returning();
      if (claimed!.attempts === 1) {
        await tx
          .update(workflows)
          .set({ executionCount: sql`${workflows.executionCount} + 1`, lastRunAt: now })
          .where(eq(workflows.id, wf.id));
      }
      return { claimed: claimed!, wf, lease, plan };
    }),
  );
}

/** The actions, the mail they send and the run's completion, in one transaction: all stays, or none. */
async function perform(ctx: EngineContext, { claimed, wf, lease, plan }: Claim, now: Date): Promise<number> {
  const { db } = ctx;
  const executionId = claimed.id;
  const [ev] = claimed.eventId
    ? await db.select().from(workflowEvents).where(eq(workflowEvents.id, claimed.eventId))
    : [];
  const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, wf.userId));
  const preferences = await getPreferences(db, wf.userId);
  const actions = wf.actions as WorkflowActionDef[];
  const payload = (ev?.payload ?? {}) as Record<string, unknown>;
  const tz = wf.triggerType === "time_based" ? (wf.triggerConfig as { timeZone: string }).timeZone : "UTC";
  // Events of the actions (task changes, notifications) are delivered only if the run commits.
  return ctx.events.afterCommit(() =>
    db.transaction(async (tx) => {
      // First: nobody can take the run over from here to the commit, and if somebody already did,
      // nothing below happens.
      await fenceLease(tx, lease, ctx.lease.ttlMs);
      const run: RunContext = {
        tx,
        events: ctx.events,
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
        matchingLeft: MATCHING_TASKS_PER_RUN,
      };
      const outcomes = await runActions(run, actions);
      // Keyed by the run, not the attempt: an attempt that did not commit queued nothing, and the
      // one that commits queues each mail once.
      for (const [i, mail] of run.mails.entries()) {
        await ctx.mail.enqueue(tx, {
          ...mail,
          idempotencyKey: `${runLeaseKey(executionId)}:mail:${i}`,
          userId: wf.userId,
        });
      }
      await tx
        .update(workflowExecutions)
        .set({
          status: "completed",
          completedAt: ctx.clock(),
          errorMessage: null,
          result: { outcomes, report: run.report },
        })
        .where(eq(workflowExecutions.id, executionId));
      await recordWebhookEvent(
        tx,
        wf.userId,
        "workflow_run.finished",
        { workflowId: wf.id, executionId, workflowName: wf.name, status: "completed", errorMessage: null },
        now,
      );
      await releaseLease(tx, lease);
      // Held with the run's other events: announced (team activity, the page) once it commits.
      ctx.events.emit({
        type: "workflow.run",
        workflowId: wf.id,
        personId: wf.userId,
        executionId,
        status: "completed",
      });
      return run.mails.length;
    }),
  );
}

/**
 * A transient failure is retried with backoff; a permanent one (or the last attempt) fails the run.
 * False when the lease was taken over meanwhile: the run is another instance's to record.
 */
async function recordFailure(ctx: EngineContext, { claimed, wf, lease }: Claim, err: unknown, now: Date) {
  const executionId = claimed.id;
  const actions = wf.actions as WorkflowActionDef[];
  const index = err instanceof ActionFailure ? err.index : 0;
  const cause = err instanceof ActionFailure ? err.cause : err;
  const message = failureMessage(err);
  const permanent = cause instanceof AppError;
  const retry = !permanent && claimed.attempts < MAX_RUN_ATTEMPTS;
  const delay = retryDelaySeconds(claimed.attempts);
  try {
    await ctx.db.transaction(async (tx) => {
      await fenceLease(tx, lease, ctx.lease.ttlMs);
      await tx
        .update(workflowExecutions)
        .set(
          retry
            ? {
                status: "retrying",
                errorMessage: message,
                nextAttemptAt: new Date(now.getTime() + delay * 1000),
              }
            : {
                status: "failed",
                errorMessage: message,
                completedAt: ctx.clock(),
                result: { outcomes: failedOutcomes(actions, index, message), report: null },
              },
        )
        .where(eq(workflowExecutions.id, executionId));
      if (!retry)
        await recordWebhookEvent(
          tx,
          wf.userId,
          "workflow_run.finished",
          { workflowId: wf.id, executionId, workflowName: wf.name, status: "failed", errorMessage: message },
          now,
        );
      await releaseLease(tx, lease);
    });
  } catch (fenceErr) {
    if (fenceErr instanceof LeaseLost) return false;
    throw fenceErr;
  }
  if (retry) {
    ctx.log.warn({ err, executionId, attempt: claimed.attempts }, "workflow run failed; retrying");
    await ctx.send(executionId, delay).catch(() => {});
  } else {
    ctx.log.info({ executionId, error: message }, "workflow run failed");
  }
  return true;
}

/** What the history shows: the database's own words rather than the query wrapper's "Failed query: ...". */
function failureMessage(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.message.startsWith("Failed query:") && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : "The run failed.";
}
