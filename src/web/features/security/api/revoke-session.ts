import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { sessionsQueryKey } from "./list-sessions.ts";

/** Signs one of the person's sessions out (Better Auth finds it by its token). */
export const revokeSession = (token: string) =>
  apiFetch<{ status: boolean }>("/api/auth/revoke-session", { method: "POST", json: { token } });

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
