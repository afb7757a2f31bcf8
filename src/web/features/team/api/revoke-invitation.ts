import { useMutation, useQueryClient } from "@tanstack/react-query";
import { teamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const revokeInvitation = (id: string) =>
  apiFetch(`/api/team/invitations/${encodeURIComponent(id)}`, { schema: teamResponse, method: "DELETE" });

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (team) => qc.setQueryData(queryKeys.team.all, team),
  });
}
