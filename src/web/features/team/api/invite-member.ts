import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type InviteMemberBody, teamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const inviteMember = (body: InviteMemberBody) =>
  apiFetch("/api/team/invitations", { schema: teamResponse, method: "POST", json: body });

export function useInviteMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (team) => qc.setQueryData(queryKeys.team.all, team),
  });
}
