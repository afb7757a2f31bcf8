import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { teamQueryKey } from "./get-team.ts";

export const removeMember = (memberId: string) =>
  apiFetch<TeamResponse>(`/api/team/members/${encodeURIComponent(memberId)}`, { method: "DELETE" });

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (team) => qc.setQueryData(teamQueryKey, team),
  });
}
