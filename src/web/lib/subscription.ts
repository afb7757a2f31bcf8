import { queryOptions, useQuery } from "@tanstack/react-query";
import { subscriptionResponse } from "#shared/contracts/billing.ts";
import { apiFetch } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

/** The person's current plan (free, trial with days left, pro or team) and any demo preview. */
export const getSubscription = () => apiFetch("/api/subscription", { schema: subscriptionResponse });

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.subscription, queryFn: getSubscription });

export const useSubscription = (enabled = true) => useQuery({ ...subscriptionQueryOptions(), enabled });
