import { useMutation, useQueryClient } from "@tanstack/react-query";
import { icalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** A new secret subscription address; the previous one stops working. */
export const regenerateIcalFeed = () =>
  apiFetch("/api/calendar-integrations/ical-feed", { method: "POST", schema: icalFeedResponse });

export function useRegenerateIcalFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: regenerateIcalFeed,
    onSuccess: (feed) => qc.setQueryData(queryKeys.icalFeed, feed),
  });
}
