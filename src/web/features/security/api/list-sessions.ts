import { queryOptions, useQuery } from "@tanstack/react-query";
import { activeSessionsResponse } from "#shared/contracts/sessions.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * The person's active sessions, this browser's first (`current`), then by latest activity. Each is
 * named by its id: the server never sends a session's token to the page.
 */
export const listSessions = () => apiFetch("/api/account/sessions", { schema: activeSessionsResponse });

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.sessions, queryFn: listSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
