// What the Team Workspace says about where a member is and what they did, from the raw page path
// and activity codes the server stores.
import type { ActivityAction, ActivityEventDto } from "#shared/contracts/team-workspace.ts";
import type { MemberStatus } from "#shared/domain/presence.ts";

const PAGES: Record<string, string> = {
  "/dashboard": "Dashboard",
  "/settings": "Settings",
  "/ai-insights": "AI Insights",
  "/workflow-automation": "Workflow Automation",
  "/team-workspace": "Team Workspace",
  "/admin": "Admin",
};
const SECTIONS: Record<string, string> = {
  overview: "Overview",
  tasks: "Tasks",
  calendar: "Calendar",
  analytics: "Analytics",
};

/** The page path this tab reports: its path, and on the dashboard its section. */
export function reportedPage(pathname: string, search: string): string {
  const path = /^\/[A-Za-z0-9\-/]*$/.test(pathname) ? pathname.slice(0, 100) : "/";
  const section = new URLSearchParams(search).get("section");
  return path === "/dashboard" && section && /^[a-z]{1,20}$/.test(section)
    ? `${path}?section=${section}`
    : path;
}

/** "Dashboard · Tasks", "Settings", or "Elsewhere in Kairo" for a page without a name. */
export function pageLabel(page: string | null): string {
  if (!page) return "Elsewhere in Kairo";
  const [path = "", query = ""] = page.split("?");
  const base = PAGES[path] ?? (path.startsWith("/admin") ? "Admin" : "Elsewhere in Kairo");
  const section = SECTIONS[new URLSearchParams(query).get("section") ?? ""];
  return section ? `${base} · ${section}` : base;
}

export const STATUS_TEXT: Record<MemberStatus, string> = {
  online: "Online",
  away: "Away",
  busy: "Busy · in focus",
  offline: "Offline",
};

const ACTIONS: Record<ActivityAction, string> = {
  "test.broadcast": "broadcast a test action",
  "task.completed": "completed a task",
  "workflow.created": "created a workflow",
  "workflow.run": "ran a workflow",
  "member.joined": "joined the team",
  "member.left": "left the team",
  "calendar.connected": "connected a calendar",
};

/** "broadcast a test action: “Stand-up in 5”", "connected a calendar (Google Calendar)". */
export function activityText(e: Pick<ActivityEventDto, "action" | "target">): string {
  const what = ACTIONS[e.action] ?? "did something";
  if (!e.target) return what;
  return e.action === "test.broadcast" ? `${what}: “${e.target}”` : `${what} (${e.target})`;
}
