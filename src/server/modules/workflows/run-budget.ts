// The per-person run budget (RUN_BUDGET_PER_MINUTE across all of a person's workflows): what each
// person has used of it, and the queue priority their next run gets. Counted from the runs
// themselves, so every instance sees the same figure and nothing more is stored.
import { and, count, gt, inArray, lte } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { RUN_BUDGET_PER_MINUTE, SWEEP_TRIGGERS_PER_PERSON } from "#shared/domain/workflow-rules.ts";
import type { Db } from "../../db/client.ts";
import { workflowExecutions } from "../../db/schema/workflows.ts";
import type { Tx } from "../../db/transaction.ts";

const MINUTE_MS = 60_000;
const OPEN = ["queued", "retrying", "running"];

/**
 * Runs that count against each person's budget at `now`: those started (or queued) in the last
 * minute, and older ones still waiting or running, so a backlog counts until it has drained. One
 * statement for the whole batch of people.
 */
export async function runsUsed(db: Db | Tx, people: readonly string[], now: Date) {
  const used = new Map<string, number>(people.map((p) => [p, 0]));
  if (people.length === 0) return used;
  const since = new Date(now.getTime() - MINUTE_MS);
  const ids = [...used.keys()];
  const recent = db
    .select({ userId: workflowExecutions.userId, n: count() })
    .from(workflowExecutions)
    .where(and(inArray(workflowExecutions.userId, ids), gt(workflowExecutions.startedAt, since)))
    .groupBy(workflowExecutions.userId);
  const backlog = db
    .select({ userId: workflowExecutions.userId, n: count() })
    .from(workflowExecutions)
    .where(
      and(
        inArray(workflowExecutions.status, OPEN),
        lte(workflowExecutions.startedAt, since),
        inArray(workflowExecutions.userId, ids),
      ),
    )
    .groupBy(workflowExecutions.userId);
  for (const r of await unionAll(recent, backlog)) used.set(r.userId, (used.get(r.userId) ?? 0) + r.n);
  return used;
}

/** What is left of the person's budget this minute. */
export const budgetLeft = (used: number) => Math.max(0, RUN_BUDGET_PER_MINUTE - used);

/**
 * The queue priority of a person's run: 0 for someone who has used none of their budget, lower the
 * more they used, so a light user's run is taken before a heavy account's backlog.
 */
export const runPriority = (used: number) => -Math.min(used, RUN_BUDGET_PER_MINUTE);

/**
 * The priority of a light user's run: one who used and asked for no more than a sweep fires for
 * anyone in a minute. The run job keeps a worker per instance for these.
 */
export const LIGHT_RUN_PRIORITY = runPriority(SWEEP_TRIGGERS_PER_PERSON);
