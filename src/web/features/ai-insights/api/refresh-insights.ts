import { useMutation, useQueryClient } from "@tanstack/react-query";
import { insightsResponse } from "#shared/contracts/ai-insights.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { notifyFailure, notifySuccess } from "../../../lib/notify.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { browserTimeZone } from "./get-insights.ts";

/** Refresh Insights: regenerates everything and stores a new analysis. */
export function useRefreshInsights() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch("/api/ai-insights/refresh", {
        method: "POST",
        json: { tz: browserTimeZone() },
        schema: insightsResponse,
      }),
    onSuccess: (data) => {
      qc.setQueryData(queryKeys.aiInsights, data);
      notifySuccess("AI Insights Generated", "Fresh insights are ready for review");
    },
    onError: () => notifyFailure("Error", "Failed to generate AI insights"),
  });
}
