import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamActivityResponse } from "#shared/contracts/team-workspace.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The team's last 10 activity events, newest first (the socket keeps them current afterwards). */
export const getTeamActivity = () => apiFetch<TeamActivityResponse>("/api/team/activity");

export const teamActivityQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.team.activity, queryFn: getTeamActivity });

export const useTeamActivity = () => useQuery(teamActivityQueryOptions());
