import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type WebhookUpdateBody, webhookEndpointDto } from "#shared/contracts/webhooks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Changes an endpoint; `{ enabled: true }` re-enables one Kairo turned off. */
export const updateWebhook = ({ id, body }: { id: string; body: WebhookUpdateBody }) =>
  apiFetch(`/api/webhooks/${id}`, { method: "PATCH", json: body, schema: webhookEndpointDto });

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
