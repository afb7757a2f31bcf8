// Webhooks (docs/decisions/200-webhooks.md): a person's endpoints, the messages queued for them in
// the transaction of the change they announce, and every attempt to deliver one (the delivery log).
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** An address a person asked Kairo to POST chosen events to, signed with its own secret. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().notNull(),
    // The signing secret ("whsec_…"), sealed with the server secret (context "webhook:<id>").
    secretSealed: text("secret_sealed").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledAt: tstz("disabled_at"),
    disabledReason: text("disabled_reason"),
    // The first failed attempt since the last success; null while the endpoint answers.
    failingSince: tstz("failing_since"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdAt: tstz("created_at").notNull(),
    updatedAt: tstz("updated_at").notNull(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId, t.createdAt)],
);

/**
 * One message for one endpoint. `payload` is the exact body sent at every attempt; `id` gives the
 * `webhook-id` header, the same on every attempt and redelivery so a receiver can drop duplicates.
 * A pending row is due at `next_attempt_at`; a delivery claims it by moving that time past the
 * attempt's bound (src/server/modules/webhooks/delivery.ts).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    // pending | delivered | failed
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull(),
    // Retries stop 24 hours after this (the event, or the person's Redeliver).
    retrySince: tstz("retry_since").notNull(),
    lastStatusCode: integer("last_status_code"),
    lastAttemptAt: tstz("last_attempt_at"),
    deliveredAt: tstz("delivered_at"),
    createdAt: tstz("created_at").notNull(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

/** Every attempt to deliver a message: what the endpoint answered, how fast, or why it failed. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    at: tstz("at").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    // The first characters of the answer's body, for the person's log.
    responseExcerpt: text("response_excerpt").notNull().default(""),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
