import { queryOptions, useQuery } from "@tanstack/react-query";
import { insightsResponse } from "#shared/contracts/ai-insights.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Metrics, predictions, recommendations, burnout risk and patterns, computed by the server. */
export const getInsights = () =>
  apiFetch(`/api/ai-insights?tz=${encodeURIComponent(browserTimeZone())}`, { schema: insightsResponse });

export const insightsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.aiInsights, queryFn: getInsights });

export const useInsights = () => useQuery(insightsQueryOptions());
