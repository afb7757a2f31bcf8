import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { analyticsResponse } from "#shared/contracts/tasks.ts";
import type { AnalyticsRange } from "#shared/domain/metrics.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Per-day series, minutes per category and the derived metrics over the last 7, 30 or 90 local days. */
export const getAnalytics = (range: AnalyticsRange) =>
  apiFetch(`/api/analytics?range=${range}&tz=${encodeURIComponent(browserTimeZone())}`, {
    schema: analyticsResponse,
  });

export const analyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: queryKeys.analytics.range(range),
    queryFn: () => getAnalytics(range),
    // Switching ranges keeps the current charts until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: AnalyticsRange) => useQuery(analyticsQueryOptions(range));
