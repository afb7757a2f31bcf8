// /dashboard?section=overview|tasks|calendar|analytics. The section lives in the address, so links,
// back and forward work (and, in the calendar, ?view=upcoming|day|week|month and ?project=). This route composes the features; they never import each other.
// Each panel sits in its own SectionBoundary (a failed panel shows its load-error card with Retry,
// the others keep working), and the loader starts every panel's first request at once, while the
// route's code is still arriving, instead of each panel asking when it first renders.
import { addDays } from "date-fns";
import { lazy, Suspense } from "react";
import { type LoaderFunctionArgs, useSearchParams } from "react-router";
import { DEFAULT_ANALYTICS_RANGE } from "#shared/contracts/tasks.ts";
import { isAnalyticsRange } from "#shared/domain/metrics.ts";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { DASHBOARD_SECTIONS, type DashboardSection } from "#web/config/paths.ts";
import { analyticsQueryOptions } from "#web/features/analytics/api/get-analytics.ts";
import { calendarItemsQueryOptions } from "#web/features/calendar/api/get-calendar-items.ts";
import { weekStart } from "#web/features/calendar/calendar-items.ts";
import { WeeklyCalendarPanel } from "#web/features/calendar/components/weekly-panel.tsx";
import { overviewQueryOptions } from "#web/features/overview/api/get-overview.ts";
import { ProFeaturesCard } from "#web/features/overview/components/pro-features-panel.tsx";
import { StatCards } from "#web/features/overview/components/stat-cards.tsx";
import { pomodoroTodayQueryOptions } from "#web/features/pomodoro/api/get-pomodoro-today.ts";
import { PomodoroPanel } from "#web/features/pomodoro/components/pomodoro-panel.tsx";
import { ProjectPicker } from "#web/features/projects/components/project-picker.tsx";
import { recentTasksQueryOptions } from "#web/features/tasks/api/get-recent-tasks.ts";
import { QueuedTasks } from "#web/features/tasks/components/queued-tasks.tsx";
import { RecentTasksPanel } from "#web/features/tasks/components/recent-tasks-panel.tsx";
import { useUpgradeDialog } from "#web/features/upgrade/upgrade-dialog-provider.tsx";
import { useUpgradeReturn } from "#web/features/upgrade/use-upgrade-return.ts";
import { queryClient } from "#web/lib/query-client.ts";
import { getSession, useSession } from "#web/lib/session.ts";
import { subscriptionQueryOptions } from "#web/lib/subscription.ts";
import { useFeatureAccess } from "../guards/use-feature-access.ts";

const TasksSection = lazy(() =>
  import("#web/features/tasks/components/tasks-section.tsx").then((m) => ({ default: m.TasksSection })),
);
// A task's comments and history, under its edit form (features meet here, in the route).
const TaskDiscussion = lazy(() => import("#web/features/comments/components/task-discussion.tsx"));
const taskDetails = (task: { id: string }) => (
  <Suspense fallback={null}>
    <TaskDiscussion taskId={task.id} />
  </Suspense>
);
const CalendarSection = lazy(() =>
  import("#web/features/calendar/components/calendar-section.tsx").then((m) => ({
    default: m.CalendarSection,
  })),
);
const PlanPanel = lazy(() =>
  import("#web/features/planner/components/plan-panel.tsx").then((m) => ({ default: m.PlanPanel })),
);
const AnalyticsSection = lazy(() => import("#web/features/analytics/components/analytics-section.tsx"));

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
        analyticsQueryOptions(
          isAnalyticsRange(asked) ? asked : DEFAULT_ANALYTICS_RANGE,
          params.get("project") || null,
        ),
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
            <div>
              <QueuedTasks />
              <RecentTasksPanel onUpgrade={upgrade.open} />
            </div>
          </SectionBoundary>
          <SectionBoundary what="The Pomodoro timer">
            <PomodoroPanel />
          </SectionBoundary>
        </div>
        <SectionBoundary what="This week">
          <WeeklyCalendarPanel />
        </SectionBoundary>
        <SectionBoundary what="Pro features">
          <ProFeaturesCard aiInsightsLocked={aiInsights === "denied"} onUpgrade={upgrade.open} />
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
      {section === "tasks" && (
        <TasksSection
          onUpgrade={upgrade.open}
          details={taskDetails}
          projectFilter={(p) => <ProjectPicker id="task-filter-project" {...p} />}
        />
      )}
      {section === "calendar" && (
        <>
          <PageHeader title="Calendar" />
          <div className="flex flex-col gap-6">
            <CalendarSection
              projectFilter={(p) => <ProjectPicker id="calendar-project" className="min-w-44" {...p} />}
            />
            <PlanPanel />
          </div>
        </>
      )}
      {section === "analytics" && (
        <>
          <PageHeader title="Analytics" />
          <AnalyticsSection
            projectFilter={(p) => <ProjectPicker id="analytics-project" className="min-w-44" {...p} />}
          />
        </>
      )}
    </SectionBoundary>
  );
}
