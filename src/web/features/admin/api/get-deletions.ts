import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminDeletion, Paged } from "#shared/contracts/admin.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { queryString } from "./query-string.ts";

export const DELETIONS_PAGE_SIZE = 20;

export const getDeletions = (page: number) =>
  apiFetch<Paged<AdminDeletion>>(
    `/api/admin/deletions${queryString({ page, pageSize: DELETIONS_PAGE_SIZE })}`,
  );

export const deletionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.deletions(page),
    queryFn: () => getDeletions(page),
    placeholderData: keepPreviousData,
  });

export const useDeletions = (page: number) => useQuery(deletionsQueryOptions(page));
