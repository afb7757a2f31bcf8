import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminUser } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const unbanUser = (id: string) =>
  apiFetch(`/api/admin/users/${encodeURIComponent(id)}/unban`, {
    method: "POST",
    json: {},
    schema: adminUser,
  });

export function useUnbanUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
