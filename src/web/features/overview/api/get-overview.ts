import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OverviewResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export const overviewQueryKey = ["overview"] as const;

export const getOverview = () => apiFetch<OverviewResponse>("/api/overview");

export const overviewQueryOptions = () => queryOptions({ queryKey: overviewQueryKey, queryFn: getOverview });

export const useOverview = () => useQuery(overviewQueryOptions());
