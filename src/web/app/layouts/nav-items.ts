// The dashboard's navigation (spec section 2): four in-page sections, then routes.
import {
  BarChart3,
  Brain,
  CalendarDays,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Settings,
  Shield,
  Users,
  Workflow,
} from "lucide-react";
import type { FeatureId } from "#shared/domain/features.ts";
import { type DashboardSection, paths } from "#web/config/paths.ts";

export type NavItem = {
  id: string;
  label: string;
  icon: LucideIcon;
  section?: DashboardSection;
  to?: string;
  feature?: FeatureId;
  adminOnly?: boolean;
};

export const NAV_ITEMS: readonly NavItem[] = [
  { id: "overview", label: "Overview", icon: LayoutDashboard, section: "overview" },
  { id: "tasks", label: "Tasks", icon: ListChecks, section: "tasks" },
  { id: "calendar", label: "Calendar", icon: CalendarDays, section: "calendar" },
  { id: "analytics", label: "Analytics", icon: BarChart3, section: "analytics" },
  { id: "ai", label: "AI Insights", icon: Brain, to: paths.aiInsights, feature: "ai_insights" },
  {
    id: "workflows",
    label: "Workflows",
    icon: Workflow,
    to: paths.workflowAutomation,
    feature: "workflow_automation",
  },
  {
    id: "team",
    label: "Team Workspace",
    icon: Users,
    to: paths.teamWorkspace,
    feature: "team_collaboration",
  },
  { id: "settings", label: "Settings", icon: Settings, to: paths.settings },
  { id: "admin", label: "Admin Dashboard", icon: Shield, to: paths.admin, adminOnly: true },
];
