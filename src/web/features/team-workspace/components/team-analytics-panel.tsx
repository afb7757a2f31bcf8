// The Team Workspace's "Team analytics" (issue 23 point 6, decision 210): a 7 / 30 / 90 day range,
// the team's totals and the reader's own figures as tiles, and for owners and admins a table per
// member and per project. The server decides who gets the tables; this only shows what came back.
// Tables scroll sideways inside their own region on a phone, never the page.
import { BarChart3 } from "lucide-react";
import { useState } from "react";
import type { TeamAnalyticsResponse, TeamFiguresDto } from "#shared/contracts/team.ts";
import { ANALYTICS_RANGES, type AnalyticsRange, formatHours } from "#shared/domain/metrics.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { RangeButtons } from "#web/components/ui/range-buttons.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { useTeamAnalytics } from "../api/get-team-analytics.ts";

/** "75%", or "–" when no completed task had a deadline. */
export const formatOnTime = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)}%`);

const COLUMNS: { key: keyof TeamFiguresDto; label: string; format: (f: TeamFiguresDto) => string }[] = [
  { key: "tasksCompleted", label: "Completed", format: (f) => f.tasksCompleted.toLocaleString("en-US") },
  { key: "hoursTracked", label: "Hours tracked", format: (f) => formatHours(f.hoursTracked) },
  { key: "onTimeRate", label: "On time", format: (f) => formatOnTime(f.onTimeRate) },
  {
    key: "workloadThisWeekHours",
    label: "Due this week",
    format: (f) => formatHours(f.workloadThisWeekHours),
  },
  {
    key: "workloadNextWeekHours",
    label: "Due next week",
    format: (f) => formatHours(f.workloadNextWeekHours),
  },
  { key: "overdueTasks", label: "Overdue", format: (f) => f.overdueTasks.toLocaleString("en-US") },
];

const isQuiet = (f: TeamFiguresDto) =>
  f.tasksCompleted === 0 &&
  f.hoursTracked === 0 &&
  f.workloadThisWeekHours === 0 &&
  f.workloadNextWeekHours === 0 &&
  f.overdueTasks === 0;

/**
 * `inTeam`: whether the person is in a team, from the team the page already loads (undefined while
 * it loads). Outside a team the figures are not asked for: the server's answer would be a 404.
 */
export function TeamAnalyticsPanel({ inTeam }: { inTeam?: boolean }) {
  const [range, setRange] = useState<AnalyticsRange>(30);
  const query = useTeamAnalytics(range, inTeam === true);
  const data = query.data;
  const switching = query.isPlaceholderData;

  return (
    <section
      aria-labelledby="team-analytics-heading"
      aria-busy={query.isFetching}
      className="min-w-0 rounded-lg border border-border bg-background p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="team-analytics-heading" className="text-lg font-semibold">
            Team analytics
          </h2>
          <p className="text-sm text-muted">
            Team projects, last {range} days (UTC). Workload counts open tasks by their deadline.
          </p>
        </div>
        <div className="flex items-center gap-2">
          {switching && <Spinner label="Updating..." className="size-5" />}
          <RangeButtons
            ranges={ANALYTICS_RANGES}
            value={range}
            onChange={setRange}
            legend="Team analytics range"
          />
        </div>
      </div>

      <div className="mt-4">
        {inTeam === false ||
        (query.isError && !data && query.error instanceof ApiError && query.error.status === 404) ? (
          <EmptyState icon={BarChart3} title="No team to count yet">
            Team analytics appear once you are in a team on the Team plan.
          </EmptyState>
        ) : query.isError && !data ? (
          <LoadError what="Team analytics" error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <Spinner label="Loading team analytics..." visibleLabel className="py-10" />
        ) : (
          <TeamAnalyticsBody data={data} dimmed={switching} />
        )}
      </div>
    </section>
  );
}

export function TeamAnalyticsBody({
  data,
  dimmed = false,
}: {
  data: TeamAnalyticsResponse;
  dimmed?: boolean;
}) {
  if (isQuiet(data.team))
    return (
      <EmptyState icon={BarChart3} title="Nothing to count yet">
        No team task was completed or timed in the last {data.range} days, and none is due soon. Figures
        appear here as your team works in its projects.
      </EmptyState>
    );
  return (
    <div className={cn("flex flex-col gap-6 transition-opacity", dimmed && "opacity-60")}>
      <div className="grid gap-4 md:grid-cols-2">
        <FigureTiles title="Team totals" figures={data.team} testId="team-analytics-team" />
        <FigureTiles title="Your figures" figures={data.me} testId="team-analytics-me" />
      </div>
      {data.members ? (
        <FiguresTable
          caption="By member"
          nameHeader="Member"
          rows={data.members.map((m) => ({ id: m.userId, name: m.name, note: m.role, figures: m.figures }))}
        />
      ) : (
        <p className="text-sm text-muted">
          Figures per member and per project are shown to team owners and admins.
        </p>
      )}
      {data.projects &&
        (data.projects.length === 0 ? (
          <p className="text-sm text-muted">The team has no projects yet.</p>
        ) : (
          <FiguresTable
            caption="By project"
            nameHeader="Project"
            rows={data.projects.map((p) => ({
              id: p.projectId,
              name: p.name,
              note: p.archived ? "archived" : null,
              colour: p.colour,
              figures: p.figures,
            }))}
          />
        ))}
    </div>
  );
}

function FigureTiles({ title, figures, testId }: { title: string; figures: TeamFiguresDto; testId: string }) {
  return (
    <div data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {COLUMNS.map((c) => (
          <div key={c.key} className="rounded-lg border border-border bg-surface p-3">
            <dt className="text-xs font-medium text-muted">{c.label}</dt>
            <dd className="mt-0.5 text-lg font-semibold tabular-nums" data-figure={c.key}>
              {c.format(figures)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const TH = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold text-muted";
const TD = "whitespace-nowrap px-3 py-2 tabular-nums";

function FiguresTable({
  caption,
  nameHeader,
  rows,
}: {
  caption: string;
  nameHeader: string;
  rows: { id: string; name: string; note: string | null; colour?: string; figures: TeamFiguresDto }[];
}) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="w-full overflow-x-auto rounded-lg border border-border"
    >
      <table className="w-full text-sm">
        <caption className="px-3 pt-3 text-left text-sm font-semibold">{caption}</caption>
        <thead className="border-b border-border">
          <tr>
            <th scope="col" className={TH}>
              {nameHeader}
            </th>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={cn(TH, "text-right")}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row" className={cn(TD, "text-left font-medium")}>
                <span className="inline-flex items-center gap-2">
                  {r.colour && (
                    <span
                      aria-hidden="true"
                      className="size-2.5 rounded-full"
                      style={{ background: r.colour }}
                    />
                  )}
                  {r.name}
                  {r.note && <span className="text-xs font-normal text-muted">{r.note}</span>}
                </span>
              </th>
              {COLUMNS.map((c) => (
                <td key={c.key} className={cn(TD, "text-right")}>
                  {c.format(r.figures)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
