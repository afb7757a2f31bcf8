// Which tasks a person may read or change, now that a task lives in a project (issue 23): a task of
// a personal project is its owner's alone; a task of a team project is decided by the permission
// table for the project. A task the person may not know of is "Task not found." either way.
import { and, eq } from "drizzle-orm";
import type { Action } from "#shared/domain/permissions.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { milestones, type Project } from "../../db/schema/projects.ts";
import { type Task, tasks } from "../../db/schema/tasks.ts";
import { type Conn, type PlanGate, projectAudience, requireProject } from "../permissions/permissions.ts";
import { ensureInbox } from "../projects/projects.ts";

export const TASK_NOT_FOUND = "Task not found.";

/** Asks the table with a project's refusal re-worded for the task (a hidden project hides its tasks). */
async function projectFor(o: {
  conn: Conn;
  gate: PlanGate;
  personId: string;
  projectId: string;
  action: Action;
}) {
  try {
    return await requireProject(o);
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND") throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
    throw err;
  }
}

/**
 * The task, if the person may do `action` with it; `lock` holds its row for the transaction (two
 * people editing one team task are serialised here, and the version check sees the latest).
 */
export async function accessTask(o: {
  conn: Conn;
  gate: PlanGate;
  personId: string;
  taskId: string;
  action: Action;
  lock?: boolean;
}): Promise<{ task: Task; project: Project | null }> {
  const query = o.conn.select().from(tasks).where(eq(tasks.id, o.taskId)).limit(1);
  const [task] = o.lock ? await query.for("update") : await query;
  if (!task) throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
  if (task.projectId === null) {
    // A row written without a project is in its owner's Inbox.
    if (task.userId !== o.personId) throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
    return { task, project: null };
  }
  const { project } = await projectFor({ ...o, projectId: task.projectId });
  return { task, project };
}

/** The project a new or moved task goes to: the one named (if the person may add tasks to it), else the Inbox. */
export async function targetProject(o: {
  conn: Conn;
  gate: PlanGate;
  personId: string;
  projectId: string | null | undefined;
}): Promise<Project> {
  if (!o.projectId) return ensureInbox(o.conn, o.personId);
  // Another team's project, or one hidden from the person, answers "Project not found." (404).
  return (await requireProject({ ...o, projectId: o.projectId, action: "task.write" })).project;
}

/** A milestone named for a task must be one of the task's project. */
export async function checkMilestone(conn: Conn, projectId: string, milestoneId: string | null | undefined) {
  if (!milestoneId) return;
  const [m] = await conn
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, projectId)))
    .limit(1);
  if (!m)
    throw new AppError("VALIDATION", "That milestone is not part of the task's project.", {
      fields: { milestoneId: "That milestone is not part of the task's project." },
    });
}

/** An assignee must be able to see the project: its owner, or a team member it is open to. */
export async function checkAssignee(conn: Conn, project: Project, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const audience = await projectAudience(conn, project);
  if (!audience.includes(assigneeId)) {
    const message = project.teamId
      ? "The assignee must be a member of this team who can see the project."
      : "A task of a personal project can only be assigned to its owner.";
    throw new AppError("VALIDATION", message, { fields: { assigneeId: message } });
  }
}
