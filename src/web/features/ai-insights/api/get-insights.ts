import { queryOptions, useQuery } from "@tanstack/react-query";
import { insightsResponse } from "#shared/contracts/ai-insights.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Metrics, predictions, recommendations, burnout risk and patterns, computed by the server. */
export const getInsights = () =>
  apiFetch(`/api/ai-insights?tz=${encodeURIComponent(browserTimeZone())}`, { schema: insightsResponse });

export const insightsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.aiInsights, queryFn: getInsights });

export const useInsights = () => useQuery({ ...insightsQueryOptions(), throwOnError: throwWhenEmpty });

/** One project's metrics, predictions and patterns (decision 212); the rest is the person's own. */
export const getProjectInsights = (projectId: string) =>
  apiFetch(
    `/api/ai-insights?tz=${encodeURIComponent(browserTimeZone())}&projectId=${encodeURIComponent(projectId)}`,
    { schema: insightsResponse },
  );

export const useProjectInsights = (projectId: string | null) =>
  useQuery({
    queryKey: queryKeys.aiInsightsProject(projectId ?? ""),
    queryFn: () => getProjectInsights(projectId!),
    enabled: projectId !== null,
  });
