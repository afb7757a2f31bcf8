// Who may do what in a team (issue 23): one table, role × action → allowed, plus the rule for
// restricted projects and read-only ones. The server asks `decide` for every team, project and task
// route (src/server/modules/permissions); the web may ask it to hide what the server would refuse.
// A personal project's owner acts as "owner" of it; nobody else has any role in it.

export const TEAM_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const isTeamRole = (r: unknown): r is TeamRole => TEAM_ROLES.includes(r as TeamRole);

export const ACTIONS = [
  // The team
  "team.read",
  "team.billing",
  "team.members.manage",
  "team.roles.change",
  "team.roles.audit",
  // Team analytics broken down per member and per project (decision 210); the team's totals and a
  // person's own figures need only "team.read".
  "team.analytics.members",
  // Projects
  "project.read",
  "project.create",
  "project.manage",
  // Tasks of a project
  "task.read",
  "task.write",
  "task.comment",
] as const;
export type Action = (typeof ACTIONS)[number];

/** Actions that change something: refused on a read-only project (archived, or the plan has ended). */
export const WRITE_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  "project.manage",
  "task.write",
  "task.comment",
]);

/** Actions about a project (the project's restriction applies to them). */
export const PROJECT_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  "project.read",
  "project.manage",
  "task.read",
  "task.write",
  "task.comment",
]);

const ALL = true;
const NO = false;

/** The table. Owner: billing and everything; admin: members, roles, projects; member: tasks; viewer: read and comment. */
export const PERMISSIONS: Readonly<Record<TeamRole, Readonly<Record<Action, boolean>>>> = {
  owner: {
    "team.read": ALL,
    "team.billing": ALL,
    "team.members.manage": ALL,
    "team.roles.change": ALL,
    "team.roles.audit": ALL,
    "team.analytics.members": ALL,
    "project.read": ALL,
    "project.create": ALL,
    "project.manage": ALL,
    "task.read": ALL,
    "task.write": ALL,
    "task.comment": ALL,
  },
  admin: {
    "team.read": ALL,
    "team.billing": NO,
    "team.members.manage": ALL,
    "team.roles.change": ALL,
    "team.roles.audit": ALL,
    "team.analytics.members": ALL,
    "project.read": ALL,
    "project.create": ALL,
    "project.manage": ALL,
    "task.read": ALL,
    "task.write": ALL,
    "task.comment": ALL,
  },
  member: {
    "team.read": ALL,
    "team.billing": NO,
    "team.members.manage": NO,
    "team.roles.change": NO,
    "team.roles.audit": NO,
    "team.analytics.members": NO,
    "project.read": ALL,
    "project.create": NO,
    "project.manage": NO,
    "task.read": ALL,
    "task.write": ALL,
    "task.comment": ALL,
  },
  viewer: {
    "team.read": ALL,
    "team.billing": NO,
    "team.members.manage": NO,
    "team.roles.change": NO,
    "team.roles.audit": NO,
    "team.analytics.members": NO,
    "project.read": ALL,
    "project.create": NO,
    "project.manage": NO,
    "task.read": ALL,
    "task.write": NO,
    "task.comment": ALL,
  },
};

/** Roles that see every project of the team, restricted or not. */
const SEES_ALL_PROJECTS: ReadonlySet<TeamRole> = new Set<TeamRole>(["owner", "admin"]);

export type PermissionContext = {
  /** The person's role in the team (or "owner" for their own personal project); null: no role at all. */
  role: TeamRole | null;
  /** The project is restricted to listed members (team projects only). */
  restricted?: boolean;
  /** The person is listed on the restricted project. */
  listed?: boolean;
  /** The project is archived or its team's plan has ended. */
  readOnly?: boolean;
  /** Read-only because the team's plan ended (not archived): the refusal says so. */
  planEnded?: boolean;
};

export type Decision =
  | { allowed: true }
  | { allowed: false; reason: "not_member" | "hidden" | "role" | "read_only" };

/**
 * The one decision. "not_member" and "hidden" must answer 404 (the thing does not exist for this
 * person); "role" and "read_only" answer 403.
 */
export function decide(ctx: PermissionContext, action: Action): Decision {
  if (ctx.role === null) return { allowed: false, reason: "not_member" };
  if (PROJECT_ACTIONS.has(action) && ctx.restricted && !ctx.listed && !SEES_ALL_PROJECTS.has(ctx.role))
    return { allowed: false, reason: "hidden" };
  if (!PERMISSIONS[ctx.role][action]) return { allowed: false, reason: "role" };
  if (ctx.readOnly && WRITE_ACTIONS.has(action)) return { allowed: false, reason: "read_only" };
  return { allowed: true };
}

export const can = (ctx: PermissionContext, action: Action) => decide(ctx, action).allowed;

/** Which roles `granter` may give or take away: only an owner makes (or unmakes) owners. */
export function mayGrant(granter: TeamRole, from: TeamRole, to: TeamRole): boolean {
  if (!PERMISSIONS[granter]["team.roles.change"]) return false;
  if (granter === "owner") return true;
  return from !== "owner" && to !== "owner";
}
