import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { refreshSession } from "#web/lib/session.ts";

/** Better Auth's change-password; the other sessions always end (the server insists on it). */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  apiSend("/api/auth/change-password", {
    method: "POST",
    json: { ...body, revokeOtherSessions: true },
  });

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      // This browser got a new session cookie; the list now holds only it.
      void refreshSession();
      void qc.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}
