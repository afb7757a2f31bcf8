import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminUser } from "#shared/contracts/admin.ts";
import type { Role } from "#shared/contracts/auth.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const changeRole = ({ id, role }: { id: string; role: Role }) =>
  apiFetch(`/api/admin/users/${encodeURIComponent(id)}/role`, {
    method: "PUT",
    json: { role },
    schema: adminUser,
  });

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
