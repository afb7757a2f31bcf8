import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { calendarItemsResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * Tasks due, future occurrences of repeating tasks, tracked time and synced events between two
 * instants (at most 62 days apart); with a project, only its tasks and the person's time on them.
 */
export const getCalendarItems = (from: string, to: string, projectId: string | null = null) =>
  apiFetch(
    `/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${
      projectId ? `&projectId=${encodeURIComponent(projectId)}` : ""
    }`,
    { schema: calendarItemsResponse },
  );

export const calendarItemsQueryOptions = (from: Date, to: Date, projectId: string | null = null) => {
  const f = from.toISOString();
  const t = to.toISOString();
  return queryOptions({
    queryKey: queryKeys.calendar.range(f, t, projectId),
    queryFn: () => getCalendarItems(f, t, projectId),
    // Stepping between weeks keeps the last grid on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
};

export const useCalendarItems = (from: Date, to: Date, projectId: string | null = null) =>
  useQuery(calendarItemsQueryOptions(from, to, projectId));
