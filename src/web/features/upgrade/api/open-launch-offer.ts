// POST /api/billing/launch-offer when the upgrade dialog shows the launch offer. The server opens the
// person's 600-second window on the first call and answers the same window ever after, so the call is
// safe to repeat and is read as a query: a reopened dialog reuses the answer, a reload asks again and
// gets the time actually left.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { launchOfferDto } from "#shared/contracts/billing.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { offerDeadline } from "../offer-countdown.ts";

export const openLaunchOffer = () =>
  apiFetch("/api/billing/launch-offer", { schema: launchOfferDto, method: "POST" });

export type LaunchOffer = {
  eligible: boolean;
  /** When the window closes, on this browser's clock (ms since the epoch). */
  deadlineMs: number;
};

export const launchOfferQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.launchOffer,
    queryFn: async (): Promise<LaunchOffer> => {
      const offer = await openLaunchOffer();
      // The server says how long is left; counting down from the browser's own clock keeps the
      // countdown right whatever the two clocks disagree on.
      return { eligible: offer.eligible, deadlineMs: offerDeadline(offer.msLeft, Date.now()) };
    },
    // The deadline is absolute: the answer never goes stale while the page lives.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLaunchOffer = (enabled: boolean) => useQuery({ ...launchOfferQueryOptions(), enabled });
