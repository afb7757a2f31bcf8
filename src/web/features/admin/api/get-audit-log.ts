import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminAuditPage } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { queryString } from "./query-string.ts";

export const AUDIT_LOG_PAGE_SIZE = 20;

export const getAuditLog = (page: number) =>
  apiFetch(`/api/admin/audit-log${queryString({ page, pageSize: AUDIT_LOG_PAGE_SIZE })}`, {
    schema: adminAuditPage,
  });

export const auditLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.auditLog(page),
    queryFn: () => getAuditLog(page),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number) =>
  useQuery({ ...auditLogQueryOptions(page), throwOnError: throwWhenEmpty });
