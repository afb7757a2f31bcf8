// Who may see a task, and so read and write its comments and history: the ONE place that answers it
// for this module (decision 169). A task lives in a project (issue 23): a personal project's tasks
// are its owner's; a team project's are decided by the permission table
// (src/shared/domain/permissions.ts) through the permissions module, so a restricted project's
// tasks, comments and history are seen only by the people it is open to.
import { eq, inArray } from "drizzle-orm";
import type { Action } from "#shared/domain/permissions.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { projects } from "../../db/schema/projects.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";
import { projectAudience, requireProject } from "../permissions/permissions.ts";

export const TASK_NOT_FOUND = "Task not found.";

type Conn = Db | Tx;

/** What the comment use cases need of a task the person may see. */
export type VisibleTask = { id: string; ownerId: string; title: string };

/** Someone who can see a task, as a mention or a broadcast needs them. */
export type TaskViewer = { id: string; name: string; email: string };

// Reading and commenting do not depend on whether the team's plan is live (a lapsed team's projects
// stay readable, and their discussion open); archived projects are read-only by the table itself.
const READS_ANY_PLAN = { teamPlanLive: async () => true };

async function taskFor(db: Conn, personId: string, taskId: string, action: Action): Promise<VisibleTask> {
  const [row] = await db
    .select({ id: tasks.id, ownerId: tasks.userId, title: tasks.title, projectId: tasks.projectId })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
  if (row.projectId === null) {
    if (row.ownerId !== personId) throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
  } else {
    try {
      await requireProject({ conn: db, gate: READS_ANY_PLAN, personId, projectId: row.projectId, action });
    } catch (err) {
      // A project the person may not know of hides its tasks.
      if (err instanceof AppError && err.code === "NOT_FOUND")
        throw new AppError("NOT_FOUND", TASK_NOT_FOUND);
      throw err;
    }
  }
  return { id: row.id, ownerId: row.ownerId, title: row.title };
}

/**
 * The task, if the person may read it (its comments and history); otherwise a 404 that says nothing
 * of whether it exists.
 */
export async function canReadTask(db: Conn, personId: string, taskId: string): Promise<VisibleTask> {
  return taskFor(db, personId, taskId, "task.read");
}

/** The task, if the person may comment on it (a viewer comments too); a task they cannot read is a 404. */
export async function canCommentOnTask(db: Conn, personId: string, taskId: string): Promise<VisibleTask> {
  return taskFor(db, personId, taskId, "task.comment");
}

/** Everyone who may see the task: whom a comment may mention and whom it is broadcast to. */
export async function peopleWhoCanSeeTask(db: Conn, taskId: string): Promise<TaskViewer[]> {
  const [row] = await db
    .select({ ownerId: tasks.userId, projectId: tasks.projectId })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row) return [];
  let ids = [row.ownerId];
  if (row.projectId !== null) {
    const [project] = await db.select().from(projects).where(eq(projects.id, row.projectId)).limit(1);
    if (project) ids = await projectAudience(db, project);
  }
  if (ids.length === 0) return [];
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, ids));
}
