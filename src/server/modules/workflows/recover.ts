// Recover (every instance, every half lease): takes over what an instance that died left behind,
// so no run waits for any one instance, the per-minute sweep included. Runs still "running" whose
// lease lapsed are sent again (the claim takes them over), runs whose job was lost are sent again,
// and trigger events committed but never dispatched are dispatched. Every step is safe on several
// instances at once: a run's claim is atomic, and dispatch makes one execution per workflow and event.
import { and, eq, lt, not, or } from "drizzle-orm";
import { leaseIsLive } from "../../db/lease.ts";
import { workflowExecutions } from "../../db/schema/workflows.ts";
import type { EngineContext } from "./engine-context.ts";
import { runLeaseKeySql } from "./run.ts";
import { runPriority, runsUsed } from "./run-budget.ts";

/** Runs sent again per pass at most; the rest wait for the next pass. */
const BATCH = 100;

/** A run queued (or due for retry) this long ago without being started lost its job. */
export function lostAfterMs(ctx: Pick<EngineContext, "lease">) {
  return ctx.lease.ttlMs * 1.5;
}

export async function recover(ctx: EngineContext): Promise<void> {
  const now = ctx.clock();
  const before = new Date(now.getTime() - lostAfterMs(ctx));
  const e = workflowExecutions;
  const left = await ctx.db
    .select({ id: e.id, userId: e.userId })
    .from(e)
    .where(
      or(
        and(eq(e.status, "running"), not(leaseIsLive(runLeaseKeySql(e.id)))),
        and(eq(e.status, "queued"), lt(e.createdAt, before)),
        and(eq(e.status, "retrying"), lt(e.nextAttemptAt, before)),
      ),
    )
    .limit(BATCH);
  // With their owner's priority (run-budget.ts): a heavy account's backlog, waiting longer than a
  // lost job would, is sent again behind everyone else's runs rather than ahead of them.
  const used = await runsUsed(ctx.db, [...new Set(left.map((r) => r.userId))], now);
  for (const { id, userId } of left) {
    await ctx
      .send(id, undefined, runPriority(used.get(userId) ?? 0))
      .catch((err) => ctx.log.warn({ err, executionId: id }, "run not sent again"));
  }
  await ctx.kick();
}
