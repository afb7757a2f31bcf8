import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { calendarIntegrationsResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { invalidate, queryKeys } from "../../../lib/query-keys.ts";

/** Providers (and whether this server can connect them), active connections, the last 20 syncs. */
export const getCalendarIntegrations = () =>
  apiFetch("/api/calendar-integrations", { schema: calendarIntegrationsResponse });

export const calendarIntegrationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.calendarIntegrations, queryFn: getCalendarIntegrations });

export const useCalendarIntegrations = () => useQuery(calendarIntegrationsQueryOptions());

/** After a sync or a disconnect: the settings' view and the calendars' synced events. */
export function invalidateCalendarViews(qc: QueryClient) {
  void invalidate(qc, "calendarSync");
}
