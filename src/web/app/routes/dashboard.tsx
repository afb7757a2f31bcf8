// /dashboard?section=overview|tasks|calendar|analytics. The section lives in the address, so links,
// back and forward work. This route composes the features; they never import each other.
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { DASHBOARD_SECTIONS, type DashboardSection } from "../../config/paths.ts";
import { WeeklyCalendarPanel } from "../../features/calendar/components/weekly-panel.tsx";
import { ProFeaturesPanel } from "../../features/overview/components/pro-features-panel.tsx";
import { StatCards } from "../../features/overview/components/stat-cards.tsx";
import { PomodoroPanel } from "../../features/pomodoro/components/pomodoro-panel.tsx";
import { RecentTasksPanel } from "../../features/tasks/components/recent-tasks-panel.tsx";
import { useUpgradeDialog } from "../../features/upgrade/upgrade-dialog-provider.tsx";
import { useUpgradeReturn } from "../../features/upgrade/use-upgrade-return.ts";
import { useSession } from "../../lib/session.ts";
import { useFeatureAccess } from "../guards/use-feature-access.ts";

const TasksSection = lazy(() =>
  import("../../features/tasks/components/tasks-section.tsx").then((m) => ({ default: m.TasksSection })),
);
const CalendarSection = lazy(() =>
  import("../../features/calendar/components/calendar-section.tsx").then((m) => ({
    default: m.CalendarSection,
  })),
);
const AnalyticsSection = lazy(() => import("../../features/analytics/components/analytics-section.tsx"));

const TITLES: Record<DashboardSection, string> = {
  overview: "Overview",
  tasks: "Tasks",
  calendar: "Calendar",
  analytics: "Analytics",
};

function Overview() {
  const session = useSession();
  const firstName = session.user?.name.split(" ")[0];
  const upgrade = useUpgradeDialog();
  const aiInsights = useFeatureAccess("ai_insights");
  return (
    <>
      <PageHeader title="Overview" subtitle={firstName ? `Welcome back, ${firstName}.` : undefined} />
      <div className="flex flex-col gap-6">
        <StatCards />
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <RecentTasksPanel onUpgrade={upgrade.open} />
          <PomodoroPanel />
        </div>
        <WeeklyCalendarPanel />
        <ProFeaturesPanel aiInsightsLocked={aiInsights === "denied"} onUpgrade={upgrade.open} />
      </div>
    </>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const upgrade = useUpgradeDialog();
  // Back from checkout: /dashboard?upgrade=success|cancelled.
  useUpgradeReturn();
  const raw = params.get("section");
  const section: DashboardSection = DASHBOARD_SECTIONS.includes(raw as DashboardSection)
    ? (raw as DashboardSection)
    : "overview";
  if (section === "overview") return <Overview />;
  return (
    <Suspense fallback={<Spinner className="mt-16" label={`Loading ${TITLES[section]}...`} visibleLabel />}>
      {section === "tasks" && <TasksSection onUpgrade={upgrade.open} />}
      {section === "calendar" && (
        <>
          <PageHeader title="Calendar" />
          <CalendarSection />
        </>
      )}
      {section === "analytics" && (
        <>
          <PageHeader title="Analytics" />
          <AnalyticsSection />
        </>
      )}
    </Suspense>
  );
}
