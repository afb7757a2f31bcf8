import { queryOptions, useQuery } from "@tanstack/react-query";
import { webhookDeliveryListResponse } from "#shared/contracts/webhooks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** An endpoint's newest deliveries with every attempt; refreshed while one is still waiting. */
export const listWebhookDeliveries = (id: string) =>
  apiFetch(`/api/webhooks/${id}/deliveries`, { schema: webhookDeliveryListResponse });

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.webhooks.deliveries(id),
    queryFn: () => listWebhookDeliveries(id),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "pending") ? 3000 : false),
  });

export const useWebhookDeliveries = (id: string) => useQuery(webhookDeliveriesQueryOptions(id));
