import { queryOptions, useQuery } from "@tanstack/react-query";
import { icalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The person's private subscription address, or null when they have none. */
export const getIcalFeed = () =>
  apiFetch("/api/calendar-integrations/ical-feed", { schema: icalFeedResponse });

export const icalFeedQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.icalFeed, queryFn: getIcalFeed });

export const useIcalFeed = () => useQuery({ ...icalFeedQueryOptions(), throwOnError: throwWhenEmpty });
