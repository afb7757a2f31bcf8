// What a workflow may name of projects (decision 215): the project its trigger is limited to must be
// one the owner may see, a project milestone must be of that project, and every project its actions
// add tasks to or change tasks of must be one where the owner may edit tasks. Asked of the permission
// table when the workflow is created or activated; the actions ask it again when they run (through
// the task use cases), so a member who left the team, or became a viewer, loses what they had.
import { and, eq } from "drizzle-orm";
import type { TriggerConfigs } from "#shared/contracts/workflows.ts";
import { type ActionType, projectsNamed, type TriggerType } from "#shared/domain/workflow-rules.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { milestones } from "../../db/schema/projects.ts";
import { type Conn, type PlanGate, requireProject } from "../permissions/permissions.ts";

export const MILESTONE_NOT_IN_PROJECT = "That milestone is not part of the chosen project.";

export type WorkflowDefinition = {
  triggerType: TriggerType;
  triggerConfig: Record<string, unknown>;
  actions: { type: ActionType; config: Record<string, unknown> }[];
};

/** Throws the permission table's answer (404 for a project the owner may not know of, 403 for one they may only read). */
export async function checkProjectsNamed(o: {
  conn: Conn;
  gate: PlanGate;
  personId: string;
  definition: WorkflowDefinition;
}): Promise<void> {
  const { read, write } = projectsNamed(o.definition);
  for (const projectId of read)
    await requireProject({
      conn: o.conn,
      gate: o.gate,
      personId: o.personId,
      projectId,
      action: "task.read",
    });
  const cfg = o.definition.triggerConfig as TriggerConfigs["project_milestone"];
  if (o.definition.triggerType === "project_milestone" && cfg.kind === "milestone_done") {
    const [m] = await o.conn
      .select({ id: milestones.id })
      .from(milestones)
      .where(and(eq(milestones.id, cfg.milestoneId), eq(milestones.projectId, cfg.projectId)))
      .limit(1);
    if (!m)
      throw new AppError("VALIDATION", MILESTONE_NOT_IN_PROJECT, {
        fields: { "triggerConfig.milestoneId": MILESTONE_NOT_IN_PROJECT },
      });
  }
  for (const projectId of write)
    await requireProject({
      conn: o.conn,
      gate: o.gate,
      personId: o.personId,
      projectId,
      action: "task.write",
    });
}
