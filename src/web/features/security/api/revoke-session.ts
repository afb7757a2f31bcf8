import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Signs one of the person's sessions out, named by its id from the sessions list. */
export const revokeSession = (id: string) =>
  apiSend(`/api/account/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
