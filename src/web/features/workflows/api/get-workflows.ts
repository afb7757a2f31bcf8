import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WorkflowListResponse } from "#shared/contracts/workflows.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const getWorkflows = () => apiFetch<WorkflowListResponse>("/api/workflows");

export const workflowsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workflows.list, queryFn: getWorkflows });

export const useWorkflows = () => useQuery(workflowsQueryOptions());
