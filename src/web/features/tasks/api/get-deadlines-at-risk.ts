import { queryOptions, useQuery } from "@tanstack/react-query";
import { atRiskResponse } from "#shared/contracts/planner.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Deadlines this week that the planner says are at risk, as things stand (nothing is stored). */
export const deadlinesAtRiskQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.planner.atRisk,
    queryFn: () =>
      apiFetch(
        `/api/planner/at-risk?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC")}`,
        { schema: atRiskResponse },
      ),
    staleTime: 60_000,
  });

/**
 * Task id → why its deadline is at risk (a failed load flags nothing; the list still works). A
 * repeating task may have several occurrences at risk: its row tells the first one listed.
 */
export function useDeadlinesAtRisk(): ReadonlyMap<string, string> {
  const q = useQuery(deadlinesAtRiskQueryOptions());
  const out = new Map<string, string>();
  for (const t of q.data?.tasks ?? [])
    if (!out.has(t.taskId))
      out.set(t.taskId, t.suggestion ? `${t.reason}; to meet it: ${t.suggestion}` : t.reason);
  return out;
}
