import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { teamQueryKey } from "./get-team.ts";

export const revokeInvitation = (id: string) =>
  apiFetch<TeamResponse>(`/api/team/invitations/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (team) => qc.setQueryData(teamQueryKey, team),
  });
}
