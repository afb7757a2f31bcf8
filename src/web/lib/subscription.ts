import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SubscriptionResponse } from "#shared/domain/subscription.ts";
import { apiFetch } from "./api-client.ts";

export const subscriptionQueryKey = ["subscription"] as const;

/** The person's current plan (free, trial with days left, pro or team) and any demo preview. */
export const getSubscription = () => apiFetch<SubscriptionResponse>("/api/subscription");

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: subscriptionQueryKey, queryFn: getSubscription });

export const useSubscription = (enabled = true) => useQuery({ ...subscriptionQueryOptions(), enabled });
