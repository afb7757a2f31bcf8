import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { calendarItemsResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Tasks due, tracked time and synced events between two instants (at most 62 days apart). */
export const getCalendarItems = (from: string, to: string) =>
  apiFetch(`/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
    schema: calendarItemsResponse,
  });

export const calendarItemsQueryOptions = (from: Date, to: Date) => {
  const f = from.toISOString();
  const t = to.toISOString();
  return queryOptions({
    queryKey: queryKeys.calendar.range(f, t),
    queryFn: () => getCalendarItems(f, t),
    // Stepping between weeks keeps the last grid on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
};

export const useCalendarItems = (from: Date, to: Date) => useQuery(calendarItemsQueryOptions(from, to));
