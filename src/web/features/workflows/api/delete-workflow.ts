import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WorkflowListResponse } from "#shared/contracts/workflows.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const deleteWorkflow = (id: string) =>
  apiSend(`/api/workflows/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Removes the card at once; on failure it comes back. */
export function useDeleteWorkflow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: queryKeys.workflows.list });
      const previous = qc.getQueryData<WorkflowListResponse>(queryKeys.workflows.list);
      if (previous) {
        qc.setQueryData(queryKeys.workflows.list, {
          ...previous,
          workflows: previous.workflows.filter((w) => w.id !== id),
        });
      }
      return { previous };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(queryKeys.workflows.list, ctx.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.workflows.all }),
  });
}
