import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { type CalendarItemsResponse, taskDto } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { invalidate, queryKeys } from "#web/lib/query-keys.ts";

export type MoveTaskDeadlineInput = { id: string; deadline: string | null };

/** Sets (or clears, with null) a task's deadline. */
export const moveTaskDeadline = ({ id, deadline }: MoveTaskDeadlineInput) =>
  apiFetch(`/api/tasks/${encodeURIComponent(id)}`, { schema: taskDto, method: "PATCH", json: { deadline } });

type Snapshot = Array<[QueryKey, CalendarItemsResponse | undefined]>;

/**
 * Moves the task on every cached calendar at once, puts it back if the server refuses, and says
 * where it went.
 */
export function useMoveTaskDeadline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moveTaskDeadline,
    onMutate: async ({ id, deadline }): Promise<{ snapshot: Snapshot }> => {
      await qc.cancelQueries({ queryKey: queryKeys.calendar.all });
      const snapshot = qc.getQueriesData<CalendarItemsResponse>({ queryKey: queryKeys.calendar.all });
      qc.setQueriesData<CalendarItemsResponse>({ queryKey: queryKeys.calendar.all }, (old) =>
        old ? { ...old, tasks: old.tasks.map((t) => (t.id === id ? { ...t, deadline } : t)) } : old,
      );
      return { snapshot };
    },
    onError: (error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) qc.setQueryData(key, data);
      notifyError(error, { fallback: "The deadline could not be changed. Please try again." });
    },
    onSuccess: (_task, { deadline }) => {
      notifySuccess(
        deadline ? `Deadline moved to ${format(new Date(deadline), "EEE, MMM d, H:mm")}` : "Deadline cleared",
      );
    },
    onSettled: () => invalidate(qc, "task"),
  });
}
