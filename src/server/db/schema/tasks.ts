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
import { milestones, projects } from "./projects.ts";

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
    // The task's project (null only for rows written before a project was chosen: the Inbox's).
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    milestoneId: uuid("milestone_id").references(() => milestones.id, { onDelete: "set null" }),
    assigneeId: text("assignee_id").references(() => user.id, { onDelete: "set null" }),
    // Null once the account is deleted: shown as "Deleted user".
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    // Bumped on every write, so a stale write can be refused (409).
    version: integer("version").notNull().default(1),
    // Its subtasks at a glance, written with every subtask change in the same transaction (decision 232):
    // the list shows "2 of 5" and the estimate with the open subtasks' without reading them.
    subtasksTotal: integer("subtasks_total").notNull().default(0),
    subtasksDone: integer("subtasks_done").notNull().default(0),
    subtasksOpenMinutes: integer("subtasks_open_minutes").notNull().default(0),
    // A repeating task is one series on this row (decision 235): its rule, its start (DTSTART, the
    // wall clock in its zone), its zone, "repeat after completion"; null rule: it happens once.
    recurrenceRule: text("recurrence_rule"),
    recurrenceStart: text("recurrence_start"),
    recurrenceTimeZone: text("recurrence_time_zone"),
    recurrenceAfterCompletion: boolean("recurrence_after_completion").notNull().default(false),
    // The rule's date of the open occurrence (its deadline may be moved for this one only), the
    // series' own title (the title may be changed for this one only) and how many occurrences were
    // completed or skipped since the rule was set (COUNT of an after-completion series).
    occurrenceDue: tstz("occurrence_due"),
    seriesTitle: text("series_title"),
    occurrencesDone: integer("occurrences_done").notNull().default(0),
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
    // A project's list, and "Assigned to me".
    index("tasks_project_order_idx").on(
      t.projectId,
      t.priorityScore.desc().nullsFirst(),
      t.deadline,
      t.createdAt.desc().nullsFirst(),
    ),
    index("tasks_assignee_idx").on(t.assigneeId),
    // Team analytics' open workload and overdue tasks (decision 210): only open tasks with a deadline,
    // with what the read sums and groups by, so it is an index-only scan.
    index("tasks_project_open_deadline_idx")
      .on(t.projectId, t.deadline, t.assigneeId, t.userId, t.estimatedMinutes)
      .where(sql`${t.completed} = false and ${t.deadline} is not null`),
    index("tasks_milestone_idx").on(t.milestoneId),
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

/**
 * The completed and skipped occurrences of a repeating task (decision 235): one row per date of the
 * rule, unique per series and date, so two completions of one occurrence record it once.
 */
export const taskOccurrences = pgTable(
  "task_occurrences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    // The task's owner, whose analytics count it.
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // The rule's date of this occurrence, and its deadline (moved for this one, or the same).
    dueAt: tstz("due_at").notNull(),
    deadline: anyYearTimestamp("deadline"),
    outcome: text("outcome").notNull(),
    // When it was completed or skipped.
    doneAt: tstz("done_at").notNull(),
    doneBy: text("done_by").references(() => user.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    category: text("category").notNull(),
    // The minutes tracked on this occurrence (its time logs point at it).
    actualMinutes: integer("actual_minutes").notNull().default(0),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("task_occurrences_task_due_uidx").on(t.taskId, t.dueAt),
    // Analytics and insights count completions per person over a time range.
    index("task_occurrences_user_done_idx").on(t.userId, t.doneAt),
    // The calendars show completed occurrences on the day they were due (decision 290).
    index("task_occurrences_user_due_completed_idx")
      .on(t.userId, sql`coalesce(${t.deadline}, ${t.dueAt})`)
      .where(sql`${t.outcome} = 'completed'`),
    check("task_occurrences_outcome_check", sql`${t.outcome} in ('completed', 'skipped')`),
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
    // For a repeating task, the completed occurrence this time was tracked on (null: the open one).
    occurrenceId: uuid("occurrence_id").references(() => taskOccurrences.id, { onDelete: "set null" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("time_logs_occurrence_idx").on(t.occurrenceId),
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

/**
 * A task's steps (decisions 230 to 233): ordered by `position`, whole numbers renumbered 0..n-1 on
 * every reorder (at most 100 a task). They go with their task, and the task's owner's account.
 */
export const subtasks = pgTable(
  "subtasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    done: boolean("done").notNull().default(false),
    estimatedMinutes: integer("estimated_minutes"),
    position: integer("position").notNull(),
    completedAt: tstz("completed_at"),
    // Null once the author's account is deleted.
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // A task's list in order, and the cascade from tasks. Not unique: a reorder rewrites the
    // positions one row at a time under the task's lock.
    index("subtasks_task_position_idx").on(t.taskId, t.position),
    check("subtasks_title_length_check", sql`char_length(${t.title}) between 1 and 200`),
    check(
      "subtasks_estimate_check",
      sql`${t.estimatedMinutes} is null or ${t.estimatedMinutes} between 1 and 480`,
    ),
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
export type TaskOccurrence = typeof taskOccurrences.$inferSelect;
export type Subtask = typeof subtasks.$inferSelect;
export type NewTimeLog = typeof timeLogs.$inferInsert;
export type PomodoroSession = typeof pomodoroSessions.$inferSelect;
export type NewPomodoroSession = typeof pomodoroSessions.$inferInsert;

/**
 * A person's reminders on a task (issue 24 point 6, decision 245): at a fixed time, or some minutes
 * before the deadline (kept as the offset; due_at is recomputed with every deadline change). Personal:
 * on a team task each person sets their own. The sweep claims due rows by setting fired_at, so each
 * fires once (decision 246).
 */
export const taskReminders = pgTable(
  "task_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    at: tstz("at"),
    offsetMinutes: integer("offset_minutes"),
    // When it fires: `at`, or the deadline less the offset (null while there is no deadline), or
    // the time a snooze moved it to.
    dueAt: tstz("due_at"),
    // Set once a snooze moved it: a deadline change then leaves due_at alone.
    snoozed: boolean("snoozed").notNull().default(false),
    firedAt: tstz("fired_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // The sweep's claim: the waiting reminders, earliest first.
    index("task_reminders_due_idx").on(t.dueAt).where(sql`${t.firedAt} is null`),
    index("task_reminders_task_user_idx").on(t.taskId, t.userId),
    index("task_reminders_user_idx").on(t.userId),
    check("task_reminders_kind_check", sql`(${t.at} is null) <> (${t.offsetMinutes} is null)`),
  ],
);

export type TaskReminder = typeof taskReminders.$inferSelect;
