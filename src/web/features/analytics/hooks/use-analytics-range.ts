// The analytics range lives in the address next to ?section=analytics (&range=7|30|90), so a
// reload, a shared link or Back to the section keeps it (the project, &project=, is
// src/web/lib/project-param.ts). Switching ranges replaces the history
// entry: a range is a view of the same place, not a new one.
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_ANALYTICS_RANGE } from "#shared/contracts/tasks.ts";
import { type AnalyticsRange, isAnalyticsRange } from "#shared/domain/metrics.ts";

export function useAnalyticsRange(): [AnalyticsRange, (range: AnalyticsRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("range"));
  // Anything else in the address (a typo, an old link) shows the default rather than an error.
  const range = isAnalyticsRange(asked) ? asked : DEFAULT_ANALYTICS_RANGE;

  const setRange = useCallback(
    (next: AnalyticsRange) => {
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          updated.set("range", String(next));
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return [range, setRange];
}
