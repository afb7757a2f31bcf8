// Webhook endpoint use cases: list, create (the secret shown once), change (re-enable included),
// delete, reveal the secret, read the delivery log, redeliver. Every query is scoped to the person:
// another person's endpoint id is simply not found. Creating, changing, revealing and redelivering
// need the plan that sells API access (Team); listing, reading the log and deleting do not, so a
// lapsed plan can still see and clean up.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_LOG_SIZE,
  type WebhookCreateBody,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEventType,
  type WebhookUpdateBody,
  webhookMessageId,
} from "#shared/contracts/webhooks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { Db } from "../../db/client.ts";
import { withPersonLock } from "../../db/person-lock.ts";
import {
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema/webhooks.ts";
import type { Clock } from "../../db/transaction.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { newWebhookSecret, openSecret, sealSecret } from "./secrets.ts";

export const WEBHOOK_NOT_FOUND = "Webhook not found.";
const LIMIT_MESSAGE = `You can have up to ${MAX_WEBHOOK_ENDPOINTS} webhooks. Delete one you no longer use first.`;

export type WebhookDeps = {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  entitlements: Pick<Entitlements, "require">;
  /** The address rule at the door (url-check.ts); throws a 400 naming the problem. */
  checkUrl: (url: string) => Promise<void>;
};

const toDto = (r: WebhookEndpointRow): WebhookEndpointDto => ({
  id: r.id,
  url: r.url,
  description: r.description,
  eventTypes: r.eventTypes as WebhookEventType[],
  enabled: r.enabled,
  disabledAt: r.disabledAt?.toISOString() ?? null,
  disabledReason: r.disabledReason,
  failingSince: r.failingSince?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

async function ownEndpoint(db: Db, personId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, personId)));
  if (!row) throw new AppError("NOT_FOUND", WEBHOOK_NOT_FOUND);
  return row;
}

export async function listWebhooks(db: Db, personId: string): Promise<WebhookEndpointDto[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, personId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toDto);
}

export async function createWebhook(d: WebhookDeps & { personId: string; body: WebhookCreateBody }) {
  await d.entitlements.require(d.personId, "api_access");
  await d.checkUrl(d.body.url);
  const id = randomUUID();
  const secret = newWebhookSecret();
  // Under the person's lock two simultaneous creates cannot both take the last place.
  const row = await withPersonLock(d.db, d.personId, d.clock, async (tx, now) => {
    const [n] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, d.personId));
    if ((n?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError("CONFLICT", LIMIT_MESSAGE);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        userId: d.personId,
        url: d.body.url,
        description: d.body.description ?? "",
        eventTypes: d.body.eventTypes,
        secretSealed: sealSecret(d.secretBox, id, secret),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return { endpoint: toDto(row), secret };
}

export async function updateWebhook(
  d: WebhookDeps & { personId: string; id: string; body: WebhookUpdateBody },
) {
  await d.entitlements.require(d.personId, "api_access");
  await ownEndpoint(d.db, d.personId, d.id);
  if (d.body.url !== undefined) await d.checkUrl(d.body.url);
  const now = d.clock();
  const reenable = d.body.enabled === true;
  const [row] = await d.db
    .update(webhookEndpoints)
    .set({
      ...(d.body.url !== undefined ? { url: d.body.url } : {}),
      ...(d.body.description !== undefined ? { description: d.body.description } : {}),
      ...(d.body.eventTypes !== undefined ? { eventTypes: d.body.eventTypes } : {}),
      ...(d.body.enabled === false
        ? { enabled: false, disabledAt: now, disabledReason: "Turned off by you." }
        : {}),
      // Re-enabled: a fresh start, the 24 hours of failure count again from the next failure.
      ...(reenable
        ? {
            enabled: true,
            disabledAt: null,
            disabledReason: null,
            failingSince: null,
            consecutiveFailures: 0,
          }
        : {}),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, d.id), eq(webhookEndpoints.userId, d.personId)))
    .returning();
  return toDto(row!);
}

export async function deleteWebhook(db: Db, personId: string, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, personId)))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND", WEBHOOK_NOT_FOUND);
}

/** The signing secret, for its owner only (the route is the person's own, the query scoped). */
export async function revealWebhookSecret(d: WebhookDeps & { personId: string; id: string }) {
  await d.entitlements.require(d.personId, "api_access");
  const row = await ownEndpoint(d.db, d.personId, d.id);
  return openSecret(d.secretBox, row.id, row.secretSealed);
}

/** The newest deliveries of an endpoint, each with its attempts. */
export async function listWebhookDeliveries(
  db: Db,
  personId: string,
  id: string,
): Promise<WebhookDeliveryDto[]> {
  await ownEndpoint(db, personId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.userId, personId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_SIZE);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(desc(webhookAttempts.attempt));
  return rows.map((r) => ({
    id: r.id,
    messageId: webhookMessageId(r.id),
    eventType: r.eventType,
    status: r.status as WebhookDeliveryDto["status"],
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    log: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.at.toISOString(),
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        responseExcerpt: a.responseExcerpt,
        error: a.error,
      })),
  }));
}

/**
 * Sends a delivered or failed message again (same `webhook-id`, a fresh signature), with 24 hours of
 * retries from now. A message still waiting for its next attempt is left to it: setting it due now
 * could start a second attempt beside one under way.
 */
export async function redeliverWebhook(
  d: WebhookDeps & { personId: string; id: string; deliveryId: string },
) {
  await d.entitlements.require(d.personId, "api_access");
  const endpoint = await ownEndpoint(d.db, d.personId, d.id);
  if (!endpoint.enabled) throw new AppError("CONFLICT", "Re-enable this webhook before redelivering.");
  const now = d.clock();
  const rows = await d.db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, retrySince: now })
    .where(
      and(
        eq(webhookDeliveries.id, d.deliveryId),
        eq(webhookDeliveries.endpointId, d.id),
        eq(webhookDeliveries.userId, d.personId),
        ne(webhookDeliveries.status, "pending"),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (rows.length > 0) return;
  const [exists] = await d.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, d.deliveryId),
        eq(webhookDeliveries.endpointId, d.id),
        eq(webhookDeliveries.userId, d.personId),
      ),
    );
  if (!exists) throw new AppError("NOT_FOUND", "Delivery not found.");
  throw new AppError("CONFLICT", "This delivery is already waiting for its next attempt.");
}
