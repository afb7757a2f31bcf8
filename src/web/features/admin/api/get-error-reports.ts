import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminErrorReportsPage } from "#shared/contracts/admin.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
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

export const useErrorReports = (page: number) => useQuery(errorReportsQueryOptions(page));
