import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organization, user } from "./auth.ts";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Projects (issue 23). A personal project has an owner (owner_id), a team project a team (team_id);
 * exactly one of the two. Every person has one Inbox (is_inbox), where tasks without a project land.
 * Deleting a project deletes its tasks (tasks.project_id cascades).
 */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "cascade" }),
    teamId: text("team_id").references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    colour: text("colour").notNull().default("#6366f1"),
    description: text("description"),
    dueDate: date("due_date", { mode: "string" }),
    isInbox: boolean("is_inbox").notNull().default(false),
    restricted: boolean("restricted").notNull().default(false),
    archivedAt: tstz("archived_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("projects_owner_idx").on(t.ownerId),
    index("projects_team_idx").on(t.teamId),
    uniqueIndex("projects_one_inbox_per_owner_uidx").on(t.ownerId).where(sql`${t.isInbox} = true`),
    check("projects_owner_or_team_check", sql`(${t.ownerId} is null) <> (${t.teamId} is null)`),
    check("projects_inbox_personal_check", sql`not ${t.isInbox} or ${t.ownerId} is not null`),
  ],
);

/**
 * A project's task list version (decision 320): bumped in the writing transaction by every write to
 * one of its tasks, whatever code makes it, so a page of the list kept in memory is served again only
 * while the version it was read at is still the project's.
 */
export const taskListVersions = pgTable("task_list_versions", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
});

/** Milestones inside a project; their progress is counted from the tasks linked to them. */
export const milestones = pgTable(
  "milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("milestones_project_idx").on(t.projectId)],
);

/** The people listed on a restricted team project (owners and admins see it anyway). */
export const projectMembers = pgTable(
  "project_members",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    addedAt: tstz("added_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user_idx").on(t.userId)],
);

/**
 * The audit of team roles: who changed whose role from what to what, and when. Names are kept so the
 * row still reads after an account is deleted.
 */
export const teamRoleChanges = pgTable(
  "team_role_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: text("team_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    fromRole: text("from_role"),
    toRole: text("to_role"),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    changedByName: text("changed_by_name").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("team_role_changes_team_created_idx").on(t.teamId, t.createdAt.desc())],
);

export type Project = typeof projects.$inferSelect;
export type Milestone = typeof milestones.$inferSelect;
