import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminErrorReportsPage } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { queryString } from "./query-string.ts";

export const ERROR_REPORTS_PAGE_SIZE = 20;

export const getErrorReports = (page: number) =>
  apiFetch(`/api/admin/error-reports${queryString({ page, pageSize: ERROR_REPORTS_PAGE_SIZE })}`, {
    schema: adminErrorReportsPage,
  });

export const errorReportsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.errorReports(page),
    queryFn: () => getErrorReports(page),
    placeholderData: keepPreviousData,
  });

export const useErrorReports = (page: number) =>
  useQuery({ ...errorReportsQueryOptions(page), throwOnError: throwWhenEmpty });
