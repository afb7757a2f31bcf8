// Every route of the web app in one place (spec section 2, route table).
export const paths = {
  home: "/",
  login: "/login",
  signup: "/signup",
  authCallback: "/auth/callback",
  resetPassword: "/auth/reset-password",
  dashboard: "/dashboard",
  settings: "/settings",
  aiInsights: "/ai-insights",
  workflowAutomation: "/workflow-automation",
  teamWorkspace: "/team-workspace",
  /** Every project, with the archived ones to restore. */
  projects: "/projects",
  assigned: "/assigned",
  admin: "/admin",
  calendarCallback: "/calendar-callback",
  terms: "/terms",
  privacy: "/privacy",
  cookies: "/cookies",
  dpa: "/dpa",
  termsAlt: "/terms-of-service",
  privacyAlt: "/privacy-policy",
  cookiesAlt: "/cookie-policy",
} as const;

export type DashboardSection = "overview" | "tasks" | "calendar" | "analytics";
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = ["overview", "tasks", "calendar", "analytics"];

export const dashboardSection = (section: DashboardSection) => `${paths.dashboard}?section=${section}`;

/** One project's view: its tasks, milestones and settings. */
export const projectPath = (id: string) => `${paths.projects}/${encodeURIComponent(id)}`;
