import { useMutation, useQueryClient } from "@tanstack/react-query";
import { icalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Turns the subscription address off: calendar apps subscribed to it get nothing more. */
export const revokeIcalFeed = () =>
  apiFetch("/api/calendar-integrations/ical-feed", { method: "DELETE", schema: icalFeedResponse });

export function useRevokeIcalFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeIcalFeed,
    onSuccess: (feed) => qc.setQueryData(queryKeys.icalFeed, feed),
  });
}
