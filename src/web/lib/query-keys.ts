// Every TanStack Query key of the web app, and what each kind of change makes stale, in one place.
// Feature api files build their keys here and invalidate through `invalidate(qc, change)`; the
// realtime handler maps socket events onto the same changes. A unit test
// (query-keys.test.ts) refuses inline key arrays in features. Keys are hierarchical: invalidating a
// root (`queryKeys.tasks.all`) refetches everything under it.
import type { QueryClient, QueryKey } from "@tanstack/react-query";

export const queryKeys = {
  me: ["me"],
  subscription: ["subscription"],
  preferences: ["preferences"],
  overview: ["overview"],
  aiInsights: ["ai-insights"],
  /** Under aiInsights, so whatever makes the person's insights stale makes a project's too. */
  aiInsightsProject: (projectId: string) => ["ai-insights", "project", projectId],
  tasks: {
    all: ["tasks"],
    lists: ["tasks", "list"],
    list: (filters: object) => ["tasks", "list", filters],
    recent: ["tasks", "recent"],
    timeLogs: (taskId: string) => ["tasks", "time-logs", taskId],
    /** One task with its subtasks (GET /api/tasks/:id); under tasks, so any task change refetches it. */
    detail: (taskId: string) => ["tasks", "detail", taskId],
    /** Under tasks, so a task's change (here or live) refetches its history and thread too. */
    comments: (taskId: string) => ["tasks", "comments", taskId],
    history: (taskId: string) => ["tasks", "history", taskId],
    /** The person's own reminders on a task; under tasks, so a deadline change refetches them. */
    reminders: (taskId: string) => ["tasks", "reminders", taskId],
  },
  analytics: {
    all: ["analytics"],
    /** The range's figures, for all projects (null) or one. */
    range: (range: number | string, projectId: string | null = null) => ["analytics", range, projectId],
  },
  calendar: {
    all: ["calendar"],
    /** The items between two instants, of all the person's tasks (null) or one project's. */
    range: (from: string, to: string, projectId: string | null = null) => ["calendar", from, to, projectId],
  },
  planner: {
    all: ["planner"],
    plan: ["planner", "plan"],
    preferences: ["planner", "preferences"],
    atRisk: ["planner", "at-risk"],
  },
  calendarIntegrations: ["calendar-integrations"],
  icalFeed: ["calendar-integrations", "ical-feed"],
  planWriteBack: ["calendar-integrations", "write-back"],
  workflows: {
    all: ["workflows"],
    list: ["workflows", "list"],
    templates: ["workflows", "templates"],
    executions: ["workflows", "executions"],
    execution: (id: string | null) => ["workflows", "execution", id],
  },
  pomodoro: {
    all: ["pomodoro"],
    today: ["pomodoro", "today"],
  },
  projects: {
    all: ["projects"],
    lists: ["projects", "list"],
    list: (archived: boolean) => ["projects", "list", archived],
    detail: (id: string) => ["projects", "detail", id],
    milestones: (id: string) => ["projects", "milestones", id],
    members: (id: string) => ["projects", "members", id],
  },
  team: {
    all: ["team"],
    roleChanges: ["team", "role-changes"],
    invitation: (id: string) => ["team", "invitation", id],
    activity: ["team", "activity"],
    analyticsAll: ["team", "analytics"],
    analytics: (range: number) => ["team", "analytics", range],
  },
  billing: {
    all: ["billing"],
    checkout: (id: string) => ["billing", "checkout", id],
    launchOffer: ["billing", "launch-offer"],
  },
  notifications: ["notifications"],
  tour: ["tour"],
  sessions: ["account-sessions"],
  platform: {
    apps: ["platform", "apps"],
    keys: ["platform", "keys"],
    connectedApps: ["platform", "connected-apps"],
    authorization: (id: string) => ["platform", "authorization", id],
  },
  webhooks: {
    all: ["webhooks"],
    list: ["webhooks", "list"],
    deliveries: (id: string) => ["webhooks", "deliveries", id],
  },
  admin: {
    all: ["admin"],
    stats: ["admin", "stats"],
    mail: ["admin", "mail"],
    users: (query: object) => ["admin", "users", query],
    auditLog: (page: number) => ["admin", "audit-log", page],
    errorReports: (page: number) => ["admin", "error-reports", page],
    deletions: (page: number) => ["admin", "deletions", page],
  },
} as const;

/**
 * What each kind of change makes stale. Tasks feed the overview cards, analytics and the calendar;
 * time tracked feeds the same, and a Pomodoro counts in analytics; a plan change shows in billing.
 */
export const STALE_AFTER = {
  task: [
    queryKeys.tasks.all,
    queryKeys.projects.all,
    queryKeys.overview,
    queryKeys.analytics.all,
    queryKeys.calendar.all,
    queryKeys.aiInsights,
    queryKeys.planner.all,
    queryKeys.team.analyticsAll,
  ],
  timer: [
    queryKeys.tasks.all,
    queryKeys.overview,
    queryKeys.analytics.all,
    queryKeys.calendar.all,
    queryKeys.aiInsights,
    queryKeys.team.analyticsAll,
  ],
  pomodoro: [queryKeys.pomodoro.all, queryKeys.analytics.all, queryKeys.aiInsights],
  /** An AI recommendation applied: Pomodoro lengths or task grouping (preferences), focus blocks (tasks). */
  aiRecommendation: [queryKeys.preferences, queryKeys.tasks.all, queryKeys.calendar.all],
  plan: [queryKeys.subscription, queryKeys.billing.all],
  /** The work plan changed (a proposal, an acceptance, a drag) or Settings → Planning saved. */
  workPlan: [queryKeys.planner.all],
  /** A calendar synced or disconnected: the settings' view and the calendars' synced events. */
  calendarSync: [queryKeys.calendarIntegrations, queryKeys.calendar.all, queryKeys.planner.all],
  team: [queryKeys.team.all, queryKeys.subscription],
  /** A project created, changed, archived, restored or deleted: the sidebar, its view and its tasks. */
  project: [queryKeys.projects.all, queryKeys.tasks.all, queryKeys.overview, queryKeys.analytics.all],
  sessions: [queryKeys.sessions],
  notifications: [queryKeys.notifications],
  admin: [queryKeys.admin.all],
} as const satisfies Record<string, readonly QueryKey[]>;

export type StaleChange = keyof typeof STALE_AFTER;

/** Refetches (once each) every query the change makes stale. */
export function invalidate(qc: QueryClient, change: StaleChange): Promise<void> {
  return Promise.all(STALE_AFTER[change].map((queryKey) => qc.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
