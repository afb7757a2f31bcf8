// The list's filters live in the address next to ?section=tasks, so a reload, a shared link or Back
// keeps them. Changes replace the history entry (a filter is not a place) and keep the scroll, and
// two made in quick succession both stand (lib/use-search-params-editor.ts).
import { useCallback, useMemo } from "react";
import { DUE_FILTERS } from "#shared/contracts/tasks.ts";
import { isTaskCategory, isTaskStatus } from "#shared/domain/tasks.ts";
import { useSearchParamsEditor } from "#web/lib/use-search-params-editor.ts";
import type { DueFilter, TaskFilters } from "../api/list-tasks.ts";

const KEYS = ["category", "status", "due", "q"] as const satisfies readonly (keyof TaskFilters)[];

const isDue = (v: unknown): v is DueFilter => (DUE_FILTERS as readonly unknown[]).includes(v);

export function useTaskFilters() {
  const [params, edit] = useSearchParamsEditor();
  const category = params.get("category");
  const status = params.get("status");
  const due = params.get("due");
  const q = params.get("q") ?? "";

  const filters = useMemo<TaskFilters>(
    () => ({
      category: isTaskCategory(category) ? category : undefined,
      status: isTaskStatus(status) ? status : undefined,
      due: isDue(due) ? due : undefined,
      q: q.trim() || undefined,
    }),
    [category, status, due, q],
  );

  const setFilter = useCallback(
    <K extends keyof TaskFilters>(key: K, value: TaskFilters[K] | "") => {
      edit((next) => {
        if (value) next.set(key, value);
        else next.delete(key);
      });
    },
    [edit],
  );

  const clearFilters = useCallback(() => {
    edit((next) => {
      // The project picker's ?project= (the list's fifth filter, lib/project-param.ts) goes too.
      for (const k of [...KEYS, "project"]) next.delete(k);
    });
  }, [edit]);

  const active = KEYS.some((k) => filters[k] !== undefined);
  return { filters, setFilter, clearFilters, active };
}
