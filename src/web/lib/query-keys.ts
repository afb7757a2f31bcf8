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
  tasks: {
    all: ["tasks"],
    lists: ["tasks", "list"],
    list: (filters: object) => ["tasks", "list", filters],
    recent: ["tasks", "recent"],
    timeLogs: (taskId: string) => ["tasks", "time-logs", taskId],
  },
  analytics: {
    all: ["analytics"],
    range: (range: number | string) => ["analytics", range],
  },
  calendar: {
    all: ["calendar"],
    range: (from: string, to: string) => ["calendar", from, to],
  },
  calendarIntegrations: ["calendar-integrations"],
  icalFeed: ["calendar-integrations", "ical-feed"],
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
  team: {
    all: ["team"],
    invitation: (id: string) => ["team", "invitation", id],
    activity: ["team", "activity"],
  },
  billing: {
    all: ["billing"],
    checkout: (id: string) => ["billing", "checkout", id],
    launchOffer: ["billing", "launch-offer"],
  },
  notifications: ["notifications"],
  tour: ["tour"],
  sessions: ["account-sessions"],
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
    queryKeys.overview,
    queryKeys.analytics.all,
    queryKeys.calendar.all,
    queryKeys.aiInsights,
  ],
  timer: [
    queryKeys.tasks.all,
    queryKeys.overview,
    queryKeys.analytics.all,
    queryKeys.calendar.all,
    queryKeys.aiInsights,
  ],
  pomodoro: [queryKeys.pomodoro.all, queryKeys.analytics.all, queryKeys.aiInsights],
  /** An AI recommendation applied: Pomodoro lengths or task grouping (preferences), focus blocks (tasks). */
  aiRecommendation: [queryKeys.preferences, queryKeys.tasks.all, queryKeys.calendar.all],
  plan: [queryKeys.subscription, queryKeys.billing.all],
  /** A calendar synced or disconnected: the settings' view and the calendars' synced events. */
  calendarSync: [queryKeys.calendarIntegrations, queryKeys.calendar.all],
  team: [queryKeys.team.all, queryKeys.subscription],
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
