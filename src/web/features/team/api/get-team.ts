import { queryOptions, useQuery } from "@tanstack/react-query";
import { teamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The person's team (owner or member) with its seats, members and pending invitations. */
export const getTeam = () => apiFetch("/api/team", { schema: teamResponse });

export const teamQueryOptions = () => queryOptions({ queryKey: queryKeys.team.all, queryFn: getTeam });

export const useTeam = (enabled = true) => useQuery({ ...teamQueryOptions(), enabled });
