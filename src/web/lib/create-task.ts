// POST /api/tasks: the one call that adds a task, used by the task form and by quick capture alike.
// It refreshes every cache root that shows tasks or time (the key registry's "task" change). With no
// network the task waits in this browser's queue and is sent, with the same Idempotency-Key, once the
// connection returns (decision 282): the answer then says it is queued.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TaskCreateBody, TaskDto } from "#shared/contracts/tasks.ts";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { ApiError } from "./api-client.ts";
import { invalidate } from "./query-keys.ts";
import { getSession } from "./session.ts";
import { newIdempotencyKey, queueTask, sendTask } from "./task-outbox.ts";

export type CreateOutcome = { queued: false; task: TaskDto } | { queued: true };

/** What the form says when a task waits for the connection. */
export const QUEUED_MESSAGE = "Saved on this device. It will be added when the connection returns.";

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

export async function createTask(body: TaskCreateBody): Promise<CreateOutcome> {
  // The static demo's server runs in the page: there is no network to wait for, and no key to send
  // (its node:crypto shim has no hash to store one with).
  if (DEMO_MODE) return { queued: false, task: await sendTask(body) };
  const session = getSession();
  const userId = session.status === "signed-in" ? session.user.id : null;
  const key = newIdempotencyKey();
  if (userId && offline()) {
    queueTask(userId, body, key);
    return { queued: true };
  }
  try {
    return { queued: false, task: await sendTask(body, key) };
  } catch (err) {
    // No network after all (the answer may be lost, not the request): queued with the same key, so
    // sending it again creates nothing more if it did arrive.
    if (userId && err instanceof ApiError && err.code === "NETWORK") {
      queueTask(userId, body, key);
      return { queued: true };
    }
    throw err;
  }
}

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    // Offline the mutation must still run (to queue), not pause until the network returns.
    networkMode: "always",
    onSuccess: (outcome) => {
      if (!outcome.queued) void invalidate(qc, "task");
    },
  });
}
