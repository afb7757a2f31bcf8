// What the route loaders share (decisions 028 and 105): they start a page's first requests with the
// navigation, without waiting for the page's code or its first render, and never await them
// (prefetchQuery never throws; a failure reaches the panel through the cache). A gated page's
// requests start only once the same rule its AccessGate applies has said yes: a person the plan
// refuses sends none of them.
import type { FetchQueryOptions } from "@tanstack/react-query";
import type { FeatureId } from "#shared/domain/features.ts";
import { type GatedRoute, ROUTE_ACCESS } from "#shared/domain/features.ts";
import { queryClient } from "#web/lib/query-client.ts";
import { sessionKnown } from "#web/lib/session.ts";
import { subscriptionQueryOptions } from "#web/lib/subscription.ts";
import { planAllows } from "../guards/use-feature-access.ts";

// Options of several queries with different data: only their keys and functions are used here.
// biome-ignore lint/suspicious/noExplicitAny: a list of unrelated queries' options
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/** The gated routes whose rule is a plan's feature (the admin area's is a role, known from the session). */
type FeatureRoute = {
  [R in GatedRoute]: (typeof ROUTE_ACCESS)[R] extends { feature: FeatureId } ? R : never;
}[GatedRoute];

/** A loader that runs `start` once the session is known, for a signed-in person only. */
function forSignedIn(start: (url: URL) => void | Promise<void>) {
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    void sessionKnown().then((session) => (session.status === "signed-in" ? start(url) : undefined));
    return null;
  };
}

const prefetchAll = (queries: AnyQuery[]) => {
  for (const q of queries) void queryClient.prefetchQuery(q);
};

/** A loader that prefetches `queries(url)` for a signed-in person (nothing for a visitor). */
export const prefetchForPerson = (queries: (url: URL) => AnyQuery[]) =>
  forSignedIn((url) => prefetchAll(queries(url)));

/**
 * A loader for a gated page: reads the plan (the query the gate reads, so the gate finds it in flight
 * or cached), then prefetches `queries(url)` only if the route's ROUTE_ACCESS rule lets the person in.
 */
export function prefetchWhenAllowed(route: FeatureRoute, queries: (url: URL) => AnyQuery[]) {
  const { feature } = ROUTE_ACCESS[route];
  return forSignedIn(async (url) => {
    const plan = subscriptionQueryOptions();
    // No plan, no prefetch: the gate shows what it shows when the plan cannot be read.
    const subscription = await queryClient.ensureQueryData(plan).catch(() => null);
    const fetchedAt = queryClient.getQueryState(plan.queryKey)?.dataUpdatedAt ?? Date.now();
    if (subscription && planAllows(feature, subscription, fetchedAt)) prefetchAll(queries(url));
  });
}
