import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuthSession } from "#shared/contracts/security.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export const sessionsQueryKey = ["auth-sessions"] as const;

export type SessionList = { sessions: AuthSession[]; currentId: string | null };

/** The person's active sessions (newest activity first) and which one is this browser's. */
export async function listSessions(): Promise<SessionList> {
  const [sessions, current] = await Promise.all([
    apiFetch<AuthSession[]>("/api/auth/list-sessions"),
    apiFetch<{ session: { id: string } } | null>("/api/auth/get-session"),
  ]);
  const currentId = current?.session.id ?? null;
  const sorted = [...sessions].sort((a, b) => {
    if (a.id === currentId) return -1;
    if (b.id === currentId) return 1;
    return Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  });
  return { sessions: sorted, currentId };
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
