import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ActiveSessionsResponse } from "#shared/contracts/sessions.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export const sessionsQueryKey = ["account-sessions"] as const;

/**
 * The person's active sessions, this browser's first (`current`), then by latest activity. Each is
 * named by its id: the server never sends a session's token to the page.
 */
export const listSessions = () => apiFetch<ActiveSessionsResponse>("/api/account/sessions");

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
