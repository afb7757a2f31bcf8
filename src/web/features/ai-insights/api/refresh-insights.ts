import { useMutation, useQueryClient } from "@tanstack/react-query";
import { insightsResponse } from "#shared/contracts/ai-insights.ts";
import { mapError } from "#shared/errors/message-mapping.ts";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { notifyFailure, notifySuccess } from "#web/lib/notify.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
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
    // Past the refresh limit the spec's "Too many requests" text says to wait, instead of a failure.
    onError: (error) =>
      notifyFailure(
        "Error",
        error instanceof ApiError && error.status === 429
          ? mapError(error).message
          : "Failed to generate AI insights",
      ),
  });
}
