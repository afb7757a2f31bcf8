// The places quick capture can jump to: the dashboard's sections, then the other pages (spec section 2).
import { type DashboardSection, dashboardSection, paths } from "#web/config/paths.ts";

export type JumpCommand = { id: string; label: string; to: string; keywords: string };

const section = (id: DashboardSection, label: string, keywords: string): JumpCommand => ({
  id,
  label,
  to: dashboardSection(id),
  keywords,
});

export const JUMP_COMMANDS: readonly JumpCommand[] = [
  section("overview", "Overview", "home dashboard stats"),
  section("tasks", "Tasks", "list todo"),
  section("calendar", "Calendar", "week schedule events"),
  section("analytics", "Analytics", "charts reports stats"),
  { id: "ai", label: "AI Insights", to: paths.aiInsights, keywords: "ai predictions burnout" },
  { id: "workflows", label: "Workflows", to: paths.workflowAutomation, keywords: "automation" },
  { id: "team", label: "Team Workspace", to: paths.teamWorkspace, keywords: "collaboration members" },
  { id: "settings", label: "Settings", to: paths.settings, keywords: "profile account billing password" },
];

/** Commands whose name or keywords contain the typed text (all of them when nothing is typed). */
export function matchCommands(text: string): JumpCommand[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...JUMP_COMMANDS];
  return JUMP_COMMANDS.filter(
    (c) => c.label.toLowerCase().includes(q) || c.keywords.split(" ").some((k) => k.startsWith(q)),
  );
}
