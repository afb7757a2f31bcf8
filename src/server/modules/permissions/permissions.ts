// The server side of the permission table (src/shared/domain/permissions.ts): reads the facts a
// decision needs (the person's team role, the project's restriction and listing, whether it is
// read-only) and turns a refusal into the answer: 404 when the thing must not be known to exist for
// this person, 403 when they may see it but not do this. Every team, project and task route asks
// here (the route-permission test checks that each one does, for every role).
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  type Action,
  type Decision,
  decide,
  isTeamRole,
  type PermissionContext,
  type TeamRole,
} from "#shared/domain/permissions.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { type Param, param, preparedPer } from "../../db/prepared.ts";
import { member, user } from "../../db/schema/auth.ts";
import { type Project, projectMembers, projects, taskListVersions } from "../../db/schema/projects.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";

export type Conn = Db | Tx;
export type PlanGate = Pick<Entitlements, "teamPlanLive">;

export const PROJECT_NOT_FOUND = "Project not found.";
/** A write to a project of a team whose plan ended: nothing changes until the plan is renewed. */
export const TEAM_PLAN_ENDED_MESSAGE =
  "This team's Team plan has ended, so its projects are read-only until the plan is renewed. Reading them still works.";

const REFUSALS: Record<Exclude<Decision, { allowed: true }>["reason"], (what: string) => AppError> = {
  not_member: (what) => new AppError("NOT_FOUND", what),
  hidden: (what) => new AppError("NOT_FOUND", what),
  role: () => new AppError("FORBIDDEN", "Your role in this team does not allow this."),
  read_only: () =>
    new AppError(
      "FORBIDDEN",
      "This project is read-only (archived, or the team's plan has ended), so it cannot be changed.",
    ),
};

/** Throws the answer of a refusal; `notFound` is the 404's message. */
export function enforce(decision: Decision, notFound: string): void {
  if (!decision.allowed) throw REFUSALS[decision.reason](notFound);
}

/** The person's role in the team, or null when they are not in it. */
export async function teamRoleOf(conn: Conn, teamId: string, personId: string): Promise<TeamRole | null> {
  const [row] = await conn
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, teamId), eq(member.userId, personId)))
    .limit(1);
  if (!row) return null;
  return isTeamRole(row.role) ? row.role : "member";
}

/** The teams the person belongs to, with their role in each. */
export async function teamsOf(conn: Conn, personId: string): Promise<{ teamId: string; role: TeamRole }[]> {
  const rows = await conn
    .select({ teamId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, personId));
  return rows.map((r) => ({ teamId: r.teamId, role: isTeamRole(r.role) ? r.role : "member" }));
}

/** Asks the table about a team-wide action (no project involved); throws its answer. */
export async function requireTeamAction(
  conn: Conn,
  teamId: string,
  personId: string,
  action: Action,
  notFound = "Team not found.",
): Promise<TeamRole> {
  const role = await teamRoleOf(conn, teamId, personId);
  enforce(decide({ role }, action), notFound);
  return role!;
}

export type ProjectAccess = { project: Project; ctx: PermissionContext };

/** The facts about the person and the project the table decides from. */
export async function projectContext(
  conn: Conn,
  gate: PlanGate,
  project: Project,
  personId: string,
): Promise<PermissionContext> {
  if (project.ownerId !== null) return contextOf({ project, personId, role: null, listed: false }, false);
  const role = await teamRoleOf(conn, project.teamId!, personId);
  let listed = false;
  if (role !== null && project.restricted) {
    const [row] = await conn
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, personId)))
      .limit(1);
    listed = row !== undefined;
  }
  const facts = { project, personId, role, listed };
  return contextOf(facts, role !== null && (await planEnded(conn, gate, project)));
}

type ProjectFacts = { project: Project; personId: string; role: string | null; listed: boolean };

/** The context from the facts; `ended`: the team's plan has ended (asked only of a team's member). */
function contextOf(f: ProjectFacts, ended: boolean): PermissionContext {
  const archived = f.project.archivedAt !== null;
  if (f.project.ownerId !== null) {
    return { role: f.project.ownerId === f.personId ? "owner" : null, readOnly: archived };
  }
  if (f.role === null) return { role: null };
  return {
    role: isTeamRole(f.role) ? f.role : "member",
    restricted: f.project.restricted,
    listed: f.project.restricted && f.listed,
    readOnly: archived || ended,
    planEnded: ended && !archived,
  };
}

const planEnded = async (conn: Conn, gate: PlanGate, project: Project) =>
  project.teamId !== null && !(await gate.teamPlanLive(project.teamId, isTx(conn) ? conn : undefined));

// A transaction handle has `rollback`; the database does not.
const isTx = (conn: Conn): conn is Tx => "rollback" in conn;

/**
 * The project with the person's role in its team, whether they are listed on it, and its task list
 * version (decision 320), in one statement: `personId` and `projectId` may be named parameters.
 */
function projectFacts(conn: Conn, projectId: string | Param, personId: string | Param) {
  return conn
    .select({
      project: projects,
      role: member.role,
      listed: projectMembers.userId,
      listVersion: taskListVersions.version,
    })
    .from(projects)
    .leftJoin(member, and(eq(member.organizationId, projects.teamId), eq(member.userId, personId)))
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, personId)),
    )
    .leftJoin(taskListVersions, eq(taskListVersions.projectId, projects.id))
    .where(eq(projects.id, projectId))
    .limit(1);
}

const projectFactsStatement = preparedPer((db: Db) =>
  projectFacts(db, param("projectId"), param("personId")).prepare("kairo_project_facts"),
);

/**
 * The project, if the person may do `action` with it; otherwise the refusal (404 for a project they
 * may not know of). `lock`: hold the project row for the rest of the transaction. The project and
 * the person's standing in it are one statement; the team's plan is asked only of a team's member.
 */
export async function requireProject(o: {
  conn: Conn;
  gate: PlanGate;
  personId: string;
  projectId: string;
  action: Action;
  lock?: boolean;
}): Promise<ProjectAccess> {
  const query = projectFacts(o.conn, o.projectId, o.personId);
  const [row] = o.lock ? await query.for("update", { of: projects }) : await query;
  if (!row) throw new AppError("NOT_FOUND", PROJECT_NOT_FOUND);
  const facts = { project: row.project, personId: o.personId, role: row.role, listed: row.listed !== null };
  const ended =
    row.project.teamId !== null && row.role !== null && (await planEnded(o.conn, o.gate, row.project));
  const ctx = contextOf(facts, ended);
  const decision = decide(ctx, o.action);
  if (!decision.allowed && decision.reason === "read_only" && ctx.planEnded)
    throw new AppError("FORBIDDEN", TEAM_PLAN_ENDED_MESSAGE);
  enforce(decision, PROJECT_NOT_FOUND);
  return { project: row.project, ctx };
}

/**
 * A project whose tasks the person may read, with its task list version (decision 320): one prepared
 * statement. Reading is never refused for a read-only project, so the team's plan is not asked.
 */
export async function readableProject(
  db: Db,
  personId: string,
  projectId: string,
): Promise<{ project: Project; listVersion: number }> {
  const [row] = await projectFactsStatement(db).execute({ projectId, personId });
  if (!row) throw new AppError("NOT_FOUND", PROJECT_NOT_FOUND);
  const ctx = contextOf(
    { project: row.project, personId, role: row.role, listed: row.listed !== null },
    false,
  );
  enforce(decide(ctx, "task.read"), PROJECT_NOT_FOUND);
  return { project: row.project, listVersion: row.listVersion ?? 0 };
}

/** Everyone who may see the project: its owner, or the team members it is open to. */
export async function projectAudience(conn: Conn, project: Project): Promise<string[]> {
  if (project.ownerId !== null) return [project.ownerId];
  const rows = await conn
    .select({ userId: member.userId, role: member.role })
    .from(member)
    .where(eq(member.organizationId, project.teamId!));
  if (!project.restricted) return rows.map((r) => r.userId);
  const listed = new Set(
    (
      await conn
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, project.id))
    ).map((r) => r.userId),
  );
  return rows
    .filter((r) => r.role === "owner" || r.role === "admin" || listed.has(r.userId))
    .map((r) => r.userId);
}

/** The people (id, name, email, role) who may see the project, for the assignee picker. */
export async function projectAudienceDetails(conn: Conn, project: Project) {
  const ids = await projectAudience(conn, project);
  if (ids.length === 0) return [];
  const rows = await conn
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, ids));
  const roles = project.teamId
    ? new Map(
        (
          await conn
            .select({ userId: member.userId, role: member.role })
            .from(member)
            .where(eq(member.organizationId, project.teamId))
        ).map((r) => [r.userId, isTeamRole(r.role) ? r.role : ("member" as TeamRole)]),
      )
    : new Map<string, TeamRole>();
  return rows
    .map((r) => ({ ...r, role: roles.get(r.userId) ?? ("owner" as TeamRole) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The projects a person still belongs to: their own and their teams' ("Assigned to me" reaches
 * these). `personId` may be a named parameter of a prepared statement.
 */
export function projectsOfPerson(conn: Conn, personId: string | Param) {
  return conn
    .select({ id: projects.id })
    .from(projects)
    .where(
      or(
        eq(projects.ownerId, personId),
        sql`${projects.teamId} in (select ${member.organizationId} from ${member} where ${member.userId} = ${personId})`,
      ),
    );
}

/**
 * The tasks a person is to do, as a filter on `tasks`: their own that nobody else was given, and
 * those assigned to them in projects they still belong to. The planner plans these.
 */
export function tasksToDo(conn: Conn, personId: string): SQL {
  return or(
    and(eq(tasks.userId, personId), or(isNull(tasks.assigneeId), eq(tasks.assigneeId, personId))),
    and(eq(tasks.assigneeId, personId), inArray(tasks.projectId, projectsOfPerson(conn, personId))),
  )!;
}
