import { queryOptions, useQuery } from "@tanstack/react-query";
import { workflowTemplatesResponse } from "#shared/contracts/workflows.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getTemplates = () => apiFetch("/api/workflow-templates", { schema: workflowTemplatesResponse });

export const useTemplates = () =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.workflows.templates,
      queryFn: getTemplates,
      staleTime: 5 * 60_000,
      throwOnError: throwWhenEmpty,
    }),
  );
