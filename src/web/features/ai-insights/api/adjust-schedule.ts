// Adjust Schedule (burnout alert): the open tasks due this week, lowest priority first, and postponing
// one by a day or a week. The server checks the task is the person's and open, and moves the deadline.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { postponeResponse, scheduleResponse } from "#shared/contracts/ai-insights.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { invalidate, queryKeys } from "#web/lib/query-keys.ts";
import { browserTimeZone } from "./get-insights.ts";

// Under the insights key, so any task change that makes insights stale refetches it too.
const scheduleKey = [...queryKeys.aiInsights, "schedule"] as const;

export const useSchedule = () =>
  useQuery({
    queryKey: scheduleKey,
    queryFn: () =>
      apiFetch(`/api/ai-insights/schedule?tz=${encodeURIComponent(browserTimeZone())}`, {
        schema: scheduleResponse,
      }),
    throwOnError: throwWhenEmpty,
  });

export function usePostpone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, days }: { id: string; days: 1 | 7 }) =>
      apiFetch(`/api/ai-insights/schedule/${id}/postpone`, {
        method: "POST",
        json: { days, tz: browserTimeZone() },
        schema: postponeResponse,
      }),
    onSuccess: (res) => {
      void invalidate(qc, "task");
      const due = new Date(res.task.deadline).toLocaleString(undefined, {
        weekday: "long",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
      });
      notifySuccess("Task postponed", `${res.task.title} is now due ${due}.`);
    },
    onError: (err) => notifyError(err, { title: "The task could not be postponed" }),
  });
}
