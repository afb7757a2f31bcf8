import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "#shared/contracts/auth.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export const meQueryKey = ["me"] as const;

export const getMe = () => apiFetch<Me>("/api/me");

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions());
