import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminDeletionsPage } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { queryString } from "./query-string.ts";

export const DELETIONS_PAGE_SIZE = 20;

export const getDeletions = (page: number) =>
  apiFetch(`/api/admin/deletions${queryString({ page, pageSize: DELETIONS_PAGE_SIZE })}`, {
    schema: adminDeletionsPage,
  });

export const deletionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.deletions(page),
    queryFn: () => getDeletions(page),
    placeholderData: keepPreviousData,
  });

export const useDeletions = (page: number) =>
  useQuery({ ...deletionsQueryOptions(page), throwOnError: throwWhenEmpty });
