// Reads every row a person owns, for the export (export.ts decides what of it leaves the server).
import { asc, eq, or } from "drizzle-orm";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { accountDeletions, clientErrorReports } from "../../db/schema/admin.ts";
import { member, organization, session, user } from "../../db/schema/auth.ts";
import { checkoutSessions, demoGrants, launchOfferWindows, subscriptions } from "../../db/schema/billing.ts";
import { calendarConnections, syncedEvents, syncLogs } from "../../db/schema/calendar.ts";
import { taskComments, taskHistory } from "../../db/schema/comments.ts";
import { aiInsights, burnoutAlerts, optimizationRecommendations } from "../../db/schema/insights.ts";
import { notifications } from "../../db/schema/notifications.ts";
import {
  pomodoroSessions,
  subtasks,
  taskOccurrences,
  taskReminders,
  tasks,
  timeLogs,
} from "../../db/schema/tasks.ts";
import { teamActivity } from "../../db/schema/team.ts";
import { workflowExecutions, workflows, workflowTemplateUses } from "../../db/schema/workflows.ts";
import type { ExportRows } from "./export.ts";

export async function loadExportRows(db: Db, userId: string): Promise<ExportRows> {
  // One snapshot: a repeatable-read transaction sees every table at the same moment.
  return db.transaction(
    async (tx) => {
      const [person] = await tx.select().from(user).where(eq(user.id, userId)).limit(1);
      if (!person) throw new AppError("UNAUTHENTICATED", "Not authenticated");
      const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const [deletion] = await tx.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
      const [offerWindow] = await tx
        .select()
        .from(launchOfferWindows)
        .where(eq(launchOfferWindows.userId, userId));
      return {
        user: person,
        subscription: subscription ?? null,
        tasks: await tx.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(asc(tasks.createdAt)),
        subtasks: (
          await tx
            .select({ subtask: subtasks })
            .from(subtasks)
            .innerJoin(tasks, eq(tasks.id, subtasks.taskId))
            .where(or(eq(tasks.userId, userId), eq(subtasks.createdBy, userId)))
            .orderBy(asc(tasks.createdAt), asc(subtasks.taskId), asc(subtasks.position))
        ).map((r) => r.subtask),
        taskOccurrences: await tx
          .select()
          .from(taskOccurrences)
          .where(eq(taskOccurrences.userId, userId))
          .orderBy(asc(taskOccurrences.doneAt)),
        reminders: await tx
          .select()
          .from(taskReminders)
          .where(eq(taskReminders.userId, userId))
          .orderBy(asc(taskReminders.createdAt)),
        timeLogs: await tx
          .select()
          .from(timeLogs)
          .where(eq(timeLogs.userId, userId))
          .orderBy(asc(timeLogs.startTime)),
        pomodoroSessions: await tx
          .select()
          .from(pomodoroSessions)
          .where(eq(pomodoroSessions.userId, userId))
          .orderBy(asc(pomodoroSessions.startTime)),
        taskComments: await tx
          .select()
          .from(taskComments)
          .where(eq(taskComments.authorId, userId))
          .orderBy(asc(taskComments.createdAt)),
        taskHistory: await tx
          .select()
          .from(taskHistory)
          .where(eq(taskHistory.actorId, userId))
          .orderBy(asc(taskHistory.createdAt)),
        aiInsights: await tx
          .select()
          .from(aiInsights)
          .where(eq(aiInsights.userId, userId))
          .orderBy(asc(aiInsights.createdAt)),
        recommendations: await tx
          .select()
          .from(optimizationRecommendations)
          .where(eq(optimizationRecommendations.userId, userId))
          .orderBy(asc(optimizationRecommendations.createdAt)),
        burnoutAlerts: await tx
          .select()
          .from(burnoutAlerts)
          .where(eq(burnoutAlerts.userId, userId))
          .orderBy(asc(burnoutAlerts.createdAt)),
        workflows: await tx
          .select()
          .from(workflows)
          .where(eq(workflows.userId, userId))
          .orderBy(asc(workflows.createdAt)),
        workflowExecutions: await tx
          .select()
          .from(workflowExecutions)
          .where(eq(workflowExecutions.userId, userId))
          .orderBy(asc(workflowExecutions.startedAt)),
        workflowTemplateUses: await tx
          .select()
          .from(workflowTemplateUses)
          .where(eq(workflowTemplateUses.userId, userId))
          .orderBy(asc(workflowTemplateUses.createdAt)),
        calendarConnections: await tx
          .select()
          .from(calendarConnections)
          .where(eq(calendarConnections.userId, userId))
          .orderBy(asc(calendarConnections.createdAt)),
        syncedEvents: await tx
          .select()
          .from(syncedEvents)
          .where(eq(syncedEvents.userId, userId))
          .orderBy(asc(syncedEvents.startTime)),
        syncLogs: await tx
          .select()
          .from(syncLogs)
          .where(eq(syncLogs.userId, userId))
          .orderBy(asc(syncLogs.startedAt)),
        notifications: await tx
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(asc(notifications.createdAt)),
        teamActivity: await tx
          .select()
          .from(teamActivity)
          .where(eq(teamActivity.userId, userId))
          .orderBy(asc(teamActivity.createdAt)),
        demoGrants: await tx
          .select()
          .from(demoGrants)
          .where(eq(demoGrants.userId, userId))
          .orderBy(asc(demoGrants.startedAt)),
        checkoutSessions: await tx
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.userId, userId))
          .orderBy(asc(checkoutSessions.createdAt)),
        launchOfferWindow: offerWindow ?? null,
        sessions: await tx
          .select()
          .from(session)
          .where(eq(session.userId, userId))
          .orderBy(asc(session.createdAt)),
        teamMemberships: await tx
          .select({
            organizationId: member.organizationId,
            organizationName: organization.name,
            role: member.role,
            createdAt: member.createdAt,
          })
          .from(member)
          .innerJoin(organization, eq(organization.id, member.organizationId))
          .where(eq(member.userId, userId))
          .orderBy(asc(member.createdAt)),
        clientErrorReports: await tx
          .select()
          .from(clientErrorReports)
          .where(eq(clientErrorReports.userId, userId))
          .orderBy(asc(clientErrorReports.createdAt)),
        accountDeletion: deletion ?? null,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
