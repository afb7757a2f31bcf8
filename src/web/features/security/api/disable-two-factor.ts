import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { refreshSession } from "#web/lib/session.ts";

/** Turns two-factor off after the password confirms it; the factor and its backup codes are removed. */
export const disableTwoFactor = (password: string) =>
  apiSend("/api/auth/two-factor/disable", { method: "POST", json: { password } });

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await refreshSession();
      void qc.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}
