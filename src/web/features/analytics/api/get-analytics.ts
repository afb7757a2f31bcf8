import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { analyticsResponse } from "#shared/contracts/tasks.ts";
import type { AnalyticsRange } from "#shared/domain/metrics.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Per-day series, minutes per category and the derived metrics over the last 7, 30 or 90 local days,
 * for all the person's work or one project's (decision 211).
 */
export const getAnalytics = (range: AnalyticsRange, projectId: string | null = null) =>
  apiFetch(
    `/api/analytics?range=${range}&tz=${encodeURIComponent(browserTimeZone())}${
      projectId ? `&projectId=${encodeURIComponent(projectId)}` : ""
    }`,
    { schema: analyticsResponse },
  );

export const analyticsQueryOptions = (range: AnalyticsRange, projectId: string | null = null) =>
  queryOptions({
    queryKey: queryKeys.analytics.range(range, projectId),
    queryFn: () => getAnalytics(range, projectId),
    // Switching ranges keeps the current charts until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: AnalyticsRange, projectId: string | null = null) =>
  useQuery(analyticsQueryOptions(range, projectId));
