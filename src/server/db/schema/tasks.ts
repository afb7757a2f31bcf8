import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { anyYearTimestamp } from "./any-year-timestamp.ts";
import { organization, user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // Set when the task is shared with a team; the row survives the team being deleted.
    organizationId: text("organization_id").references(() => organization.id, {
      onDelete: "set null",
    }),
    title: text("title").notNull(),
    description: text("description"),
    // Typed by people, any year 0001-9999 (see any-year-timestamp.ts).
    deadline: anyYearTimestamp("deadline"),
    estimatedMinutes: integer("estimated_minutes").notNull().default(30),
    actualMinutes: integer("actual_minutes").notNull().default(0),
    category: text("category").notNull().default("General"),
    // Explicit priority chosen by the user; priority_score is the computed ranking.
    priority: text("priority").notNull().default("medium"),
    completed: boolean("completed").notNull().default(false),
    completedAt: tstz("completed_at"),
    status: text("status").notNull().default("todo"),
    isActive: boolean("is_active").notNull().default(false),
    activeStartTime: tstz("active_start_time"),
    priorityScore: doublePrecision("priority_score").notNull().default(0),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Matches the task list order (priority_score desc, deadline, created_at desc), so the list is an
    // index scan per user. Descending keys are NULLS FIRST in every index here because that is what a
    // plain ORDER BY x DESC means; drizzle's default DESC NULLS LAST index is not used for it, even on
    // NOT NULL columns (checked on PostgreSQL 15).
    index("tasks_user_order_idx").on(
      t.userId,
      t.priorityScore.desc().nullsFirst(),
      t.deadline,
      t.createdAt.desc().nullsFirst(),
    ),
    // Analytics count completions per user over a time range.
    index("tasks_user_completed_at_idx").on(t.userId, t.completedAt),
    index("tasks_user_deadline_idx").on(t.userId, t.deadline),
    // Team views, and the SET NULL when an organization is deleted.
    index("tasks_organization_idx").on(t.organizationId),
    // A person can time only one task at once; the database enforces it even under concurrent starts.
    uniqueIndex("tasks_one_active_timer_per_user_uidx").on(t.userId).where(sql`${t.isActive} = true`),
    check(
      "tasks_category_check",
      sql`${t.category} in ('General', 'Development', 'Design', 'Meeting', 'Research', 'Admin')`,
    ),
    check("tasks_priority_check", sql`${t.priority} in ('low', 'medium', 'high', 'urgent')`),
    check("tasks_status_check", sql`${t.status} in ('todo', 'in_progress', 'completed')`),
  ],
);

export const timeLogs = pgTable(
  "time_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startTime: tstz("start_time").notNull(),
    // Null while the log is open (the timer is running).
    endTime: tstz("end_time"),
    durationMinutes: integer("duration_minutes"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // Newest-first per task (closing the newest open log), and the cascade from tasks.
    index("time_logs_task_start_idx").on(t.taskId, t.startTime.desc().nullsFirst()),
    // Analytics sum durations per user over a time range.
    index("time_logs_user_start_idx").on(t.userId, t.startTime),
    // Stopping a timer closes "the" open log; a second open log would be double-counted.
    uniqueIndex("time_logs_one_open_per_task_uidx").on(t.taskId).where(sql`${t.endTime} is null`),
    // A log never ends before it starts (the time of a change is read once its lock is held).
    check("time_logs_end_after_start_check", sql`${t.endTime} is null or ${t.endTime} >= ${t.startTime}`),
  ],
);

export const pomodoroSessions = pgTable(
  "pomodoro_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // Optional link; the session stays in the history if the task is deleted.
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    startTime: tstz("start_time").notNull(),
    endTime: tstz("end_time"),
    durationMinutes: integer("duration_minutes").notNull(),
    breakDurationMinutes: integer("break_duration_minutes").notNull(),
    completed: boolean("completed").notNull().default(false),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("pomodoro_sessions_user_start_idx").on(t.userId, t.startTime),
    // Keeps the SET NULL on task deletion from scanning the table.
    index("pomodoro_sessions_task_idx").on(t.taskId),
  ],
);

export type Task = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;
export type TimeLog = typeof timeLogs.$inferSelect;
export type NewTimeLog = typeof timeLogs.$inferInsert;
export type PomodoroSession = typeof pomodoroSessions.$inferSelect;
export type NewPomodoroSession = typeof pomodoroSessions.$inferInsert;
