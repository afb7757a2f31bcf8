import { queryOptions, useQuery } from "@tanstack/react-query";
import { overviewResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getOverview = () => apiFetch("/api/overview", { schema: overviewResponse });

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.overview, queryFn: getOverview });

export const useOverview = () => useQuery(overviewQueryOptions());
