// The AI Insights page body (spec section 2): the burnout alert at high or critical, the insight card
// metrics, and the panel "AI Analytics Insights" with Refresh Insights and the tabs Insights,
// Predictions, Recommendations and Patterns. Everything shown is computed by the server from what
// the person did.
import { Check, RefreshCw } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import type { InsightsResponse, RecommendationDto } from "#shared/contracts/ai-insights.ts";
import { confidenceBadge, expectedImprovement, PREDICTION_DEFAULTS } from "#shared/domain/insights.ts";
import { deserialize, POMODORO_STORAGE_KEY, serialize, startBreakNow } from "#shared/domain/pomodoro.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { type ProjectFilterSlot, useProjectParam } from "#web/lib/project-param.ts";
import { useAcknowledgeBurnout } from "../api/acknowledge-burnout.ts";
import { useApplyRecommendation } from "../api/apply-recommendation.ts";
import { useInsights, useProjectInsights } from "../api/get-insights.ts";
import { useRefreshInsights } from "../api/refresh-insights.ts";
import { BurnoutAlert } from "./burnout-alert.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";

const PredictionsChart = lazy(() => import("./predictions-chart.tsx"));

const pct = (rate: number) => `${Math.round(rate * 100)}%`;
const cap = (s: string) => s[0]?.toUpperCase() + s.slice(1);

export function AiInsightsPage({ projectFilter }: { projectFilter?: ProjectFilterSlot }) {
  const insights = useInsights();
  const [chosen, setProject] = useProjectParam();
  const projectId = projectFilter ? chosen : null;
  // Asked once the person's own insights are in: the server then reads those from its cache instead
  // of generating them twice at once (decision 212).
  const project = useProjectInsights(insights.data ? projectId : null);
  const refresh = useRefreshInsights();
  const [dismissed, setDismissed] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const acknowledge = useAcknowledgeBurnout();
  const navigate = useNavigate();

  // A failed first load goes to the page's section boundary (throwWhenEmpty).
  if (!insights.data)
    return <Spinner label="Analyzing your work patterns..." visibleLabel className="py-16" />;
  const data = insights.data;
  // Metrics, predictions and patterns of the chosen project; the analysis, recommendations and
  // strain are always the person's own (decision 212).
  const figures = projectId ? project.data : data;
  const takeBreak = () => {
    const now = Date.now();
    const current = deserialize(localStorage.getItem(POMODORO_STORAGE_KEY), now);
    localStorage.setItem(POMODORO_STORAGE_KEY, serialize(startBreakNow(current, now)));
    navigate("/dashboard");
  };

  return (
    <>
      {data.burnoutRisk.showAlert && !dismissed && (
        <BurnoutAlert
          risk={data.burnoutRisk}
          acknowledging={acknowledge.isPending}
          onAcknowledge={() => acknowledge.mutate()}
          onBreak={takeBreak}
          onAdjust={() => setAdjusting(true)}
          onDismiss={() => setDismissed(true)}
        />
      )}
      <ScheduleDialog open={adjusting} onOpenChange={setAdjusting} />
      {projectFilter && (
        <div className="mb-4 flex flex-wrap items-end gap-3">
          {projectFilter({ value: projectId, onChange: setProject })}
          {projectId && (
            <p className="max-w-md text-sm text-muted">
              Metrics, predictions and patterns count this project's tasks and your time on them. The
              analysis, recommendations and burnout risk are about all your work.
            </p>
          )}
        </div>
      )}
      {projectId && project.isError ? (
        <LoadError
          what="This project's insights"
          error={project.error}
          onRetry={() => void project.refetch()}
        />
      ) : !figures ? (
        <Spinner label="Loading this project's figures..." visibleLabel className="py-10" />
      ) : (
        <MetricTiles data={figures} />
      )}
      <Card className="mt-6">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>AI Analytics Insights</CardTitle>
          <Button size="sm" variant="outline" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
            <RefreshCw className={refresh.isPending ? "animate-spin" : undefined} aria-hidden="true" />
            Refresh Insights
          </Button>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="insights">
            <TabsList className="flex w-full flex-wrap sm:w-auto" aria-label="AI insights">
              <TabsTrigger value="insights">Insights</TabsTrigger>
              <TabsTrigger value="predictions">Predictions</TabsTrigger>
              <TabsTrigger value="recommendations">Recommendations</TabsTrigger>
              <TabsTrigger value="patterns">Patterns</TabsTrigger>
            </TabsList>
            <TabsContent value="insights" className="mt-4">
              <section aria-labelledby="analysis-heading" className="rounded-lg border border-border p-4">
                <h3 id="analysis-heading" className="font-semibold">
                  Productivity Analysis
                </h3>
                {refresh.isPending ? (
                  <p className="mt-2 text-sm text-muted">Analyzing your work patterns...</p>
                ) : (
                  <p className="mt-2 text-sm leading-relaxed">{data.insights}</p>
                )}
                <p className="mt-3 text-xs text-muted">
                  {data.insightsSource === "model"
                    ? "Written by the configured AI model from your aggregate figures."
                    : "Written by Kairo's built-in analysis from your figures."}
                </p>
              </section>
            </TabsContent>
            <TabsContent value="predictions" className="mt-4">
              {figures ? <PredictionsTab data={figures} /> : <Spinner label="Loading..." className="py-6" />}
            </TabsContent>
            <TabsContent value="recommendations" className="mt-4">
              <RecommendationsTab data={data} />
            </TabsContent>
            <TabsContent value="patterns" className="mt-4">
              {figures ? <PatternsTab data={figures} /> : <Spinner label="Loading..." className="py-6" />}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </>
  );
}

function MetricTiles({ data }: { data: InsightsResponse }) {
  const m = data.metrics;
  const tiles = [
    ["Completion Rate", pct(m.completionRate)],
    ["Total Tasks", String(m.totalTasks)],
    ["Total Hours", `${m.totalHours}h`],
    ["Productivity Score", String(m.productivityScore)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label={`Last ${data.rangeDays} days`}>
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border bg-background p-4">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PredictionsTab({ data }: { data: InsightsResponse }) {
  const p = data.predictions;
  const improvement = expectedImprovement(p.nextMonth.productivityScore);
  const badge = confidenceBadge(p.confidence);
  return (
    <div>
      {p.source === "defaults" && (
        <Alert tone="info" className="mb-4">
          Kairo needs three weeks of history to forecast your own figures; until then these are the default
          predictions ({PREDICTION_DEFAULTS.nextWeek.productivityScore} next week,{" "}
          {PREDICTION_DEFAULTS.nextMonth.productivityScore} next month).
        </Alert>
      )}
      <Suspense fallback={<Spinner label="Loading chart..." className="h-64" />}>
        <PredictionsChart predictions={p} />
      </Suspense>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted">Trend Direction</dt>
          <dd className="mt-1 font-semibold">{cap(p.trend)}</dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted">Expected Improvement</dt>
          <dd className="mt-1 font-semibold tabular-nums">
            {improvement >= 0 ? "+" : ""}
            {improvement}%
          </dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted">Confidence Level</dt>
          <dd className="mt-1 flex items-center gap-2 font-semibold tabular-nums">
            {Math.round(p.confidence * 100)}%
            <Badge tone={badge === "High" ? "success" : badge === "Medium" ? "warning" : "neutral"}>
              {badge}
            </Badge>
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted">
        {p.source === "defaults"
          ? `Default figures: ${p.weeksOfHistory} of 3 weeks of history so far.`
          : `Forecast from ${p.weeksOfHistory} weeks of your completion rate (${p.method === "holt-damped" ? "damped trend" : "mean and spread"}).`}
      </p>
    </div>
  );
}

function RecommendationsTab({ data }: { data: InsightsResponse }) {
  const apply = useApplyRecommendation();
  if (data.recommendations.length === 0)
    return <p className="text-sm text-muted">No recommendations right now. Keep tracking your work.</p>;
  return (
    <ul className="space-y-3">
      {data.recommendations.map((r) => (
        <RecommendationCard
          key={r.id}
          rec={r}
          applying={apply.isPending && apply.variables === r.id}
          onApply={() => apply.mutate(r.id)}
        />
      ))}
    </ul>
  );
}

function RecommendationCard({
  rec,
  applying,
  onApply,
}: {
  rec: RecommendationDto;
  applying: boolean;
  onApply: () => void;
}) {
  const id = `rec-${rec.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-start">
      <input
        id={id}
        type="checkbox"
        checked={rec.isApplied}
        disabled={rec.isApplied || applying}
        onChange={onApply}
        className="mt-1 size-4"
      />
      <div className="flex-1">
        <label htmlFor={id} className="text-sm font-medium">
          {rec.text}
        </label>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
          <Badge tone={rec.impact === "high" ? "danger" : rec.impact === "medium" ? "warning" : "neutral"}>
            {cap(rec.impact)} impact
          </Badge>
          <span className="text-muted">{rec.category}</span>
          <span className="font-medium text-success">+{rec.improvement}%</span>
        </div>
        {rec.measured && (
          <p className="mt-2 text-xs text-muted">
            Since applying: completion rate {pct(rec.measured.before.completionRate)} →{" "}
            {pct(rec.measured.after.completionRate)}, focus sessions {rec.measured.before.focusSessions} →{" "}
            {rec.measured.after.focusSessions} (7 days before and after).
          </p>
        )}
      </div>
      {rec.isApplied ? (
        <Badge tone="success">
          <Check className="size-3" aria-hidden="true" />
          Applied
        </Badge>
      ) : (
        <Button size="sm" onClick={onApply} disabled={applying}>
          Apply
        </Button>
      )}
    </li>
  );
}

function PatternsTab({ data }: { data: InsightsResponse }) {
  const { peakProductivity, workPatterns } = data.patterns;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-labelledby="peak-heading" className="rounded-lg border border-border p-4">
        <h3 id="peak-heading" className="font-semibold">
          Peak Productivity
        </h3>
        {peakProductivity.hours ? (
          <dl className="mt-2 space-y-1 text-sm">
            <div>
              <dt className="inline text-muted">Hours: </dt>
              <dd className="inline">{peakProductivity.hours}</dd>
            </div>
            <div>
              <dt className="inline text-muted">Best days: </dt>
              <dd className="inline">{peakProductivity.days.join(", ") || "Not enough data yet"}</dd>
            </div>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-muted">Track time on your tasks to see when you work best.</p>
        )}
      </section>
      <section aria-labelledby="work-heading" className="rounded-lg border border-border p-4">
        <h3 id="work-heading" className="font-semibold">
          Work Patterns
        </h3>
        <dl className="mt-2 space-y-1 text-sm">
          <div>
            <dt className="inline text-muted">Average task duration: </dt>
            <dd className="inline">{workPatterns.averageTaskDuration} minutes</dd>
          </div>
          <div>
            <dt className="inline text-muted">Focus blocks per day: </dt>
            <dd className="inline">{workPatterns.focusBlocks}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
