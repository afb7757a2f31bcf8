import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { subscriptionQueryKey, subscriptionQueryOptions } from "../../../lib/subscription.ts";
import { teamQueryKey } from "./get-team.ts";

export const acceptInvitation = (id: string) =>
  apiFetch<TeamResponse>(`/api/team/invitations/${encodeURIComponent(id)}/accept`, { method: "POST" });

/** Joins the team, then reloads the plan (now Team) before anyone reads it for the access gate. */
export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (team) => {
      qc.setQueryData(teamQueryKey, team);
      await qc.invalidateQueries({ queryKey: subscriptionQueryKey });
      await qc.fetchQuery(subscriptionQueryOptions());
    },
  });
}
