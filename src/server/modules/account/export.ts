// The shape of "Export my data": one JSON document with everything a person owns. Pure: it receives
// the rows (see load-export.ts) and decides what leaves the server. Tables that hold secrets (the
// user, sessions, calendar connections) go through an allowlist, so a column added later stays
// inside unless someone adds it here; the other tables are exported whole.
import type { AccountDeletion, ClientErrorReport } from "../../db/schema/admin.ts";
import type { session, user } from "../../db/schema/auth.ts";
import type { CheckoutSession, DemoGrant, LaunchOfferWindow, Subscription } from "../../db/schema/billing.ts";
import type { CalendarConnection, SyncedEvent, SyncLog } from "../../db/schema/calendar.ts";
import type { TaskComment, TaskHistoryRow } from "../../db/schema/comments.ts";
import type { AiInsight, BurnoutAlert, OptimizationRecommendation } from "../../db/schema/insights.ts";
import type { Notification } from "../../db/schema/notifications.ts";
import type {
  PomodoroSession,
  Subtask,
  Task,
  TaskOccurrence,
  TaskReminder,
  TimeLog,
} from "../../db/schema/tasks.ts";
import type { teamActivity } from "../../db/schema/team.ts";
import type { Workflow, WorkflowExecution, WorkflowTemplateUse } from "../../db/schema/workflows.ts";

export const EXPORT_FORMAT = "kairo-export";
export const EXPORT_VERSION = 1;

export type ExportRows = {
  user: typeof user.$inferSelect;
  subscription: Subscription | null;
  tasks: Task[];
  /** The subtasks of the person's tasks, and those they added to other people's (decision 233). */
  subtasks: Subtask[];
  /** The completed and skipped occurrences of the person's repeating tasks (decision 235). */
  taskOccurrences: TaskOccurrence[];
  /** The person's own reminders, on any task (decision 245). */
  reminders: TaskReminder[];
  timeLogs: TimeLog[];
  pomodoroSessions: PomodoroSession[];
  /** The comments the person wrote, on any task (decision 167). */
  taskComments: TaskComment[];
  /** The history entries of changes the person made, on any task. */
  taskHistory: TaskHistoryRow[];
  aiInsights: AiInsight[];
  recommendations: OptimizationRecommendation[];
  burnoutAlerts: BurnoutAlert[];
  workflows: Workflow[];
  workflowExecutions: WorkflowExecution[];
  /** The templates the person made workflows from (each counted once in its use count). */
  workflowTemplateUses: WorkflowTemplateUse[];
  calendarConnections: CalendarConnection[];
  syncedEvents: SyncedEvent[];
  syncLogs: SyncLog[];
  notifications: Notification[];
  /** What the person did in their team's Recent Activity (their own rows only). */
  teamActivity: (typeof teamActivity.$inferSelect)[];
  demoGrants: DemoGrant[];
  checkoutSessions: CheckoutSession[];
  launchOfferWindow: LaunchOfferWindow | null;
  sessions: (typeof session.$inferSelect)[];
  teamMemberships: { organizationId: string; organizationName: string; role: string; createdAt: Date }[];
  clientErrorReports: ClientErrorReport[];
  accountDeletion: AccountDeletion | null;
};

/** A row as JSON: dates as ISO 8601 strings in UTC, everything else as it is. */
type Jsonish<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

function plain<T extends Record<string, unknown>>(row: T): Jsonish<T> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  ) as Jsonish<T>;
}

function pick<T extends Record<string, unknown>, K extends keyof T>(row: T, keys: readonly K[]) {
  return plain(Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>);
}

const PROFILE_FIELDS = [
  "id",
  "email",
  "name",
  "emailVerified",
  "image",
  "role",
  "twoFactorEnabled",
  "preferences",
  "createdAt",
  "updatedAt",
] as const;
const SESSION_FIELDS = [
  "id",
  "createdAt",
  "updatedAt",
  "lastActiveAt",
  "expiresAt",
  "ipAddress",
  "userAgent",
] as const;
const CONNECTION_FIELDS = [
  "id",
  "provider",
  "calendarEmail",
  "calendarName",
  "isActive",
  "lastSync",
  "errorMessage",
  "tokenExpiresAt",
  "createdAt",
  "updatedAt",
] as const;

export function buildAccountExport(rows: ExportRows, generatedAt: Date) {
  const { name, ...profile } = pick(rows.user, PROFILE_FIELDS);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    generatedAt: generatedAt.toISOString(),
    profile: { ...profile, fullName: name },
    subscription: rows.subscription ? plain(rows.subscription) : null,
    tasks: rows.tasks.map(plain),
    subtasks: rows.subtasks.map(plain),
    taskOccurrences: rows.taskOccurrences.map(plain),
    reminders: rows.reminders.map(plain),
    timeLogs: rows.timeLogs.map(plain),
    pomodoroSessions: rows.pomodoroSessions.map(plain),
    taskComments: rows.taskComments.map(plain),
    taskHistory: rows.taskHistory.map(plain),
    aiInsights: rows.aiInsights.map(plain),
    recommendations: rows.recommendations.map(plain),
    burnoutAlerts: rows.burnoutAlerts.map(plain),
    workflows: rows.workflows.map(plain),
    workflowExecutions: rows.workflowExecutions.map(plain),
    workflowTemplateUses: rows.workflowTemplateUses.map(plain),
    calendarConnections: rows.calendarConnections.map((c) => pick(c, CONNECTION_FIELDS)),
    syncedEvents: rows.syncedEvents.map(plain),
    syncLogs: rows.syncLogs.map(plain),
    notifications: rows.notifications.map(plain),
    teamActivity: rows.teamActivity.map(plain),
    demoGrants: rows.demoGrants.map(plain),
    checkoutSessions: rows.checkoutSessions.map(plain),
    launchOfferWindow: rows.launchOfferWindow ? plain(rows.launchOfferWindow) : null,
    sessions: rows.sessions.map((s) => pick(s, SESSION_FIELDS)),
    teamMemberships: rows.teamMemberships.map(plain),
    clientErrorReports: rows.clientErrorReports.map(plain),
    accountDeletion: rows.accountDeletion ? plain(rows.accountDeletion) : null,
  };
}

export type AccountExport = ReturnType<typeof buildAccountExport>;

/** kairo-export-YYYY-MM-DD.json, the date in UTC. */
export function exportFileName(at: Date): string {
  return `kairo-export-${at.toISOString().slice(0, 10)}.json`;
}
