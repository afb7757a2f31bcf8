// Analytics rollups (decision 032): per person, per local day and per task category, the minutes of
// closed time logs, the tasks completed and the tasks created, plus each person's all-time task
// totals; completed focus sessions per local day in the day's cell without a category (decision 121).
// Database triggers on tasks, time_logs and pomodoro_sessions keep them up to date in the same
// transaction as every write (drizzle/0008_analytics_rollup_triggers.sql,
// drizzle/0012_analytics_focus_sessions.sql); analytics, the overview and AI insights read them
// instead of aggregating the whole history.
import { date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { projects } from "./projects.ts";

export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The local day, in the person's rollup time zone (analytics_totals.time_zone). */
    day: date("day", { mode: "string" }).notNull(),
    /** A task category, or '' for the day's focus sessions, which belong to no category. */
    category: text("category").notNull(),
    /** Minutes of closed time logs that started on this day, on tasks of this category. */
    minutesTracked: integer("minutes_tracked").notNull().default(0),
    /** Tasks of this category completed on this day (and still completed). */
    tasksCompleted: integer("tasks_completed").notNull().default(0),
    /** Tasks of this category created on this day (and not deleted). */
    tasksCreated: integer("tasks_created").notNull().default(0),
    /** Completed focus (Pomodoro) sessions that started on this day; only in the '' cell. */
    focusSessions: integer("focus_sessions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.category] })],
);

export const analyticsTotals = pgTable("analytics_totals", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** IANA name the days of analytics_daily are counted in; changing it rebuilds them. */
  timeZone: text("time_zone").notNull().default("UTC"),
  tasks: integer("tasks").notNull().default(0),
  completed: integer("completed").notNull().default(0),
  /** Estimated and actual minutes of the completed tasks that have tracked time (time saved). */
  completedEstimatedMinutes: integer("completed_estimated_minutes").notNull().default(0),
  completedActualMinutes: integer("completed_actual_minutes").notNull().default(0),
});

/**
 * The team analytics rollup (decision 210): per team project, per person and per UTC day, what the
 * Team Workspace's figures sum. Completions count for the task's assignee, else its creator; minutes
 * for whoever tracked them. Kept by triggers on tasks and time_logs for team tasks only
 * (drizzle/0024_project_analytics_triggers.sql), like analytics_daily.
 */
export const projectAnalyticsDaily = pgTable(
  "project_analytics_daily",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The UTC day. */
    day: date("day", { mode: "string" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tasksCompleted: integer("tasks_completed").notNull().default(0),
    /** Completed tasks that had a deadline. */
    completedWithDeadline: integer("completed_with_deadline").notNull().default(0),
    /** Completed tasks completed at or before their deadline. */
    completedOnTime: integer("completed_on_time").notNull().default(0),
    minutesTracked: integer("minutes_tracked").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.day, t.userId] }),
    // The cascade when a person's account is deleted.
    index("project_analytics_daily_user_idx").on(t.userId),
  ],
);

export type AnalyticsDaily = typeof analyticsDaily.$inferSelect;
export type AnalyticsTotals = typeof analyticsTotals.$inferSelect;
