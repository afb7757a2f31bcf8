import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const deleteWebhook = (id: string) => apiSend(`/api/webhooks/${id}`, { method: "DELETE" });

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
