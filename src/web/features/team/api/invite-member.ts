import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InviteMemberBody, TeamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { teamQueryKey } from "./get-team.ts";

export const inviteMember = (body: InviteMemberBody) =>
  apiFetch<TeamResponse>("/api/team/invitations", { method: "POST", json: body });

export function useInviteMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (team) => qc.setQueryData(teamQueryKey, team),
  });
}
