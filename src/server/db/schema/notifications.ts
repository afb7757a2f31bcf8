import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** In-app notifications: what the bell in the top bar lists. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // What raised it (workflow, report, calendar, team...), so the web can pick an icon.
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    // An in-app path to open, or null.
    link: text("link"),
    // A fired reminder's notification names it, so the notification can snooze it (no foreign key:
    // the notification outlives a reminder deleted with its task).
    reminderId: uuid("reminder_id"),
    readAt: tstz("read_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // The bell lists the newest first and counts the unread.
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // The daily retention job deletes notifications past their retention, oldest first.
    index("notifications_created_idx").on(t.createdAt),
  ],
);

export type Notification = typeof notifications.$inferSelect;
