import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CalendarIntegrationsResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export const calendarIntegrationsQueryKey = ["calendar-integrations"] as const;

/** Providers (and whether this server can connect them), active connections, the last 20 syncs. */
export const getCalendarIntegrations = () =>
  apiFetch<CalendarIntegrationsResponse>("/api/calendar-integrations");

export const calendarIntegrationsQueryOptions = () =>
  queryOptions({ queryKey: calendarIntegrationsQueryKey, queryFn: getCalendarIntegrations });

export const useCalendarIntegrations = () => useQuery(calendarIntegrationsQueryOptions());
