// Runs that have not started yet, and the words recorded when they never will.
import { and, eq, inArray } from "drizzle-orm";
import { FLOOD_LIMIT_PER_MINUTE } from "#shared/domain/workflow-rules.ts";
import type { Db } from "../../db/client.ts";
import { workflowExecutions } from "../../db/schema/workflows.ts";
import type { Tx } from "../../db/transaction.ts";

export const FLOOD_MESSAGE = `Held: this workflow fired more than ${FLOOD_LIMIT_PER_MINUTE} times in a minute, so it was paused.`;
export const PAUSED_MESSAGE = "Cancelled: the workflow was paused before this run started.";
export const DELETED_MESSAGE = "Cancelled: the workflow was deleted before this run started.";

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
