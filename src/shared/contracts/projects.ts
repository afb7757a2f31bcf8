// Projects, milestones, project members and team roles (issue 23): the request schemas the server
// validates with and the answer shapes the web reads. Routes:
//
//   GET    /api/projects?teamId=&archived=true        projectListResponse (archived hidden unless asked)
//   POST   /api/projects                              projectCreateBody -> projectDto (201)
//   GET    /api/projects/:id                          projectDto
//   PATCH  /api/projects/:id                          projectUpdateBody -> projectDto
//   POST   /api/projects/:id/archive                  -> projectDto (read-only, hidden from lists)
//   POST   /api/projects/:id/restore                  -> projectDto
//   DELETE /api/projects/:id?confirm=true             -> projectDeleteResponse; without confirm: 409
//                                                        CONFLICT naming the task count (also in projectDto)
//   GET    /api/projects/:id/milestones               milestoneListResponse
//   POST   /api/projects/:id/milestones               milestoneCreateBody -> milestoneDto (201)
//   PATCH  /api/milestones/:id                        milestoneUpdateBody -> milestoneDto
//   DELETE /api/milestones/:id                        204 (its tasks stay, unlinked)
//   GET    /api/projects/:id/members                  projectMembersResponse (restricted projects)
//   POST   /api/projects/:id/members                  projectMemberBody -> projectMembersResponse
//   DELETE /api/projects/:id/members/:userId          -> projectMembersResponse
//   PATCH  /api/team/members/:memberId                teamRoleBody -> teamResponse (team.ts)
//   GET    /api/team/role-changes                     roleChangesResponse (owners and admins)
//
// Tasks (tasks.ts) carry projectId, milestoneId, assigneeId, createdBy, updatedBy and version; the
// task list filters by projectId, milestoneId and assignee=me; a stale PATCH/DELETE answers 409 with
// taskConflictBody.
import { z } from "zod";
import { TEAM_ROLES } from "../domain/permissions.ts";
import { noNul, textError } from "./auth.ts";

export { TEAM_ROLES, type TeamRole } from "../domain/permissions.ts";

export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const MILESTONE_NAME_MAX = 100;
/** The name of the personal project every person has, where tasks without a project land. */
export const INBOX_NAME = "Inbox";
/** Shown for the creator of a team task whose account was deleted. */
export const DELETED_USER_NAME = "Deleted user";
/** The colours a project can take (the picker offers these; any #rrggbb is accepted). */
export const PROJECT_COLOURS = [
  "#6366f1",
  "#0ea5e9",
  "#10b981",
  "#f59e0b",
  "#ef4444",
  "#ec4899",
  "#8b5cf6",
  "#64748b",
] as const;
export const DEFAULT_PROJECT_COLOUR = PROJECT_COLOURS[0];

const nameField = (label: string, max: number) =>
  z
    .string({ error: textError(label) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, `${label} must not contain control characters`);

export const colourField = z
  .string({ error: "Colour must be a colour like #6366f1" })
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a colour like #6366f1")
  .transform((c) => c.toLowerCase());

/** A calendar day, YYYY-MM-DD (a project's or milestone's due date has no time of day). */
export const dueDateField = z
  .string({ error: "Due date must be a date like 2026-12-31" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Due date must be a date like 2026-12-31")
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
  }, "Due date must be a real date");

const descriptionField = z
  .string({ error: textError("Description") })
  .max(PROJECT_DESCRIPTION_MAX, `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`)
  .refine(noNul, "Description must not contain control characters");

export const projectCreateBody = z.strictObject({
  name: nameField("Name", PROJECT_NAME_MAX),
  colour: colourField.default(DEFAULT_PROJECT_COLOUR),
  description: descriptionField.nullable().optional(),
  dueDate: dueDateField.nullable().optional(),
  /** The team that shares the project; absent or null: a personal project. */
  teamId: z.string({ error: "teamId must be a team id" }).min(1).max(100).nullable().optional(),
  /** Team projects only: open to the listed members (and owners/admins) instead of the whole team. */
  restricted: z.boolean({ error: "restricted must be true or false" }).default(false),
});
export type ProjectCreateBody = z.input<typeof projectCreateBody>;

export const projectUpdateBody = z
  .strictObject({
    name: nameField("Name", PROJECT_NAME_MAX).optional(),
    colour: colourField.optional(),
    description: descriptionField.nullable().optional(),
    dueDate: dueDateField.nullable().optional(),
    restricted: z.boolean({ error: "restricted must be true or false" }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");
export type ProjectUpdateBody = z.input<typeof projectUpdateBody>;

export const projectListQuery = z.strictObject({
  /** Only this team's projects ("personal": only the person's own). */
  teamId: z.string().min(1).max(100).optional(),
  /** "true": the archived projects instead of the active ones. */
  archived: z.enum(["true", "false"], { error: "archived must be true or false" }).default("false"),
});
export type ProjectListQuery = z.input<typeof projectListQuery>;

export const projectDeleteQuery = z.strictObject({
  confirm: z.enum(["true", "false"], { error: "confirm must be true" }).optional(),
});

/** What the person reading a project may do with it (decided by the permission table). */
export const projectCapabilities = z.object({
  /** Rename, recolour, describe, archive, restore, delete, members, milestones. */
  manage: z.boolean(),
  /** Create, edit, complete and assign its tasks (false for viewers and read-only projects). */
  editTasks: z.boolean(),
  /** Comment on its tasks. */
  comment: z.boolean(),
});
export type ProjectCapabilities = z.infer<typeof projectCapabilities>;

export const projectDto = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  description: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** "personal": ownerId is the person; "team": teamId is the team. */
  kind: z.enum(["personal", "team"]),
  ownerId: z.string().nullable(),
  teamId: z.string().nullable(),
  isInbox: z.boolean(),
  restricted: z.boolean(),
  archivedAt: z.string().nullable(),
  /** True when archived or when the team's plan has ended: nothing in it can change. */
  readOnly: z.boolean(),
  taskCount: z.number(),
  openTaskCount: z.number(),
  can: projectCapabilities,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectDto = z.infer<typeof projectDto>;

export const projectListResponse = z.object({ projects: z.array(projectDto) });
export type ProjectListResponse = z.infer<typeof projectListResponse>;

export const projectDeleteResponse = z.object({ deleted: z.literal(true), deletedTasks: z.number() });
export type ProjectDeleteResponse = z.infer<typeof projectDeleteResponse>;

/** The confirmation the web shows before deleting a project, naming the task count. */
export const projectDeleteConfirmation = (name: string, taskCount: number) =>
  `Delete "${name}" and its ${taskCount} ${taskCount === 1 ? "task" : "tasks"}? This cannot be undone.`;

// Milestones
export const milestoneCreateBody = z.strictObject({
  name: nameField("Name", MILESTONE_NAME_MAX),
  dueDate: dueDateField.nullable().optional(),
});
export type MilestoneCreateBody = z.input<typeof milestoneCreateBody>;

export const milestoneUpdateBody = z
  .strictObject({
    name: nameField("Name", MILESTONE_NAME_MAX).optional(),
    dueDate: dueDateField.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");
export type MilestoneUpdateBody = z.input<typeof milestoneUpdateBody>;

/** "3 of 8": completed tasks of the milestone's tasks. */
export const milestoneProgressLabel = (completed: number, total: number) => `${completed} of ${total}`;

export const milestoneDto = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  dueDate: z.string().nullable(),
  taskCount: z.number(),
  completedCount: z.number(),
  /** milestoneProgressLabel(completedCount, taskCount), e.g. "3 of 8". */
  progress: z.string(),
  createdAt: z.string(),
});
export type MilestoneDto = z.infer<typeof milestoneDto>;
export const milestoneListResponse = z.object({ milestones: z.array(milestoneDto) });
export type MilestoneListResponse = z.infer<typeof milestoneListResponse>;

// Members of a restricted project
export const projectMemberBody = z.strictObject({
  userId: z.string({ error: "userId must be a person's id" }).min(1).max(100),
});
export type ProjectMemberBody = z.input<typeof projectMemberBody>;

export const projectMemberDto = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
});
export type ProjectMemberDto = z.infer<typeof projectMemberDto>;
/** Everyone who can see the project (for an open project: the whole team), for the assignee picker. */
export const projectMembersResponse = z.object({
  restricted: z.boolean(),
  members: z.array(projectMemberDto),
});
export type ProjectMembersResponse = z.infer<typeof projectMembersResponse>;

// Team roles
export const teamRoleBody = z.strictObject({
  role: z.enum(TEAM_ROLES, { error: `Role must be one of ${TEAM_ROLES.join(", ")}` }),
});
export type TeamRoleBody = z.input<typeof teamRoleBody>;

export const roleChangeDto = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  fromRole: z.enum(TEAM_ROLES).nullable(),
  toRole: z.enum(TEAM_ROLES).nullable(),
  changedById: z.string().nullable(),
  changedByName: z.string(),
  changedAt: z.string(),
});
export type RoleChangeDto = z.infer<typeof roleChangeDto>;
export const roleChangesResponse = z.object({ changes: z.array(roleChangeDto) });
export type RoleChangesResponse = z.infer<typeof roleChangesResponse>;
