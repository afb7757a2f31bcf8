import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { TaskHistoryChanges, TaskHistoryKind } from "#shared/contracts/comments.ts";
import { user } from "./auth.ts";
import { tasks } from "./tasks.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Comments on a task (decision 167). They go with the task, and with their author's account: the
 * words are the author's own data.
 */
export const taskComments = pgTable(
  "task_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    // Null until the author first edits it.
    editedAt: tstz("edited_at"),
  },
  (t) => [
    // A task's thread, oldest first, paged by (created_at, id).
    index("task_comments_task_created_idx").on(t.taskId, t.createdAt, t.id),
    // The export and the account's cascade.
    index("task_comments_author_idx").on(t.authorId),
    check("task_comments_body_length_check", sql`char_length(${t.body}) between 1 and 10000`),
  ],
);

/**
 * Who a comment mentions: only people who could see the task when it was written or edited. A row
 * is written once per person, so an edit notifies only the newly mentioned.
 */
export const commentMentions = pgTable(
  "comment_mentions",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => taskComments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // The address as the comment spelled it (lower case), so the web highlights it.
    email: text("email").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_mentions_user_idx").on(t.userId)],
);

/**
 * A task's history: who created, changed, completed or deleted it, and when. `task_id` has no
 * foreign key so the "deleted" entry outlives the task; the rows go with the task's owner's account
 * (`owner_id`), and an actor whose account is gone reads as "Deleted user" (`actor_id` null).
 */
export const taskHistory = pgTable(
  "task_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind").$type<TaskHistoryKind>().notNull(),
    // The changed fields, each { from, to } (titles and instants as text).
    changes: jsonb("changes").$type<TaskHistoryChanges>().notNull().default({}),
    // "workflow" when a workflow run made the change for its owner, else "person".
    source: text("source").notNull().default("person"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("task_history_task_created_idx").on(t.taskId, t.createdAt, t.id),
    index("task_history_owner_idx").on(t.ownerId),
    index("task_history_actor_idx").on(t.actorId),
    check(
      "task_history_kind_check",
      sql`${t.kind} in ('created', 'updated', 'completed', 'reopened', 'deleted', 'assigned', 'occurrence_completed', 'occurrence_skipped')`,
    ),
  ],
);

export type TaskComment = typeof taskComments.$inferSelect;
export type CommentMention = typeof commentMentions.$inferSelect;
export type TaskHistoryRow = typeof taskHistory.$inferSelect;
