// The page as rendered from an insights response (server-side render, no browser): the burnout alert
// at high load with its factor and actions, the panel with Refresh Insights and the four tabs, and the
// analysis text; without the alert once it is acknowledged.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { InsightsResponse } from "#shared/contracts/ai-insights.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { AiInsightsPage } from "./ai-insights-page.tsx";

const response: InsightsResponse = {
  generatedAt: "2026-11-22T23:00:00.000Z",
  rangeDays: 30,
  insights: "Over the last 30 days you completed 50% of the tasks on your plate (5 of 10).",
  insightsSource: "builtin",
  metrics: {
    completionRate: 0.5,
    totalTasks: 10,
    totalHours: 12,
    focusSessions: 3,
    productivityScore: 50,
    workHoursPerDay: 8,
    weekendWork: 1,
    overtimeDays: 2,
    breakFrequency: 1,
    afterHoursWork: 2,
  },
  predictions: {
    source: "forecast",
    method: "holt-damped",
    weeksOfHistory: 9,
    current: { completionRate: 0.5, productivityScore: 50 },
    nextWeek: { completionRate: 0.55, productivityScore: 55 },
    nextMonth: { completionRate: 0.6, productivityScore: 60 },
    trend: "improving",
    confidence: 0.7,
  },
  recommendations: [],
  recommendationsSource: "engine",
  burnoutRisk: {
    score: 70,
    level: "high",
    factors: [{ id: "longDays", text: "11 hours a day over the last 14 days", severity: 1 }],
    showAlert: true,
    note: "This measures workload strain from your tracked time; it is not a diagnosis of burnout.",
  },
  patterns: {
    peakProductivity: { hours: "9-11 AM", days: ["Monday"] },
    workPatterns: { averageTaskDuration: 45, focusBlocks: 3 },
  },
};

/** The page in a data router, as the app mounts it (the address editor reads navigation state). */
function atAddress(address: string, page: ReturnType<typeof h>) {
  return h(RouterProvider, {
    router: createMemoryRouter([{ path: "*", element: page }], { initialEntries: [address] }),
  });
}

function render(data: InsightsResponse) {
  const qc = new QueryClient();
  qc.setQueryData(queryKeys.aiInsights, data);
  return renderToString(h(QueryClientProvider, { client: qc }, atAddress("/ai-insights", h(AiInsightsPage))));
}

describe("AiInsightsPage", () => {
  it("shows the alert, the metrics, the panel and the analysis", () => {
    const html = render(response);
    for (const text of [
      "Burnout Risk Alert",
      "11 hours a day over the last 14 days",
      "I&#x27;ll Take Care",
      "Take a Break Now",
      "Adjust Schedule",
      "Completion Rate",
      "AI Analytics Insights",
      "Refresh Insights",
      "Insights",
      "Predictions",
      "Recommendations",
      "Patterns",
      "Productivity Analysis",
      response.insights,
    ])
      expect(html, text).toContain(text);
  });

  it("narrows the metrics to the project in the address, keeping the person's analysis", () => {
    const projectId = "0b6f2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a";
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.aiInsights, response);
    qc.setQueryData(queryKeys.aiInsightsProject(projectId), {
      ...response,
      metrics: { ...response.metrics, totalTasks: 4242 },
      project: { id: projectId, name: "Launch" },
    });
    const html = renderToString(
      h(
        QueryClientProvider,
        { client: qc },
        atAddress(
          `/ai-insights?project=${projectId}`,
          h(AiInsightsPage, { projectFilter: (p) => h("span", null, `picker:${p.value}`) }),
        ),
      ),
    );
    expect(html).toContain(`picker:${projectId}`);
    expect(html).toContain("4242");
    expect(html).toContain("about all your work");
    expect(html).toContain(response.insights);
  });

  it("leaves the alert out once acknowledged", () => {
    const html = render({ ...response, burnoutRisk: { ...response.burnoutRisk, showAlert: false } });
    expect(html).not.toContain("Burnout Risk Alert");
    expect(html).toContain("AI Analytics Insights");
  });
});
