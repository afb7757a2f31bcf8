import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// Every admin action, kept after the people involved are gone (no foreign keys on the targets;
// emails are copied so the entry stays readable).
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetUserId: text("target_user_id"),
    targetEmail: text("target_email"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc()), index("audit_log_actor_idx").on(t.actorId)],
);

// Error reports sent by browsers whose owner left "crash reports" on.
export const clientErrorReports = pgTable(
  "client_error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    stack: text("stack"),
    componentStack: text("component_stack"),
    url: text("url"),
    userAgent: text("user_agent"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("client_error_reports_created_idx").on(t.createdAt.desc()),
    index("client_error_reports_user_idx").on(t.userId),
  ],
);

// An account whose owner asked for deletion: signed out and barred at once, purged by the
// scheduled job once purge_after (request + 90 days, the terms' retention) has passed.
export const accountDeletions = pgTable(
  "account_deletions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    requestedAt: tstz("requested_at").notNull().defaultNow(),
    purgeAfter: tstz("purge_after").notNull(),
  },
  (t) => [
    index("account_deletions_purge_idx").on(t.purgeAfter),
    check("account_deletions_purge_check", sql`${t.purgeAfter} > ${t.requestedAt}`),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type ClientErrorReport = typeof clientErrorReports.$inferSelect;
export type AccountDeletion = typeof accountDeletions.$inferSelect;
