// The workflow engine. Trigger events sit in the outbox (workflow_events); dispatch.ts turns each
// into executions and queues a job per execution; run.ts claims one under a lease and performs it;
// sweep.ts (every minute, once across instances) fires due schedules and calendar triggers;
// recover.ts (every instance, every half lease) takes over what a dead instance left. This file
// wires them to the job queue and the domain events.
import { z } from "zod";
import { leaseTimings } from "../../db/lease.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../jobs/queue.ts";
import { dispatch } from "./dispatch.ts";
import type { EngineContext, EngineDeps } from "./engine-context.ts";
import { recover } from "./recover.ts";
import { run } from "./run.ts";
import { LIGHT_RUN_PRIORITY } from "./run-budget.ts";
import { sweep } from "./sweep.ts";

export const WORKFLOW_RUN_JOB = "workflow-run";
export const WORKFLOW_SWEEP_JOB = "workflow-sweep";
export const WORKFLOW_RECOVER_JOB = "workflow-recover";

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
  /** Takes over what a dead instance left (runs, lost jobs, undispatched events). */
  recover(): Promise<void>;
};

export function createWorkflowEngine(deps: EngineDeps): WorkflowEngine {
  const log = deps.logger.child({ component: "workflows" });
  let queue: JobQueue | null = null;
  // Dispatch passes of this instance run one after another.
  let chain: Promise<unknown> = Promise.resolve();

  const ctx: EngineContext = {
    ...deps,
    lease: deps.lease ?? leaseTimings(),
    log,
    async send(executionId, startAfterSeconds, priority) {
      if (!queue) throw new Error("The workflow engine has no job queue.");
      await queue.enqueue(WORKFLOW_RUN_JOB, { executionId }, { startAfterSeconds, priority });
    },
    changed(userIds) {
      for (const personId of new Set(userIds)) deps.events.emit({ type: "workflow.changed", personId });
    },
    kick() {
      const next = chain
        .then(() => dispatch(ctx))
        .then(
          () => undefined,
          (err) => log.error({ err }, "workflow dispatch failed; the sweep will retry"),
        );
      chain = next;
      return next;
    },
  };

  const jobs: JobDefinition[] = [
    defineJob({
      name: WORKFLOW_RUN_JOB,
      payload: z.object({ executionId: z.uuid() }).strict(),
      policy: "standard",
      pollingIntervalSeconds: 0.5,
      // A burst of status changes queues many runs at once: four workers per instance drain about
      // 8 runs a second each instead of 2 (each run claims its row first, so any worker may take it).
      workers: 4,
      // And one more that takes only light users' runs, so a heavy account's backlog filling the
      // four never makes someone else's run wait for one of them to finish (decision 136).
      reserved: { workers: 1, minPriority: LIGHT_RUN_PRIORITY },
      handler: async ({ executionId }) => {
        await run(ctx, executionId);
      },
    }),
    defineJob({
      name: WORKFLOW_SWEEP_JOB,
      payload: z.object({}).strict(),
      schedule: "* * * * *",
      handler: () => sweep(ctx),
    }),
    defineJob({
      name: WORKFLOW_RECOVER_JOB,
      payload: z.object({}).strict(),
      everyInstanceSeconds: ctx.lease.ttlMs / 2000,
      handler: () => recover(ctx),
    }),
  ];

  // A task's status change committed with its outbox event: dispatch it now, on this instance.
  deps.events.on("task.status_changed", () => ctx.kick());

  return {
    jobs,
    attach(q) {
      queue = q;
    },
    kick: () => ctx.kick(),
    dispatch: () => dispatch(ctx),
    run: (executionId) => run(ctx, executionId),
    sweep: () => sweep(ctx),
    recover: () => recover(ctx),
  };
}
