// /dashboard?section=overview|tasks|calendar|analytics. The section lives in the address, so links,
// back and forward work. This route composes the features; they never import each other.
// Each panel sits in its own SectionBoundary (a failed panel shows its load-error card with Retry,
// the others keep working), and the loader starts every panel's first request at once, while the
// route's code is still arriving, instead of each panel asking when it first renders.
import { addDays } from "date-fns";
import { lazy } from "react";
import { type LoaderFunctionArgs, useSearchParams } from "react-router";
import { DEFAULT_ANALYTICS_RANGE } from "#shared/contracts/tasks.ts";
import { isAnalyticsRange } from "#shared/domain/metrics.ts";
import { PageHeader } from "../../components/layout/page-header.tsx";
import { SectionBoundary } from "../../components/section-boundary.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { DASHBOARD_SECTIONS, type DashboardSection } from "../../config/paths.ts";
import { analyticsQueryOptions } from "../../features/analytics/api/get-analytics.ts";
import { calendarItemsQueryOptions } from "../../features/calendar/api/get-calendar-items.ts";
import { weekStart } from "../../features/calendar/calendar-items.ts";
import { WeeklyCalendarPanel } from "../../features/calendar/components/weekly-panel.tsx";
import { overviewQueryOptions } from "../../features/overview/api/get-overview.ts";
import { ProFeaturesPanel } from "../../features/overview/components/pro-features-panel.tsx";
import { StatCards } from "../../features/overview/components/stat-cards.tsx";
import { pomodoroTodayQueryOptions } from "../../features/pomodoro/api/get-pomodoro-today.ts";
import { PomodoroPanel } from "../../features/pomodoro/components/pomodoro-panel.tsx";
import { recentTasksQueryOptions } from "../../features/tasks/api/get-recent-tasks.ts";
import { RecentTasksPanel } from "../../features/tasks/components/recent-tasks-panel.tsx";
import { useUpgradeDialog } from "../../features/upgrade/upgrade-dialog-provider.tsx";
import { useUpgradeReturn } from "../../features/upgrade/use-upgrade-return.ts";
import { queryClient } from "../../lib/query-client.ts";
import { getSession, useSession } from "../../lib/session.ts";
import { subscriptionQueryOptions } from "../../lib/subscription.ts";
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

function sectionOf(params: URLSearchParams): DashboardSection {
  const raw = params.get("section");
  return DASHBOARD_SECTIONS.includes(raw as DashboardSection) ? (raw as DashboardSection) : "overview";
}

/**
 * Starts the first requests of the section asked for, all at once (prefetchQuery never throws: a
 * failure shows in its panel). Not awaited, so the page renders while they run.
 */
export function loader({ request }: LoaderFunctionArgs) {
  // Signed out, the guard is about to send the page to /login: nothing to ask for.
  if (getSession().status === "signed-out") return null;
  const params = new URL(request.url).searchParams;
  switch (sectionOf(params)) {
    case "overview": {
      const monday = weekStart(new Date());
      void queryClient.prefetchQuery(overviewQueryOptions());
      void queryClient.prefetchQuery(subscriptionQueryOptions());
      void queryClient.prefetchQuery(recentTasksQueryOptions());
      void queryClient.prefetchQuery(pomodoroTodayQueryOptions());
      void queryClient.prefetchQuery(calendarItemsQueryOptions(monday, addDays(monday, 5)));
      break;
    }
    case "analytics": {
      const asked = Number(params.get("range"));
      void queryClient.prefetchQuery(
        analyticsQueryOptions(isAnalyticsRange(asked) ? asked : DEFAULT_ANALYTICS_RANGE),
      );
      break;
    }
    default:
  }
  return null;
}

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
        <SectionBoundary what="Your task figures">
          <StatCards />
        </SectionBoundary>
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <SectionBoundary what="Recent tasks">
            <RecentTasksPanel onUpgrade={upgrade.open} />
          </SectionBoundary>
          <SectionBoundary what="The Pomodoro timer">
            <PomodoroPanel />
          </SectionBoundary>
        </div>
        <SectionBoundary what="This week">
          <WeeklyCalendarPanel />
        </SectionBoundary>
        <SectionBoundary what="Pro features">
          <ProFeaturesPanel aiInsightsLocked={aiInsights === "denied"} onUpgrade={upgrade.open} />
        </SectionBoundary>
      </div>
    </>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const upgrade = useUpgradeDialog();
  // Back from checkout: /dashboard?upgrade=success|cancelled.
  useUpgradeReturn();
  const section = sectionOf(params);
  if (section === "overview") return <Overview />;
  return (
    <SectionBoundary
      what={TITLES[section]}
      loading={<Spinner className="mt-16" label={`Loading ${TITLES[section]}...`} visibleLabel />}
    >
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
    </SectionBoundary>
  );
}
