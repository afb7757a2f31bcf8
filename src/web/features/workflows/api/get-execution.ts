import { queryOptions, useQuery } from "@tanstack/react-query";
import { workflowExecutionDto } from "#shared/contracts/workflows.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getExecution = (id: string) =>
  apiFetch(`/api/workflow-executions/${encodeURIComponent(id)}`, { schema: workflowExecutionDto });

export const useExecution = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.workflows.execution(id),
      queryFn: () => getExecution(id!),
      enabled: id !== null,
      throwOnError: throwWhenEmpty,
    }),
  );
