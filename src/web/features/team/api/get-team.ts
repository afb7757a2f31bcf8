import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export const teamQueryKey = ["team"] as const;

/** The person's team (owner or member) with its seats, members and pending invitations. */
export const getTeam = () => apiFetch<TeamResponse>("/api/team");

export const teamQueryOptions = () => queryOptions({ queryKey: teamQueryKey, queryFn: getTeam });

export const useTeam = () => useQuery(teamQueryOptions());
