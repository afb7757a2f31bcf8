// Which workflows a trigger event fires, and how the run's history names the event.
import { and, count, eq, gte, lte } from "drizzle-orm";
import type { TriggerConfigs } from "#shared/contracts/workflows.ts";
import { matchesTaskStatus, milestoneReached, type TriggerType } from "#shared/domain/workflow-rules.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Workflow, WorkflowEvent } from "../../db/schema/workflows.ts";
import type { Tx } from "../../db/transaction.ts";
import type { TaskStatusChangedPayload } from "../../events/task-outbox.ts";

export type TriggerRow = Pick<
  Workflow,
  "id" | "name" | "userId" | "triggerType" | "triggerConfig" | "createdAt"
>;

/** Does `wf` fire for `ev`? Aimed events (schedules, calendar) were matched when they were made. */
export async function matches(tx: Tx, wf: TriggerRow, ev: WorkflowEvent): Promise<boolean> {
  if (ev.workflowId) return ev.workflowId === wf.id;
  if (ev.type !== "task.status_changed") return false;
  const payload = ev.payload as TaskStatusChangedPayload;
  // An event is the owner's own change unless it names someone else (decision 215).
  const change = { ...payload, byOwner: payload.actorId === undefined || payload.actorId === ev.userId };
  const type = wf.triggerType as TriggerType;
  if (type === "task_status") {
    return matchesTaskStatus(wf.triggerConfig as TriggerConfigs["task_status"], change);
  }
  if (type !== "project_milestone") return false;
  const cfg = wf.triggerConfig as TriggerConfigs["project_milestone"];
  const facts = {
    openInCategory: change.openInCategory ?? 0,
    openInMilestone: change.openInMilestone,
    completedSinceCreated: 0,
  };
  // Only a completion that could reach the count costs the count.
  const counts = cfg.kind === "tasks_completed" && change.byOwner && change.category === cfg.category;
  if (counts && change.to === "completed" && change.from !== "completed") {
    // Completions of the category from the workflow's creation up to this event.
    const [done] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, ev.userId),
          eq(tasks.category, cfg.category),
          eq(tasks.completed, true),
          gte(tasks.completedAt, wf.createdAt),
          lte(tasks.completedAt, ev.createdAt),
        ),
      );
    facts.completedSinceCreated = done?.n ?? 0;
  }
  return milestoneReached(cfg, change, facts);
}

export function describeEvent(ev: WorkflowEvent): string {
  const p = ev.payload as Record<string, string>;
  if (ev.type === "task.status_changed") return `Task “${p.title}” moved from ${p.from} to ${p.to}`;
  if (ev.type === "schedule.due") return `Schedule due at ${p.dueAt}`;
  if (ev.type === "calendar.starts") return `Calendar event “${p.title}” starts at ${p.startTime}`;
  return `New calendar event “${p.title}”`;
}
