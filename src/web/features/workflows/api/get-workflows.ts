import { queryOptions, useQuery } from "@tanstack/react-query";
import { workflowListResponse } from "#shared/contracts/workflows.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const getWorkflows = () => apiFetch("/api/workflows", { schema: workflowListResponse });

export const workflowsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workflows.list, queryFn: getWorkflows });

export const useWorkflows = () => useQuery(workflowsQueryOptions());
