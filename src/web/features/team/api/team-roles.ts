// Team roles (issue 23): PATCH /api/team/members/:memberId changes a member's role (owners and
// admins; only an owner makes owners), GET /api/team/role-changes lists the audit of those changes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { roleChangesResponse, type TeamRole } from "#shared/contracts/projects.ts";
import { teamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: TeamRole }) =>
      apiFetch(`/api/team/members/${encodeURIComponent(memberId)}`, {
        method: "PATCH",
        json: { role },
        schema: teamResponse,
      }),
    onSuccess: (team) => {
      qc.setQueryData(queryKeys.team.all, team);
      void qc.invalidateQueries({ queryKey: queryKeys.team.roleChanges });
    },
  });
}

export const useRoleChanges = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.team.roleChanges,
    queryFn: ({ signal }) => apiFetch("/api/team/role-changes", { signal, schema: roleChangesResponse }),
    select: (r) => r.changes,
    enabled,
  });
