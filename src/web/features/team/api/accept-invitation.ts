import { useMutation, useQueryClient } from "@tanstack/react-query";
import { teamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { subscriptionQueryOptions } from "#web/lib/subscription.ts";

export const acceptInvitation = (id: string) =>
  apiFetch(`/api/team/invitations/${encodeURIComponent(id)}/accept`, {
    schema: teamResponse,
    method: "POST",
  });

/** Joins the team, then reloads the plan (now Team) before anyone reads it for the access gate. */
export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (team) => {
      qc.setQueryData(queryKeys.team.all, team);
      await qc.invalidateQueries({ queryKey: queryKeys.subscription });
      await qc.fetchQuery(subscriptionQueryOptions());
    },
  });
}
