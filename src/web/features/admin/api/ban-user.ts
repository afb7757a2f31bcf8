import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminUser } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Bars the person from signing in and ends their sessions. */
export const banUser = ({ id, reason }: { id: string; reason?: string }) =>
  apiFetch(`/api/admin/users/${encodeURIComponent(id)}/ban`, {
    method: "POST",
    json: reason ? { reason } : {},
    schema: adminUser,
  });

export function useBanUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
