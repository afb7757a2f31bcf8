import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { refreshSession } from "#web/lib/session.ts";

/** Confirms the enrolment with a code from the authenticator app; two-factor is on afterwards. */
export const verifyTwoFactor = (code: string) =>
  apiSend("/api/auth/two-factor/verify-totp", { method: "POST", json: { code } });

export function useVerifyTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: async () => {
      // Better Auth swapped this browser's session for one that knows two-factor is on.
      await refreshSession();
      void qc.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}
