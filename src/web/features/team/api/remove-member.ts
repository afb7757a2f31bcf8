import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const removeMember = (memberId: string) =>
  apiFetch<TeamResponse>(`/api/team/members/${encodeURIComponent(memberId)}`, { method: "DELETE" });

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (team) => qc.setQueryData(queryKeys.team.all, team),
  });
}
