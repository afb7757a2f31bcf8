import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type WorkflowListResponse, workflowDto } from "#shared/contracts/workflows.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const setWorkflowActive = ({ id, isActive }: { id: string; isActive: boolean }) =>
  apiFetch(`/api/workflows/${encodeURIComponent(id)}`, {
    method: "PATCH",
    json: { isActive },
    schema: workflowDto,
  });

/** Flips the card at once; on failure it returns to its true state (the server's). */
export function useSetWorkflowActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setWorkflowActive,
    onMutate: async ({ id, isActive }) => {
      await qc.cancelQueries({ queryKey: queryKeys.workflows.list });
      const previous = qc.getQueryData<WorkflowListResponse>(queryKeys.workflows.list);
      if (previous) {
        qc.setQueryData(queryKeys.workflows.list, {
          ...previous,
          // Kept paused by the person, a workflow is no longer one the plan holds back.
          workflows: previous.workflows.map((w) =>
            w.id === id ? { ...w, isActive, pausedByPlan: isActive ? w.pausedByPlan : null } : w,
          ),
        });
      }
      return { previous };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(queryKeys.workflows.list, ctx.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.workflows.list }),
  });
}
