import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const revokeInvitation = (id: string) =>
  apiFetch<TeamResponse>(`/api/team/invitations/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (team) => qc.setQueryData(queryKeys.team.all, team),
  });
}
