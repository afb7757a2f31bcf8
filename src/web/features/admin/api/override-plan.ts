import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminUser, type PlanOverrideBody } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const overridePlan = ({ id, body }: { id: string; body: PlanOverrideBody }) =>
  apiFetch(`/api/admin/users/${encodeURIComponent(id)}/plan`, {
    method: "PUT",
    json: body,
    schema: adminUser,
  });

export function useOverridePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: overridePlan,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
