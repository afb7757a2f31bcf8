import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The files a person imported (decision 276): one row per person and file content (its SHA-256), so
 * the same file imported again creates nothing twice and answers what the first import made.
 */
export const imports = pgTable(
  "imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    contentHash: text("content_hash").notNull(),
    format: text("format").notNull(),
    fileName: text("file_name").notNull(),
    // What the import created: its counts and its projects ({ id, name }).
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
    projects: jsonb("projects").$type<Array<{ id: string; name: string }>>().notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("imports_user_hash_uidx").on(t.userId, t.contentHash),
    index("imports_user_created_idx").on(t.userId, t.createdAt),
  ],
);
