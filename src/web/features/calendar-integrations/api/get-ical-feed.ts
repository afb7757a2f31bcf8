import { queryOptions, useQuery } from "@tanstack/react-query";
import type { IcalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The person's private subscription address, or null when they have none. */
export const getIcalFeed = () => apiFetch<IcalFeedResponse>("/api/calendar-integrations/ical-feed");

export const useIcalFeed = () =>
  useQuery(queryOptions({ queryKey: queryKeys.icalFeed, queryFn: getIcalFeed }));
