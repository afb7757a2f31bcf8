import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OverviewResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const getOverview = () => apiFetch<OverviewResponse>("/api/overview");

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.overview, queryFn: getOverview });

export const useOverview = () => useQuery(overviewQueryOptions());
