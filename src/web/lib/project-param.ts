// The project a page is narrowed to lives in the address (?project=<id>), so a reload, a shared link
// or Back keeps it; choosing replaces the history entry (a filter is a view of the same place).
import { type ReactNode, useCallback } from "react";
import { useSearchParamsEditor } from "./use-search-params-editor.ts";

/** The chosen project's id (null: all projects) and its setter. */
export function useProjectParam(): [string | null, (projectId: string | null) => void] {
  const [params, edit] = useSearchParamsEditor();
  const projectId = params.get("project") || null;
  const setProject = useCallback(
    (next: string | null) => {
      edit((updated) => {
        if (next) updated.set("project", next);
        else updated.delete("project");
      });
    },
    [edit],
  );
  return [projectId, setProject];
}

/** The picker of the project a page is narrowed to; the route brings it (features meet there). */
export type ProjectFilterSlot = (props: {
  value: string | null;
  onChange: (projectId: string | null) => void;
}) => ReactNode;
