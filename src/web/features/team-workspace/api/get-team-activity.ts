import { queryOptions, useQuery } from "@tanstack/react-query";
import { teamActivityResponse } from "#shared/contracts/team-workspace.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The team's last 10 activity events, newest first (the socket keeps them current afterwards). */
export const getTeamActivity = () => apiFetch("/api/team/activity", { schema: teamActivityResponse });

export const teamActivityQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.team.activity, queryFn: getTeamActivity });

export const useTeamActivity = () => useQuery(teamActivityQueryOptions());
