import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meDto, type ProfileUpdateBody } from "#shared/contracts/auth.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { refreshSession } from "#web/lib/session.ts";

export const updateProfile = (body: ProfileUpdateBody) =>
  apiFetch("/api/profile", { schema: meDto, method: "PATCH", json: body });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      qc.setQueryData(queryKeys.me, me);
      void refreshSession();
    },
  });
}
