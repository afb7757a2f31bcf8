// Projects (issue 23): a person's own projects (one of them the Inbox) and the projects a team
// shares; milestones inside them; the people listed on a restricted one. Every use case asks the
// permission table through ../permissions; a project the person may not know of is "not found".
import { and, asc, count, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  DEFAULT_PROJECT_COLOUR,
  INBOX_NAME,
  type MilestoneCreateBody,
  type MilestoneDto,
  type MilestoneUpdateBody,
  milestoneProgressLabel,
  type ProjectCreateBody,
  type ProjectDeleteResponse,
  type ProjectDto,
  type ProjectMembersResponse,
  type ProjectUpdateBody,
  projectDeleteConfirmation,
} from "#shared/contracts/projects.ts";
import { can, decide, type PermissionContext } from "#shared/domain/permissions.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { member } from "../../db/schema/auth.ts";
import {
  type Milestone,
  milestones,
  type Project,
  projectMembers,
  projects,
} from "../../db/schema/projects.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Clock, Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import {
  type Conn,
  enforce,
  type PlanGate,
  PROJECT_NOT_FOUND,
  projectAudience,
  projectAudienceDetails,
  projectContext,
  requireProject,
  requireTeamAction,
  teamsOf,
} from "../permissions/permissions.ts";

export const MILESTONE_NOT_FOUND = "Milestone not found.";

type Deps = { db: Db; gate: PlanGate; clock: Clock; personId: string };
type WriteDeps = Deps & { events: Pick<DomainEvents, "emit" | "afterCommit"> };

/** The person's Inbox, made the first time it is needed (the migration made one for everyone then). */
export async function ensureInbox(conn: Conn, personId: string): Promise<Project> {
  const [found] = await conn
    .select()
    .from(projects)
    .where(and(eq(projects.ownerId, personId), eq(projects.isInbox, true)))
    .limit(1);
  if (found) return found;
  await conn.execute(sql`
    insert into projects (owner_id, name, is_inbox, created_by)
    values (${personId}, ${INBOX_NAME}, true, ${personId})
    on conflict (owner_id) where is_inbox do nothing`);
  const [made] = await conn
    .select()
    .from(projects)
    .where(and(eq(projects.ownerId, personId), eq(projects.isInbox, true)))
    .limit(1);
  return made!;
}

async function taskCounts(conn: Conn, ids: string[]) {
  const counts = new Map<string, { total: number; open: number }>();
  if (ids.length === 0) return counts;
  const rows = await conn
    .select({
      projectId: tasks.projectId,
      total: count(),
      open: sql<number>`count(*) filter (where not ${tasks.completed})`.mapWith(Number),
    })
    .from(tasks)
    .where(inArray(tasks.projectId, ids))
    .groupBy(tasks.projectId);
  for (const r of rows) counts.set(r.projectId!, { total: Number(r.total), open: r.open });
  return counts;
}

function toProjectDto(p: Project, ctx: PermissionContext, c = { total: 0, open: 0 }): ProjectDto {
  return {
    id: p.id,
    name: p.name,
    colour: p.colour,
    description: p.description,
    dueDate: p.dueDate,
    kind: p.teamId ? "team" : "personal",
    ownerId: p.ownerId,
    teamId: p.teamId,
    isInbox: p.isInbox,
    restricted: p.restricted,
    archivedAt: p.archivedAt ? p.archivedAt.toISOString() : null,
    readOnly: Boolean(ctx.readOnly),
    taskCount: c.total,
    openTaskCount: c.open,
    can: {
      manage: can(ctx, "project.manage"),
      editTasks: can(ctx, "task.write"),
      comment: can(ctx, "task.comment"),
    },
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

async function projectDtoOf(conn: Conn, gate: PlanGate, p: Project, personId: string) {
  const ctx = await projectContext(conn, gate, p, personId);
  return toProjectDto(p, ctx, (await taskCounts(conn, [p.id])).get(p.id));
}

/** The projects the person may see: their own, and their teams' (restricted ones only when listed). */
export async function listProjects(
  o: Deps & { query: { teamId?: string; archived: "true" | "false" } },
): Promise<ProjectDto[]> {
  const { db, personId, query } = o;
  await ensureInbox(db, personId);
  const teams = await teamsOf(db, personId);
  if (query.teamId && query.teamId !== "personal" && !teams.some((t) => t.teamId === query.teamId))
    throw new AppError("NOT_FOUND", "Team not found.");
  const wanted =
    query.teamId === "personal" ? [] : query.teamId ? teams.filter((t) => t.teamId === query.teamId) : teams;
  const scope: SQL[] = [];
  if (query.teamId === undefined || query.teamId === "personal") scope.push(eq(projects.ownerId, personId));
  if (wanted.length > 0)
    scope.push(
      inArray(
        projects.teamId,
        wanted.map((t) => t.teamId),
      ),
    );
  if (scope.length === 0) return [];
  const archived = query.archived === "true" ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt);
  const rows = await db
    .select()
    .from(projects)
    .where(and(or(...scope), archived))
    .orderBy(sql`${projects.isInbox} desc`, asc(projects.name), asc(projects.id));
  const listedIn = new Set(
    (
      await db
        .select({ projectId: projectMembers.projectId })
        .from(projectMembers)
        .where(eq(projectMembers.userId, personId))
    ).map((r) => r.projectId),
  );
  const roleIn = new Map(teams.map((t) => [t.teamId, t.role]));
  const live = new Map<string, boolean>();
  for (const t of wanted) live.set(t.teamId, await o.gate.teamPlanLive(t.teamId));
  const visible: { p: Project; ctx: PermissionContext }[] = [];
  for (const p of rows) {
    const ctx: PermissionContext = p.ownerId
      ? { role: "owner", readOnly: p.archivedAt !== null }
      : {
          role: roleIn.get(p.teamId!) ?? null,
          restricted: p.restricted,
          listed: listedIn.has(p.id),
          readOnly: p.archivedAt !== null || !live.get(p.teamId!),
        };
    if (decide(ctx, "project.read").allowed) visible.push({ p, ctx });
  }
  const counts = await taskCounts(
    db,
    visible.map((v) => v.p.id),
  );
  return visible.map((v) => toProjectDto(v.p, v.ctx, counts.get(v.p.id)));
}

export async function getProject(o: Deps & { projectId: string }): Promise<ProjectDto> {
  const { project } = await requireProject({
    conn: o.db,
    gate: o.gate,
    personId: o.personId,
    projectId: o.projectId,
    action: "project.read",
  });
  return projectDtoOf(o.db, o.gate, project, o.personId);
}

export async function createProject(o: WriteDeps & { body: ProjectCreateBody }): Promise<ProjectDto> {
  const { db, personId, body } = o;
  const now = o.clock();
  const teamId = body.teamId ?? null;
  if (teamId) {
    await requireTeamAction(db, teamId, personId, "project.create");
    if (!(await o.gate.teamPlanLive(teamId)))
      throw new AppError(
        "FORBIDDEN",
        "This team's plan has ended: its projects are read-only until it returns.",
      );
  }
  if (!teamId && body.restricted)
    throw new AppError("VALIDATION", "Only a team project can be restricted to listed members.", {
      fields: { restricted: "Only a team project can be restricted to listed members." },
    });
  const [row] = await db
    .insert(projects)
    .values({
      ownerId: teamId ? null : personId,
      teamId,
      name: body.name,
      colour: body.colour ?? DEFAULT_PROJECT_COLOUR,
      description: body.description ?? null,
      dueDate: body.dueDate ?? null,
      restricted: body.restricted ?? false,
      createdBy: personId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // The creator of a restricted project is listed on it, so a member who made it keeps seeing it.
  if (row!.restricted)
    await db.insert(projectMembers).values({ projectId: row!.id, userId: personId, addedAt: now });
  return projectDtoOf(db, o.gate, row!, personId);
}

export async function updateProject(
  o: WriteDeps & { projectId: string; body: ProjectUpdateBody },
): Promise<ProjectDto> {
  const { db, personId, body } = o;
  const now = o.clock();
  const row = await db.transaction(async (tx) => {
    const { project } = await requireProject({
      conn: tx,
      gate: o.gate,
      personId,
      projectId: o.projectId,
      action: "project.manage",
      lock: true,
    });
    if (project.isInbox && body.name !== undefined && body.name !== project.name)
      throw new AppError("CONFLICT", "The Inbox cannot be renamed.");
    if (body.restricted && !project.teamId)
      throw new AppError("VALIDATION", "Only a team project can be restricted to listed members.", {
        fields: { restricted: "Only a team project can be restricted to listed members." },
      });
    const [updated] = await tx
      .update(projects)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.colour !== undefined ? { colour: body.colour } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.dueDate !== undefined ? { dueDate: body.dueDate } : {}),
        ...(body.restricted !== undefined ? { restricted: body.restricted } : {}),
        updatedAt: now,
      })
      .where(eq(projects.id, project.id))
      .returning();
    return updated!;
  });
  return projectDtoOf(db, o.gate, row, personId);
}

/** Archive (read-only, hidden from lists) or restore. Restoring is the one change an archived project takes. */
export async function setArchived(
  o: WriteDeps & { projectId: string; archived: boolean },
): Promise<ProjectDto> {
  const { db, personId } = o;
  const now = o.clock();
  const row = await db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, o.projectId)).for("update");
    if (!project) throw new AppError("NOT_FOUND", PROJECT_NOT_FOUND);
    const ctx = await projectContext(tx, o.gate, project, personId);
    // Archived is what restore undoes, so only the other read-only reason (the plan ended) stops it.
    const planEnded = project.teamId !== null && !(await o.gate.teamPlanLive(project.teamId, tx));
    enforce(decide({ ...ctx, readOnly: planEnded }, "project.manage"), PROJECT_NOT_FOUND);
    if (project.isInbox) throw new AppError("CONFLICT", "The Inbox cannot be archived.");
    const [updated] = await tx
      .update(projects)
      .set({ archivedAt: o.archived ? (project.archivedAt ?? now) : null, updatedAt: now })
      .where(eq(projects.id, project.id))
      .returning();
    return updated!;
  });
  return projectDtoOf(db, o.gate, row, personId);
}

/** Deletes the project with its tasks, once the caller confirms (the refusal names how many). */
export async function deleteProject(
  o: WriteDeps & { projectId: string; confirm: boolean },
): Promise<ProjectDeleteResponse> {
  const { db, personId } = o;
  return o.events.afterCommit(() =>
    db.transaction(async (tx) => {
      const { project } = await requireProject({
        conn: tx,
        gate: o.gate,
        personId,
        projectId: o.projectId,
        action: "project.manage",
        lock: true,
      });
      if (project.isInbox) throw new AppError("CONFLICT", "The Inbox cannot be deleted.");
      const [c] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.projectId, project.id));
      const taskCount = Number(c?.n ?? 0);
      if (!o.confirm)
        throw new AppError(
          "CONFLICT",
          `${projectDeleteConfirmation(project.name, taskCount)} Send confirm=true to delete it.`,
          { fields: { confirm: String(taskCount) } },
        );
      const audience = await projectAudience(tx, project);
      const deleted = await tx
        .delete(tasks)
        .where(eq(tasks.projectId, project.id))
        .returning({ id: tasks.id });
      await tx.delete(projects).where(eq(projects.id, project.id));
      o.events.emit({
        type: "project.changed",
        projectId: project.id,
        audience,
        reason: "deleted",
        personId,
      });
      return { deleted: true as const, deletedTasks: deleted.length };
    }),
  );
}

// Milestones

async function milestoneDtos(conn: Conn, rows: Milestone[]): Promise<MilestoneDto[]> {
  const ids = rows.map((m) => m.id);
  const counts = new Map<string, { total: number; done: number }>();
  if (ids.length > 0) {
    const c = await conn
      .select({
        milestoneId: tasks.milestoneId,
        total: count(),
        done: sql<number>`count(*) filter (where ${tasks.completed})`.mapWith(Number),
      })
      .from(tasks)
      .where(inArray(tasks.milestoneId, ids))
      .groupBy(tasks.milestoneId);
    for (const r of c) counts.set(r.milestoneId!, { total: Number(r.total), done: r.done });
  }
  return rows.map((m) => {
    const k = counts.get(m.id) ?? { total: 0, done: 0 };
    return {
      id: m.id,
      projectId: m.projectId,
      name: m.name,
      dueDate: m.dueDate,
      taskCount: k.total,
      completedCount: k.done,
      progress: milestoneProgressLabel(k.done, k.total),
      createdAt: m.createdAt.toISOString(),
    };
  });
}

export async function listMilestones(o: Deps & { projectId: string }): Promise<MilestoneDto[]> {
  await requireProject({
    conn: o.db,
    gate: o.gate,
    personId: o.personId,
    projectId: o.projectId,
    action: "project.read",
  });
  const rows = await o.db
    .select()
    .from(milestones)
    .where(eq(milestones.projectId, o.projectId))
    .orderBy(sql`${milestones.dueDate} asc nulls last`, asc(milestones.createdAt), asc(milestones.id));
  return milestoneDtos(o.db, rows);
}

export async function createMilestone(
  o: Deps & { projectId: string; body: MilestoneCreateBody },
): Promise<MilestoneDto> {
  await requireProject({
    conn: o.db,
    gate: o.gate,
    personId: o.personId,
    projectId: o.projectId,
    action: "project.manage",
  });
  const now = o.clock();
  const [row] = await o.db
    .insert(milestones)
    .values({
      projectId: o.projectId,
      name: o.body.name,
      dueDate: o.body.dueDate ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return (await milestoneDtos(o.db, [row!]))[0]!;
}

/** The milestone, if the person may do `action` with its project; else "Milestone not found." */
async function requireMilestone(
  o: Deps & { milestoneId: string },
  action: "project.read" | "project.manage",
) {
  const [m] = await o.db.select().from(milestones).where(eq(milestones.id, o.milestoneId)).limit(1);
  if (!m) throw new AppError("NOT_FOUND", MILESTONE_NOT_FOUND);
  try {
    await requireProject({ conn: o.db, gate: o.gate, personId: o.personId, projectId: m.projectId, action });
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND")
      throw new AppError("NOT_FOUND", MILESTONE_NOT_FOUND);
    throw err;
  }
  return m;
}

export async function updateMilestone(
  o: Deps & { milestoneId: string; body: MilestoneUpdateBody },
): Promise<MilestoneDto> {
  const m = await requireMilestone(o, "project.manage");
  const [row] = await o.db
    .update(milestones)
    .set({
      ...(o.body.name !== undefined ? { name: o.body.name } : {}),
      ...(o.body.dueDate !== undefined ? { dueDate: o.body.dueDate } : {}),
      updatedAt: o.clock(),
    })
    .where(eq(milestones.id, m.id))
    .returning();
  return (await milestoneDtos(o.db, [row!]))[0]!;
}

export async function deleteMilestone(o: Deps & { milestoneId: string }): Promise<void> {
  const m = await requireMilestone(o, "project.manage");
  await o.db.delete(milestones).where(eq(milestones.id, m.id));
}

// Members of a restricted project

export async function listProjectMembers(o: Deps & { projectId: string }): Promise<ProjectMembersResponse> {
  const { project } = await requireProject({
    conn: o.db,
    gate: o.gate,
    personId: o.personId,
    projectId: o.projectId,
    action: "project.read",
  });
  return { restricted: project.restricted, members: await projectAudienceDetails(o.db, project) };
}

export async function changeProjectMember(
  o: Deps & { projectId: string; userId: string; add: boolean },
): Promise<ProjectMembersResponse> {
  const { project } = await requireProject({
    conn: o.db,
    gate: o.gate,
    personId: o.personId,
    projectId: o.projectId,
    action: "project.manage",
  });
  if (!project.teamId) throw new AppError("CONFLICT", "A personal project has no members to list.");
  if (o.add) {
    const [m] = await o.db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, project.teamId), eq(member.userId, o.userId)))
      .limit(1);
    if (!m)
      throw new AppError("VALIDATION", "Only a member of this team can be added to the project.", {
        fields: { userId: "Only a member of this team can be added to the project." },
      });
    await o.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: o.userId, addedAt: o.clock() })
      .onConflictDoNothing();
  } else {
    await o.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, o.userId)));
  }
  return { restricted: project.restricted, members: await projectAudienceDetails(o.db, project) };
}

// Lifecycle

/**
 * A person leaves a team (removed, or their account is deleted): their open tasks in its projects
 * become unassigned and stay in the project; the tasks they created there pass to the team (held by
 * its owner, or the longest-standing other member, so they survive the account), with any timer of
 * theirs on them stopped; their time logs stay theirs. `teamId` null: every team they belong to.
 */
export async function releaseTeamWork(
  tx: Tx,
  userId: string,
  teamId: string | null,
  now: Date,
): Promise<void> {
  const teamFilter = teamId ? sql`p.team_id = ${teamId}` : sql`p.team_id is not null`;
  await tx.execute(sql`
    update tasks t set assignee_id = null
    from projects p
    where p.id = t.project_id and ${teamFilter} and t.assignee_id = ${userId} and not t.completed`);
  await tx.execute(sql`
    delete from project_members pm using projects p
    where p.id = pm.project_id and ${teamFilter} and pm.user_id = ${userId}`);
  const nowIso = now.toISOString();
  await tx.execute(sql`
    update time_logs l set end_time = greatest(${nowIso}::timestamptz, l.start_time),
      duration_minutes = greatest(0, floor(extract(epoch from (${nowIso}::timestamptz - l.start_time)) / 60))::int
    from tasks t join projects p on p.id = t.project_id
    where l.task_id = t.id and ${teamFilter} and t.user_id = ${userId} and l.end_time is null`);
  await tx.execute(sql`
    update tasks t set is_active = false, active_start_time = null,
      user_id = coalesce(
        (select s.user_id from subscriptions s where s.organization_id = p.team_id and s.user_id <> ${userId} limit 1),
        (select m.user_id from member m where m.organization_id = p.team_id and m.user_id <> ${userId}
           order by (m.role = 'owner') desc, m.created_at asc limit 1))
    from projects p
    where p.id = t.project_id and ${teamFilter} and t.user_id = ${userId}
      and exists (select 1 from member m where m.organization_id = p.team_id and m.user_id <> ${userId})`);
  // Their history goes with the tasks, so a deleted account's entries stay ("Deleted user" as actor)
  // instead of going with the account.
  await tx.execute(sql`
    update task_history h set owner_id = t.user_id
    from tasks t join projects p on p.id = t.project_id
    where h.task_id = t.id and ${teamFilter} and h.owner_id = ${userId} and t.user_id <> ${userId}`);
}
