import { queryOptions, useQuery } from "@tanstack/react-query";
import { meDto } from "#shared/contracts/auth.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getMe = () => apiFetch("/api/me", { schema: meDto });

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.me, queryFn: getMe });

export const useMe = () => useQuery({ ...meQueryOptions(), throwOnError: throwWhenEmpty });
