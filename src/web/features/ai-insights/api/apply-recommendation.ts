import { useMutation, useQueryClient } from "@tanstack/react-query";
import { applyResponse, type InsightsResponse } from "#shared/contracts/ai-insights.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { notifyFailure, notifySuccess } from "#web/lib/notify.ts";
import { invalidate, queryKeys } from "#web/lib/query-keys.ts";
import { browserTimeZone } from "./get-insights.ts";

/** Apply: stores the recommendation as applied and does what it says (server side). */
export function useApplyRecommendation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/ai-insights/recommendations/${id}/apply`, {
        method: "POST",
        json: { tz: browserTimeZone() },
        schema: applyResponse,
      }),
    onSuccess: (res) => {
      qc.setQueryData<InsightsResponse>(queryKeys.aiInsights, (old) =>
        old
          ? {
              ...old,
              recommendations: old.recommendations.map((r) =>
                r.id === res.recommendation.id ? res.recommendation : r,
              ),
            }
          : old,
      );
      void invalidate(qc, "aiRecommendation");
      notifySuccess(
        "Recommendation Applied",
        `Expected ${res.recommendation.improvement}% improvement in productivity`,
      );
    },
    onError: () => notifyFailure("Error", "Failed to apply recommendation"),
  });
}
