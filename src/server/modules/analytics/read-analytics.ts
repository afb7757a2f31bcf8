// Use cases of the analytics page, the dashboard's overview and the calendars: each asks the
// entitlements service how much history the person may see, so no route computes a plan rule.

import type { AnalyticsResponse, CalendarItemsResponse } from "#shared/contracts/tasks.ts";
import type { Db } from "../../db/client.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { type PlanGate, requireProject } from "../permissions/permissions.ts";
import { analytics } from "./analytics.ts";
import { calendarItems } from "./calendar-items.ts";
import { projectAnalytics } from "./project-analytics.ts";

type Common = { db: Db; entitlements: Pick<Entitlements, "forPerson">; personId: string };

/**
 * Analytics over the range asked, cut to the plan's history (the free plan shows 7 days whatever
 * range is asked for); `historyLimitedTo` says when it was cut.
 */
export async function analyticsForPerson(
  o: Common & {
    range: 7 | 30 | 90;
    timeZone: string;
    clock: () => Date;
    /** Only this project's figures (decision 211); a project the person may not read is not found. */
    projectId?: string;
    gate: PlanGate;
  },
): Promise<AnalyticsResponse> {
  const project = o.projectId
    ? (
        await requireProject({
          conn: o.db,
          gate: o.gate,
          personId: o.personId,
          projectId: o.projectId,
          action: "task.read",
        })
      ).project
    : null;
  const { historyDays: limit } = await o.entitlements.forPerson(o.personId);
  const limited = limit !== null && o.range > limit;
  const range = limited ? (limit as 7) : o.range;
  const result = project
    ? await projectAnalytics(o.db, o.personId, project, range, o.timeZone, o.clock())
    : await analytics(o.db, o.personId, range, o.timeZone, o.clock());
  return { ...result, historyLimitedTo: limited ? limit : null };
}

/**
 * What the calendars show between two instants, with tracked time cut to the plan's history (the
 * same limit as the time-log and analytics calls, or paging back through the calendar would show a
 * free person the tracked time those calls hide).
 */
export async function calendarForPerson(
  o: Common & { from: Date; to: Date; projectId?: string; gate?: PlanGate },
): Promise<CalendarItemsResponse> {
  const { historySince } = await o.entitlements.forPerson(o.personId);
  if (o.projectId && o.gate)
    await requireProject({
      conn: o.db,
      gate: o.gate,
      personId: o.personId,
      projectId: o.projectId,
      action: "task.read",
    });
  return calendarItems(o.db, o.personId, o.from, o.to, historySince, o.projectId ?? null);
}
