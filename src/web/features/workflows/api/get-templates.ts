import { queryOptions, useQuery } from "@tanstack/react-query";
import { workflowTemplatesResponse } from "#shared/contracts/workflows.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const getTemplates = () => apiFetch("/api/workflow-templates", { schema: workflowTemplatesResponse });

export const useTemplates = () =>
  useQuery(
    queryOptions({ queryKey: queryKeys.workflows.templates, queryFn: getTemplates, staleTime: 5 * 60_000 }),
  );
