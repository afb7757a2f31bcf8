// The task list's grouping, a preference on the server (set to "category" by applying the "batch
// similar tasks" recommendation, turned on or off here).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Preferences, preferencesDto } from "#shared/contracts/preferences.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { notifyError } from "#web/lib/notify.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export type TaskGrouping = Preferences["taskGrouping"];

/** Shows the change at once and puts it back if the server does not take it. */
export function useSetTaskGrouping() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskGrouping: TaskGrouping) =>
      apiFetch("/api/preferences", { method: "PATCH", json: { taskGrouping }, schema: preferencesDto }),
    onMutate: async (taskGrouping) => {
      await qc.cancelQueries({ queryKey: queryKeys.preferences });
      const previous = qc.getQueryData<Preferences>(queryKeys.preferences);
      if (previous) qc.setQueryData(queryKeys.preferences, { ...previous, taskGrouping });
      return { previous };
    },
    onError: (err, _v, context) => {
      if (context?.previous) qc.setQueryData(queryKeys.preferences, context.previous);
      notifyError(err, { title: "The grouping could not be saved" });
    },
    onSuccess: (saved) => qc.setQueryData(queryKeys.preferences, saved),
  });
}
