// Tables of background work that is not a feature of its own: leases (who holds which piece of
// work, until when) and the mail outbox (mail a run or a job sends, delivered after its commit).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One row per piece of work an instance holds (src/server/db/lease.ts): the holder renews
 * `expires_at` while it works; once that passes, any instance may take the work over. Times are the
 * database's clock, so instances with skewed clocks agree on when a lease lapsed.
 */
export const leases = pgTable(
  "leases",
  {
    // What is held, e.g. "workflow-run:<execution id>".
    key: text("key").primaryKey(),
    // Which instance holds it (host and process), for the logs and an operator's eye.
    holder: text("holder").notNull(),
    // Changes at every take-over: the holder's proof that the lease is still its own.
    token: uuid("token").notNull(),
    acquiredAt: tstz("acquired_at").notNull(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [index("leases_expires_idx").on(t.expiresAt)],
);

/**
 * Mail written in the same transaction as the change that sends it (src/server/providers/mail/
 * mail-outbox.ts), delivered after the commit, retried with backoff. `idempotency_key` is unique,
 * so a retried run or job that queues the same mail again adds nothing; the Message-ID is derived
 * from it, so a receiver can recognise a redelivery after a crash mid-send.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    // The person it is about, so their pending mail goes with their account.
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    // pending (to send, or sending under a claim until next_attempt_at) | sent | failed (gave up).
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    sentAt: tstz("sent_at"),
  },
  (t) => [
    // Delivery takes the due pending mail, oldest first.
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("mail_outbox_user_idx").on(t.userId),
    // The daily retention job deletes delivered and abandoned mail past its retention, oldest first.
    index("mail_outbox_done_idx").on(t.createdAt).where(sql`${t.status} in ('sent', 'failed')`),
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
