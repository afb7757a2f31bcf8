// PUT /api/tour (Finish or skip) and DELETE /api/tour (Restart tour). The cache takes the answer, and
// takes the outcome at once even if the call fails, so the tour never replays on this page.
import { type TourOutcome, type TourState, tourState } from "#shared/contracts/tour.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryClient } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export async function recordTourOutcome(outcome: TourOutcome, now = new Date()): Promise<void> {
  const at = now.toISOString();
  queryClient.setQueryData<TourState>(queryKeys.tour, (old) => ({
    completedAt: outcome === "completed" ? at : (old?.completedAt ?? null),
    skippedAt: outcome === "skipped" ? at : (old?.skippedAt ?? null),
  }));
  const saved = await apiFetch("/api/tour", { schema: tourState, method: "PUT", json: { outcome } });
  queryClient.setQueryData(queryKeys.tour, saved);
}

export async function restartTourState(): Promise<void> {
  const saved = await apiFetch("/api/tour", { schema: tourState, method: "DELETE" });
  queryClient.setQueryData(queryKeys.tour, saved);
}
