// Several controls write to one address (the task list's filters, the project picker, the analytics
// range). React Router's functional setSearchParams hands the updater the params of the last
// render, and a change of the address waits for the route's loaders before it renders: two changes
// made in that time (Category cleared, then Due chosen) would each start from the old address and
// the second would undo the first. Every change here starts from the address the last change asked
// for while that navigation is still under way, and from the rendered one once it has settled.
import { useCallback, useEffect } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";

/** The address the last change asked for, until its navigation settles; one router, one address. */
let asked: { pathname: string; search: string } | null = null;

export type SearchParamsEdit = (change: (next: URLSearchParams) => void) => void;

/** The page's search params and an editor that replaces the history entry and keeps the scroll. */
export function useSearchParamsEditor(): [URLSearchParams, SearchParamsEdit] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const settled = useNavigation().state === "idle";
  const current = params.toString();
  // Once the address shows what was asked, or a navigation settled on something else (Back, a
  // link), changes start from the address as rendered.
  useEffect(() => {
    if (settled || asked?.search === current) asked = null;
  }, [settled, current]);

  const edit = useCallback<SearchParamsEdit>(
    (change) => {
      const base = asked?.pathname === pathname ? asked.search : current;
      const next = new URLSearchParams(base);
      change(next);
      asked = { pathname, search: next.toString() };
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [pathname, current, setParams],
  );
  return [params, edit];
}
