// The outbox of webhooks: a change that a person's endpoints subscribe to writes one message per
// endpoint in the transaction that makes the change, so no change goes unannounced and no message
// exists without its change. Delivery (src/server/modules/webhooks/delivery.ts) reads them after the
// commit, and again after failures, from any instance.
import { and, arrayContains, eq } from "drizzle-orm";
import type { WebhookEventData, WebhookEventType, WebhookMessageBody } from "#shared/contracts/webhooks.ts";
import { webhookDeliveries, webhookEndpoints } from "../db/schema/webhooks.ts";
import type { Tx } from "../db/transaction.ts";

/**
 * Queues `type` for each of the person's enabled endpoints that subscribe to it, inside the change's
 * transaction. Nothing is written when none does (one indexed read per change otherwise).
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  tx: Tx,
  userId: string,
  type: T,
  data: WebhookEventData<T>,
  now: Date,
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.eventTypes, [type]),
      ),
    );
  if (endpoints.length === 0) return 0;
  const body: WebhookMessageBody<T> = { type, timestamp: now.toISOString(), data };
  const payload = JSON.stringify(body);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((e) => ({
      endpointId: e.id,
      userId,
      eventType: type,
      payload,
      nextAttemptAt: now,
      retrySince: now,
      createdAt: now,
    })),
  );
  return endpoints.length;
}
