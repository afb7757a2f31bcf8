import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { teamAnalyticsResponse } from "#shared/contracts/team.ts";
import type { AnalyticsRange } from "#shared/domain/metrics.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The team's figures over the range (decision 210); per member and project for owners and admins. */
export const getTeamAnalytics = (range: AnalyticsRange, signal?: AbortSignal) =>
  apiFetch(`/api/team/analytics?range=${range}&tz=${encodeURIComponent(browserTimeZone())}`, {
    signal,
    schema: teamAnalyticsResponse,
  });

export const teamAnalyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: queryKeys.team.analytics(range),
    queryFn: ({ signal }) => getTeamAnalytics(range, signal),
    // Switching ranges keeps the current figures until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useTeamAnalytics = (range: AnalyticsRange, enabled = true) =>
  useQuery({ ...teamAnalyticsQueryOptions(range), enabled });
