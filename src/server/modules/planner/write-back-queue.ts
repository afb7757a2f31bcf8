// After a change to the plan in force commits (Accept all, accept one, drag, reject, a task done),
// the person's plan write-back job is queued (decision 186). The job compares the plan with the
// events Kairo wrote and makes the calendar match, so queuing it twice, or late, does no harm.
import type { JobQueue } from "../../jobs/queue.ts";
import type { Logger } from "../../logger.ts";

export const PLAN_WRITE_BACK_JOB = "plan-write-back";

export async function queuePlanWriteBack(
  jobs: Pick<JobQueue, "enqueue">,
  userIds: Iterable<string>,
  log?: Logger,
): Promise<void> {
  for (const userId of new Set(userIds)) {
    await jobs
      .enqueue(PLAN_WRITE_BACK_JOB, { userId })
      // The 15-minute sweep writes what a lost queueing missed; the change itself has committed.
      .catch((err) => log?.warn({ err, userId }, "plan write-back could not be queued"));
  }
}
