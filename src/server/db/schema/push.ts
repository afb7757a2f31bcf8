import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Web Push subscriptions: one row per browser a person turned notifications on in (RFC 8030 push
 * service endpoint and the browser's RFC 8291 keys). An endpoint belongs to one browser, so it is
 * unique across people: a browser that signs in as someone else moves its row to them.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    // The browser's P-256 public key and auth secret, base64url (RFC 8291 section 3.2).
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    // A short description of the browser, for the person's list of devices.
    userAgent: text("user_agent").notNull().default(""),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastSuccessAt: tstz("last_success_at"),
    lastFailureAt: tstz("last_failure_at"),
    // Failures since the last success (reset by one).
    failures: integer("failures").notNull().default(0),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.createdAt),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Secrets the server generates once and every instance shares (the Web Push VAPID key pair): in the
 * database, so instances on one PostgreSQL agree, and sealed with the server secret (secret-box.ts).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});
