// The analytics range lives in the address next to ?section=analytics (&range=7|30|90), so a
// reload, a shared link or Back to the section keeps it (the project, &project=, is
// src/web/lib/project-param.ts). Switching ranges replaces the history
// entry: a range is a view of the same place, not a new one.
import { useCallback } from "react";
import { DEFAULT_ANALYTICS_RANGE } from "#shared/contracts/tasks.ts";
import { type AnalyticsRange, isAnalyticsRange } from "#shared/domain/metrics.ts";
import { useSearchParamsEditor } from "#web/lib/use-search-params-editor.ts";

export function useAnalyticsRange(): [AnalyticsRange, (range: AnalyticsRange) => void] {
  const [params, edit] = useSearchParamsEditor();
  const asked = Number(params.get("range"));
  // Anything else in the address (a typo, an old link) shows the default rather than an error.
  const range = isAnalyticsRange(asked) ? asked : DEFAULT_ANALYTICS_RANGE;

  const setRange = useCallback(
    (next: AnalyticsRange) => {
      edit((updated) => updated.set("range", String(next)));
    },
    [edit],
  );

  return [range, setRange];
}
