import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type PlanWriteBackBody, planWriteBackResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Which connection's calendar receives accepted plan blocks, or null when off (decision 185). */
export const getPlanWriteBack = () =>
  apiFetch("/api/calendar-integrations/write-back", { schema: planWriteBackResponse });

export const usePlanWriteBack = () =>
  useQuery({ queryKey: queryKeys.planWriteBack, queryFn: getPlanWriteBack, throwOnError: throwWhenEmpty });

/** Turns write-back on for a connection (may answer a consent address for the write scope) or off. */
export function useSavePlanWriteBack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanWriteBackBody) =>
      apiFetch("/api/calendar-integrations/write-back", {
        method: "PUT",
        json: body,
        schema: planWriteBackResponse,
      }),
    onSuccess: (saved) => qc.setQueryData(queryKeys.planWriteBack, { ...saved, authUrl: null }),
  });
}
