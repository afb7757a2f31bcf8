import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { IcalFeedResponse } from "#shared/contracts/calendar-integrations.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Turns the subscription address off: calendar apps subscribed to it get nothing more. */
export const revokeIcalFeed = () =>
  apiFetch<IcalFeedResponse>("/api/calendar-integrations/ical-feed", { method: "DELETE" });

export function useRevokeIcalFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeIcalFeed,
    onSuccess: (feed) => qc.setQueryData(queryKeys.icalFeed, feed),
  });
}
