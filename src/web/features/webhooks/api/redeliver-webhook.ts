import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Sends a delivered or failed message again (the same webhook-id, signed afresh). */
export const redeliverWebhook = ({ id, deliveryId }: { id: string; deliveryId: string }) =>
  apiSend(`/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`, { method: "POST" });

export function useRedeliverWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSettled: (_d, _e, v) => qc.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(v.id) }),
  });
}
