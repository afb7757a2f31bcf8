import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type WebhookCreateBody, webhookCreatedResponse } from "#shared/contracts/webhooks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Creates an endpoint; the answer carries its signing secret, shown to the person once. */
export const createWebhook = (body: WebhookCreateBody) =>
  apiFetch("/api/webhooks", { method: "POST", json: body, schema: webhookCreatedResponse });

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.list }),
  });
}
