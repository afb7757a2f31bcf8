import { queryOptions, useQuery } from "@tanstack/react-query";
import { workflowExecutionListResponse } from "#shared/contracts/workflows.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getExecutions = () =>
  apiFetch("/api/workflow-executions", { schema: workflowExecutionListResponse });

export const executionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workflows.executions, queryFn: getExecutions });

export const useExecutions = () => useQuery({ ...executionsQueryOptions(), throwOnError: throwWhenEmpty });
