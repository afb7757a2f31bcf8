// GET /api/tour: whether the person already finished or skipped the guided tour.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { tourState } from "#shared/contracts/tour.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getTourState = () => apiFetch("/api/tour", { schema: tourState });

export const tourStateQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tour, queryFn: getTourState, staleTime: Number.POSITIVE_INFINITY });

export const useTourState = () => useQuery(tourStateQueryOptions());
