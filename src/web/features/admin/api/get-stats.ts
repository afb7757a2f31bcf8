import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminStats } from "#shared/contracts/admin.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const getStats = () => apiFetch<AdminStats>("/api/admin/stats");

export const statsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.stats, queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());
