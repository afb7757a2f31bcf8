// The dashboard's Analytics section: a 7 / 30 / 90 day range (kept in the address), the derived
// metrics of spec section 3 as tiles, and five charts. The charts (and so recharts) are fetched only
// when this section shows.
import { BarChart3 } from "lucide-react";
import { lazy, Suspense } from "react";
import type { AnalyticsResponse } from "#shared/contracts/tasks.ts";
import { ANALYTICS_RANGES, formatHours } from "#shared/domain/metrics.ts";
import { Card } from "#web/components/ui/card.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { RangeButtons } from "#web/components/ui/range-buttons.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { type ProjectFilterSlot, useProjectParam } from "#web/lib/project-param.ts";
import { useAnalytics } from "../api/get-analytics.ts";
import { useAnalyticsRange } from "../hooks/use-analytics-range.ts";

const AnalyticsCharts = lazy(() => import("./analytics-charts.tsx"));

export function AnalyticsSection({ projectFilter }: { projectFilter?: ProjectFilterSlot }) {
  const [range, setRange] = useAnalyticsRange();
  const [projectId, setProjectId] = useProjectParam();
  const query = useAnalytics(range, projectFilter ? projectId : null);
  const data = query.data;
  const switching = query.isPlaceholderData;

  return (
    <section aria-labelledby="analytics-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="analytics-heading" className="text-lg font-semibold">
            Your activity
          </h2>
          <p className="text-sm text-muted">
            Last {range} days, in your time zone.
            {projectFilter && projectId && " One project's tasks, and your own time on them."}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {projectFilter?.({ value: projectId, onChange: setProjectId })}
          {switching && <Spinner label="Updating..." className="size-5" />}
          <RangeButtons ranges={ANALYTICS_RANGES} value={range} onChange={setRange} legend="Time range" />
        </div>
      </div>

      {query.isError && !data ? (
        <LoadError
          what="Your analytics"
          error={query.error}
          onRetry={() => void query.refetch()}
          className="p-4"
        />
      ) : !data ? (
        <AnalyticsSkeleton />
      ) : (
        <div className={cn("flex flex-col gap-5 transition-opacity", switching && "opacity-60")}>
          {data.historyLimitedTo !== null && (
            <p className="rounded-lg border border-border bg-surface p-3 text-sm text-muted">
              The free plan shows the last {data.historyLimitedTo} days of history. Upgrade to Pro to see{" "}
              {range} days.
            </p>
          )}
          <MetricTiles data={data} oneProject={Boolean(projectFilter && projectId)} />
          <Suspense fallback={<ChartsSkeleton />}>
            <AnalyticsCharts data={data} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

export default AnalyticsSection;

function MetricTiles({ data, oneProject }: { data: AnalyticsResponse; oneProject: boolean }) {
  const m = data.metrics;
  const tiles = [
    {
      label: "Completion rate",
      value: `${Math.round(m.completionRate * 100)}%`,
      hint: oneProject ? "Of the project's tasks" : "Of all your tasks",
    },
    { label: "Total tasks", value: m.totalTasks.toLocaleString("en-US"), hint: "All time" },
    { label: "Total hours", value: formatHours(m.totalHours), hint: `Tracked, last ${data.range} days` },
    {
      label: "Focus sessions",
      value: m.focusSessions.toLocaleString("en-US"),
      hint: `Completed, last ${data.range} days`,
    },
    { label: "Productivity score", value: `${m.productivityScore}`, hint: "Completion rate × 100" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {tiles.map((t) => (
        <Card key={t.label} className="p-4 last:col-span-2 sm:last:col-span-1">
          <dt className="text-sm font-medium text-muted">{t.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-metric={t.label}>
            {t.value}
          </dd>
          <dd className="text-xs text-muted">{t.hint}</dd>
        </Card>
      ))}
    </dl>
  );
}

function AnalyticsSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-busy="true">
      <Spinner label="Loading analytics..." className="sr-only" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <div key={i} className="h-24 animate-pulse rounded-lg border border-border bg-surface-2" />
        ))}
      </div>
      <ChartsSkeleton />
    </div>
  );
}

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-hidden="true">
      {Array.from({ length: 4 }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          key={i}
          className="flex h-72 items-end gap-2 rounded-lg border border-border bg-background p-5"
        >
          <BarChart3 className="size-5 self-start text-muted" />
          <div className="h-1/2 flex-1 animate-pulse rounded bg-surface-2" />
          <div className="h-3/4 flex-1 animate-pulse rounded bg-surface-2" />
          <div className="h-1/3 flex-1 animate-pulse rounded bg-surface-2" />
          <div className="h-2/3 flex-1 animate-pulse rounded bg-surface-2" />
        </div>
      ))}
    </div>
  );
}
