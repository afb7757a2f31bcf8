// Delivers push messages to a person's browsers: one job per subscription (durable on pg-boss, so a
// message queued by one instance may leave from another), each sent once per attempt. A push
// service's 404 or 410 removes the subscription; 429, 5xx and no answer are retried with doubling
// waits (or the service's Retry-After) up to six attempts; any other refusal is logged and dropped.
// A message that arrives twice (a job delivered again after a crash) replaces itself on the device:
// the service worker shows it under the message id as its tag, and the Topic header lets the push
// service replace one still waiting.
import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { type PushMessage, pushMessage } from "#shared/contracts/push.ts";
import type { Db } from "../../db/client.ts";
import { pushSubscriptions } from "../../db/schema/push.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../jobs/queue.ts";
import type { Logger } from "../../logger.ts";
import type { PushSender, PushUrgency } from "../../providers/push/push-sender.ts";

export const PUSH_DELIVERY_JOB = "push-delivery";
export const PUSH_MAX_ATTEMPTS = 6;
/** The longest wait between two attempts, whatever the service's Retry-After says. */
const MAX_WAIT_SECONDS = 3600;

const deliveryPayload = z.object({
  subscriptionId: z.uuid(),
  message: pushMessage,
  ttlSeconds: z.number().int().min(0).max(2_419_200),
  urgency: z.enum(["very-low", "low", "normal", "high"]),
  attempt: z.number().int().min(0).max(PUSH_MAX_ATTEMPTS),
});
type DeliveryPayload = z.infer<typeof deliveryPayload>;

export type PushSendRequest = {
  /** Seconds the push service may hold the message for a browser that is offline (default a day). */
  ttlSeconds?: number;
  urgency?: PushUrgency;
};

export type PushDelivery = {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  readonly job: JobDefinition;
  /** Gives the delivery its queue (the queue is built from the definitions, this job among them). */
  attach(queue: JobQueue): void;
  /** Queues the message for each of the person's browsers; resolves to how many. */
  notify(userId: string, message: PushMessage, request?: PushSendRequest): Promise<number>;
  /** `notify` for many people's messages, their browsers looked up at once; resolves to how many. */
  notifyEach(
    messages: Array<{ userId: string; message: PushMessage }>,
    request?: PushSendRequest,
  ): Promise<number>;
};

/** RFC 8030's Topic: at most 32 base64url characters, the same for every copy of one message. */
const topicOf = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 32);

export function createPushDelivery(o: {
  db: Db;
  sender: PushSender;
  logger: Logger;
  clock: () => Date;
  retryBaseSeconds: number;
}): PushDelivery {
  let queue: JobQueue | null = null;
  const log = o.logger.child({ component: "push" });

  async function handle(p: DeliveryPayload) {
    const [sub] = await o.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, p.subscriptionId))
      .limit(1);
    if (!sub) return; // unsubscribed since it was queued
    const outcome = await o.sender.send(sub, JSON.stringify(p.message), {
      ttlSeconds: p.ttlSeconds,
      urgency: p.urgency,
      topic: topicOf(p.message.id),
    });
    const now = o.clock();
    if (outcome.kind === "delivered") {
      await o.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: now, failures: 0 })
        .where(eq(pushSubscriptions.id, sub.id));
      return;
    }
    if (outcome.kind === "gone") {
      await o.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      log.info({ subscriptionId: sub.id, status: outcome.status }, "push subscription gone: removed");
      return;
    }
    await o.db
      .update(pushSubscriptions)
      .set({ lastFailureAt: now, failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, sub.id));
    const next = p.attempt + 1;
    if (outcome.kind === "rejected" || next >= PUSH_MAX_ATTEMPTS) {
      log.warn(
        {
          subscriptionId: sub.id,
          messageId: p.message.id,
          status: outcome.status,
          reason: outcome.reason,
          attempt: p.attempt,
        },
        outcome.kind === "rejected" ? "push refused: not retried" : "push failed: attempts used up",
      );
      return;
    }
    const wait = Math.min(
      MAX_WAIT_SECONDS,
      Math.max(outcome.retryAfterSeconds ?? 0, o.retryBaseSeconds * 2 ** p.attempt),
    );
    log.info(
      { subscriptionId: sub.id, status: outcome.status, attempt: next, wait },
      "push failed: retrying",
    );
    await queue!.enqueue(PUSH_DELIVERY_JOB, { ...p, attempt: next }, { startAfterSeconds: wait });
  }

  const notifyEach: PushDelivery["notifyEach"] = async (messages, request = {}) => {
    if (!queue) throw new Error("Push delivery has no job queue.");
    if (messages.length === 0) return 0;
    const subs = await o.db
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...new Set(messages.map((m) => m.userId))]));
    let queued = 0;
    for (const { userId, message } of messages) {
      for (const sub of subs) {
        if (sub.userId !== userId) continue;
        await queue.enqueue(PUSH_DELIVERY_JOB, {
          subscriptionId: sub.id,
          message,
          ttlSeconds: request.ttlSeconds ?? 86_400,
          urgency: request.urgency ?? "normal",
          attempt: 0,
        } satisfies DeliveryPayload);
        queued++;
      }
    }
    return queued;
  };

  return {
    publicKey: o.sender.publicKey,
    job: defineJob({
      name: PUSH_DELIVERY_JOB,
      payload: deliveryPayload,
      // Each job is one message to one browser: instances take them side by side.
      policy: "standard",
      pollingIntervalSeconds: 1,
      workers: 4,
      handler: (payload) => handle(payload),
    }),
    attach(q) {
      queue = q;
    },
    notify: (userId, message, request) => notifyEach([{ userId, message }], request),
    notifyEach,
  };
}
