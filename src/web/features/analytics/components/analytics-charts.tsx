// The five analytics charts. Colours come from the theme's CSS variables so dark mode needs nothing
// here; each chart has a heading, a text summary with the totals, exact values in its tooltip, and
// an empty state instead of a flat axis. Loaded on demand by analytics-section.tsx.
import { format, parseISO } from "date-fns";
import { useId } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { AnalyticsResponse } from "#shared/contracts/tasks.ts";
import { Card } from "#web/components/ui/card.tsx";

// Keyed by the daily series' data keys, so each daily chart finds its own colour.
const COLOR = {
  tasksCompleted: "var(--accent)",
  hours: "var(--success)",
  focusSessions: "var(--accent)",
  rate: "var(--accent)",
  grid: "var(--border)",
  axis: "var(--muted)",
  cursor: "var(--surface-2)",
} as const;

const AXIS_TICK = { fill: COLOR.axis, fontSize: 12 };
const CHART_HEIGHT = 220;

type Day = AnalyticsResponse["days"][number];
type CategoryRow = { category: string; hours: number; minutes: number };

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US", { maximumFractionDigits: 2 })} ${n === 1 ? one : many}`;
const dayLabel = (date: string) => format(parseISO(date), "EEE, MMM d");
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** Ties the largest value to its day, for the summaries ("most on Tue, Nov 17"). */
function peak<T>(rows: readonly T[], value: (r: T) => number): T | null {
  let best: T | null = null;
  for (const r of rows) if (value(r) > 0 && (best === null || value(r) > value(best))) best = r;
  return best;
}

/**
 * What differs between the three one-bar-per-day charts. `amount` is a day's raw value (minutes for
 * hours), `count` words an amount ("3 tasks"), `peak` words the busiest day's amount in the summary
 * (the bare number unless given) and `tip` the tooltip's line (`count` unless given).
 */
type DailySeries = {
  title: string;
  key: "tasksCompleted" | "hours" | "focusSessions";
  yAxis: { allowDecimals?: boolean; unit?: string };
  amount: (d: Day) => number;
  count: (amount: number) => string;
  peak?: (amount: number) => string;
  tip?: (amount: number) => string;
  done: string;
  none: string;
  empty: string;
};

const hoursOf = (minutes: number) => plural(hours(minutes), "hour", "hours");

/** A daily count of things completed (tasks, focus sessions): whole numbers, worded by its noun. */
const completed = (
  key: "tasksCompleted" | "focusSessions",
  title: string,
  noun: [one: string, many: string],
  empty: string,
): DailySeries => ({
  title,
  key,
  yAxis: { allowDecimals: false },
  amount: (d) => d[key],
  count: (n) => plural(n, ...noun),
  done: "completed",
  none: `No ${noun[1]} completed`,
  empty,
});

const DAILY = {
  tasks: completed(
    "tasksCompleted",
    "Tasks completed",
    ["task", "tasks"],
    "No tasks completed in this period",
  ),
  hours: {
    title: "Hours tracked",
    key: "hours",
    yAxis: { unit: "h" },
    amount: (d) => d.minutesTracked,
    count: hoursOf,
    peak: hoursOf,
    tip: (minutes) => `${hoursOf(minutes)} (${minutes} min)`,
    done: "tracked",
    none: "No time tracked",
    empty: "No tracked time in this period",
  },
  focus: completed(
    "focusSessions",
    "Focus sessions",
    ["focus session", "focus sessions"],
    "No focus sessions in this period",
  ),
} satisfies Record<string, DailySeries>;

export default function AnalyticsCharts({ data }: { data: AnalyticsResponse }) {
  const days = data.days.map((d) => ({
    ...d,
    hours: hours(d.minutesTracked),
    ratePercent: Math.round(d.completionRate * 1000) / 10,
  }));
  const tickFormatter = (date: string) => format(parseISO(date), data.range === 7 ? "EEE" : "MMM d");
  const period = `the last ${data.range} days`;

  const categories = data.byCategory
    .filter((c) => c.minutes > 0)
    .map((c) => ({ ...c, hours: hours(c.minutes) }));
  const topCategory = categories[0];
  const lastRate = days.at(-1)?.ratePercent ?? 0;
  const firstRate = days[0]?.ratePercent ?? 0;

  // The date axis of the daily charts; the line chart pads it so its first and last dots are not cut.
  const dateAxis = (padding?: { left: number; right: number }) => (
    <XAxis
      dataKey="date"
      tickFormatter={tickFormatter}
      tick={AXIS_TICK}
      tickLine={false}
      axisLine={{ stroke: COLOR.grid }}
      minTickGap={16}
      padding={padding}
    />
  );
  const grid = <CartesianGrid vertical={false} stroke={COLOR.grid} strokeDasharray="3 3" />;
  // One bar per day: the three daily charts differ only in what DAILY says about their series.
  // The card is built by a function, not a component: Recharts' container hands its size to the
  // chart element itself, so the BarChart must be the card's direct child.
  const dailyCard = (s: DailySeries) => {
    const total = days.reduce((sum, d) => sum + s.amount(d), 0);
    const top = peak(days, s.amount);
    const most = top ? `; most on ${dayLabel(top.date)} (${(s.peak ?? String)(s.amount(top))})` : "";
    return (
      <ChartCard
        title={s.title}
        summary={total === 0 ? `${s.none} in ${period}.` : `${s.count(total)} ${s.done} in ${period}${most}.`}
        empty={total === 0 ? s.empty : null}
      >
        <BarChart data={days} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          {grid}
          {dateAxis()}
          <YAxis {...s.yAxis} tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} />
          {tooltip({ fill: COLOR.cursor }, (d: Day) => (s.tip ?? s.count)(s.amount(d)))}
          <Bar dataKey={s.key} name={s.title} fill={COLOR[s.key]} radius={[4, 4, 0, 0]} maxBarSize={28} />
        </BarChart>
      </ChartCard>
    );
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {dailyCard(DAILY.tasks)}
      {dailyCard(DAILY.hours)}

      <ChartCard
        title="Hours by category"
        summary={
          categories.length === 0
            ? `No time tracked in ${period}.`
            : `${categories.map((c) => `${c.category} ${plural(c.hours, "hour", "hours")}`).join(", ")}${topCategory ? `; most in ${topCategory.category}` : ""}.`
        }
        empty={categories.length === 0 ? "No tracked time in this period" : null}
        height={Math.max(CHART_HEIGHT, categories.length * 40 + 40)}
      >
        <BarChart data={categories} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
          <CartesianGrid horizontal={false} stroke={COLOR.grid} strokeDasharray="3 3" />
          <XAxis type="number" tick={AXIS_TICK} tickLine={false} axisLine={false} unit="h" />
          <YAxis
            type="category"
            dataKey="category"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={92}
          />
          {tooltip(
            { fill: COLOR.cursor },
            (row: CategoryRow) => `${plural(row.hours, "hour", "hours")} (${row.minutes} min)`,
            (row) => row.category,
          )}
          <Bar dataKey="hours" name="Hours" fill={COLOR.hours} radius={[0, 4, 4, 0]} maxBarSize={24} />
        </BarChart>
      </ChartCard>

      {dailyCard(DAILY.focus)}

      <ChartCard
        className="lg:col-span-2"
        title="Completion rate"
        summary={
          data.metrics.totalTasks === 0
            ? "No tasks yet, so there is no completion rate to show."
            : `Share of tasks created so far that were completed, day by day: ${firstRate}% at the start of the period, ${lastRate}% now.`
        }
        empty={data.metrics.totalTasks === 0 ? "No tasks in this period" : null}
      >
        <LineChart data={days} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          {grid}
          {dateAxis({ left: 12, right: 12 })}
          <YAxis
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={48}
            unit="%"
          />
          {tooltip({ stroke: COLOR.grid }, (d: { ratePercent: number }) => `${d.ratePercent}% completed`)}
          <Line
            type="linear"
            dataKey="ratePercent"
            name="Completion rate"
            stroke={COLOR.rate}
            strokeWidth={2}
            dot={days.length <= 31 ? { r: 2.5, fill: COLOR.rate, strokeWidth: 0 } : false}
            activeDot={{ r: 4, fill: COLOR.rate, strokeWidth: 0 }}
          />
        </LineChart>
      </ChartCard>
    </div>
  );
}

function ChartCard({
  title,
  summary,
  empty,
  children,
  className,
  height = CHART_HEIGHT,
}: {
  title: string;
  summary: string;
  empty: string | null;
  children: React.ReactElement;
  className?: string;
  height?: number;
}) {
  const headingId = useId();
  const summaryId = useId();
  return (
    <Card className={className}>
      <figure aria-labelledby={headingId} aria-describedby={summaryId} className="flex flex-col gap-3 p-5">
        <div>
          <h3 id={headingId} className="text-base font-semibold">
            {title}
          </h3>
          <figcaption id={summaryId} className="mt-0.5 text-sm text-muted">
            {summary}
          </figcaption>
        </div>
        {empty ? (
          <div
            className="grid place-items-center rounded-lg border border-dashed border-border text-sm text-muted"
            style={{ height: CHART_HEIGHT }}
          >
            {empty}
          </div>
        ) : (
          <div style={{ height }}>
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
              {children}
            </ResponsiveContainer>
          </div>
        )}
      </figure>
    </Card>
  );
}

/**
 * A chart's tooltip element (a function, not a component: Recharts looks for its Tooltip among the
 * chart's direct children). `cursor` is the highlight behind the hovered bar or line.
 */
function tooltip<Row>(
  cursor: { fill: string } | { stroke: string },
  render: (row: Row) => string,
  title?: (row: Row) => string,
) {
  return (
    <Tooltip
      cursor={cursor}
      content={(p) => <ChartTooltip active={p.active} payload={p.payload} render={render} title={title} />}
    />
  );
}

/** The tooltip: the row's day (or own title) and its exact value, in the theme's colours. */
function ChartTooltip<Row>({
  active,
  payload,
  render,
  title,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
  render: (row: Row) => string;
  title?: (row: Row) => string;
}) {
  const row = payload?.[0]?.payload as (Row & { date?: string }) | undefined;
  if (!active || !row) return null;
  return (
    <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-lg">
      <p className="font-medium">{title ? title(row) : row.date ? dayLabel(row.date) : ""}</p>
      <p className="mt-0.5 text-muted tabular-nums">{render(row)}</p>
    </div>
  );
}
