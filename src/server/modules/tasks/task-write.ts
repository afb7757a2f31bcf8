// What every task write shares (its options, the plan gate, the score, the project's live
// announcement), apart from tasks.ts so the series' writes (series.ts) use them without a cycle.

import { priorityScore } from "#shared/domain/priority.ts";
import type { Db } from "../../db/client.ts";
import type { Project } from "../../db/schema/projects.ts";
import type { Clock, Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { createEntitlements } from "../entitlements/entitlements.ts";
import { type PlanGate, projectAudience } from "../permissions/permissions.ts";
import type { AssignmentMail } from "./assignment.ts";

type Scorable = {
  deadline: Date | null;
  estimatedMinutes: number;
  createdAt: Date;
  priority: string;
  completed: boolean;
};
export const scoreOf = (t: Scorable, now: Date) =>
  priorityScore({ ...t, priority: t.priority as "low" | "medium" | "high" | "urgent" }, now);

/** What every task write needs: the database, the hub its events go to, and the time. */
export type TaskWriteDeps = {
  db: Db;
  events: DomainEvents;
  clock: Clock;
  /**
   * Asked whether a team's plan is live (a team whose plan ended has read-only projects); absent:
   * the entitlements service on `db`.
   */
  gate?: PlanGate;
  /** Where assignment emails are queued (absent: no email). */
  mail?: AssignmentMail;
};

export type TaskWriteOptions = TaskWriteDeps & {
  personId: string;
  /** The tab that asked (`x-kairo-client`), carried on the events so it can ignore its echo. */
  origin?: string | null;
};

/** The plan gate of a write: the one given, else the entitlements service's answer. */
export const gateOf = (o: { db: Db; clock: Clock; gate?: PlanGate }): PlanGate =>
  o.gate ?? createEntitlements({ db: o.db, clock: o.clock });

/** Tells everyone who may see a team project that one of its tasks changed (after the commit). */
export async function announceProjectChange(
  tx: Tx,
  o: TaskWriteOptions,
  project: Project | null,
  reason: "created" | "updated" | "completed" | "assigned" | "deleted",
  taskId: string,
) {
  if (!project?.teamId) return;
  const audience = await projectAudience(tx, project);
  o.events.emit({
    type: "project.changed",
    projectId: project.id,
    audience,
    reason,
    taskId,
    personId: o.personId,
    origin: o.origin,
  });
}
