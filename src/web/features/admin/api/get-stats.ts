import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminStats } from "#shared/contracts/admin.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const getStats = () => apiFetch("/api/admin/stats", { schema: adminStats });

export const statsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.stats, queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());
