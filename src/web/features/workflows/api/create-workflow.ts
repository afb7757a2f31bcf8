import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type WorkflowCreateBody, workflowDto } from "#shared/contracts/workflows.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const createWorkflow = (body: WorkflowCreateBody) =>
  apiFetch("/api/workflows", { method: "POST", json: body, schema: workflowDto });

export function useCreateWorkflow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.workflows.all }),
  });
}
