import { useMutation, useQueryClient } from "@tanstack/react-query";
import { acknowledgeResponse, type InsightsResponse } from "#shared/contracts/ai-insights.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { notifySuccess } from "#web/lib/notify.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { browserTimeZone } from "./get-insights.ts";

/** I'll Take Care: stores the acknowledged alert; it stays hidden until the level rises. */
export function useAcknowledgeBurnout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch("/api/ai-insights/burnout/acknowledge", {
        method: "POST",
        json: { tz: browserTimeZone() },
        schema: acknowledgeResponse,
      }),
    onSuccess: () => {
      qc.setQueryData<InsightsResponse>(queryKeys.aiInsights, (old) =>
        old ? { ...old, burnoutRisk: { ...old.burnoutRisk, showAlert: false } } : old,
      );
      notifySuccess("Alert Acknowledged", "We'll help you manage your workload better");
    },
    // Spec section 8: an acknowledge failure is logged only.
    onError: (err) => console.warn("Acknowledging the burnout alert failed", err),
  });
}
