import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Signs out every session of the person but this browser's. */
export const revokeOtherSessions = () =>
  apiSend("/api/auth/revoke-other-sessions", { method: "POST", json: {} });

export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
