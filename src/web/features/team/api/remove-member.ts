import { useMutation, useQueryClient } from "@tanstack/react-query";
import { teamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const removeMember = (memberId: string) =>
  apiFetch(`/api/team/members/${encodeURIComponent(memberId)}`, { schema: teamResponse, method: "DELETE" });

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (team) => qc.setQueryData(queryKeys.team.all, team),
  });
}
