import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminStats } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getStats = () => apiFetch("/api/admin/stats", { schema: adminStats });

export const statsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.stats, queryFn: getStats });

export const useStats = () => useQuery({ ...statsQueryOptions(), throwOnError: throwWhenEmpty });
