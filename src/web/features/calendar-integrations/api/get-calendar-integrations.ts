import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { calendarIntegrationsResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { invalidate, queryKeys } from "#web/lib/query-keys.ts";

/** Providers (and whether this server can connect them), active connections, the last 20 syncs. */
export const getCalendarIntegrations = () =>
  apiFetch("/api/calendar-integrations", { schema: calendarIntegrationsResponse });

export const calendarIntegrationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.calendarIntegrations, queryFn: getCalendarIntegrations });

export const useCalendarIntegrations = () =>
  useQuery({ ...calendarIntegrationsQueryOptions(), throwOnError: throwWhenEmpty });

/** After a sync or a disconnect: the settings' view and the calendars' synced events. */
export function invalidateCalendarViews(qc: QueryClient) {
  void invalidate(qc, "calendarSync");
}
