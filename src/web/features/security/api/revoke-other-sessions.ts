import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { sessionsQueryKey } from "./list-sessions.ts";

/** Signs out every session of the person but this browser's. */
export const revokeOtherSessions = () =>
  apiFetch<{ status: boolean }>("/api/auth/revoke-other-sessions", { method: "POST", json: {} });

export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
