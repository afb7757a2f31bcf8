import { queryOptions, useQuery } from "@tanstack/react-query";
import { workflowListResponse } from "#shared/contracts/workflows.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getWorkflows = () => apiFetch("/api/workflows", { schema: workflowListResponse });

export const workflowsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workflows.list, queryFn: getWorkflows });

export const useWorkflows = () => useQuery({ ...workflowsQueryOptions(), throwOnError: throwWhenEmpty });
