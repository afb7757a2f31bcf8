import { queryOptions, useQuery } from "@tanstack/react-query";
import { webhookListResponse } from "#shared/contracts/webhooks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The person's webhook endpoints, newest first (never their secrets). */
export const listWebhooks = () => apiFetch("/api/webhooks", { schema: webhookListResponse });

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.webhooks.list, queryFn: listWebhooks });

export const useWebhooks = () => useQuery(webhooksQueryOptions());
