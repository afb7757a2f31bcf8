// The task list, virtualised against the window's scroll: only the rows on screen (plus a few) are in
// the DOM, so thousands of tasks scroll smoothly. The next page loads as the end comes into view.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { TASK_CATEGORIES } from "#shared/domain/tasks.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useDeadlinesAtRisk } from "../api/get-deadlines-at-risk.ts";
import { useNow } from "../hooks/use-now.ts";
import { TaskRow, type TaskRowActions } from "./task-row.tsx";

const ESTIMATED_ROW_PX = 76;
const ESTIMATED_HEADING_PX = 40;

type Row =
  | { kind: "task"; task: TaskDto; position: number }
  | { kind: "heading"; category: string; count: number };

/**
 * The rows to show: the tasks in the server's order, or, grouped by category, a heading per category
 * (in the app's category order, then any other) over its tasks in the server's order.
 */
export function listRows(tasks: readonly TaskDto[], groupByCategory: boolean): Row[] {
  if (!groupByCategory) return tasks.map((task, i) => ({ kind: "task", task, position: i + 1 }));
  const groups = new Map<string, TaskDto[]>();
  for (const t of tasks) groups.set(t.category, [...(groups.get(t.category) ?? []), t]);
  const order = (c: string) => {
    const i = (TASK_CATEGORIES as readonly string[]).indexOf(c);
    return i === -1 ? TASK_CATEGORIES.length : i;
  };
  const rows: Row[] = [];
  let position = 0;
  for (const category of [...groups.keys()].sort((a, b) => order(a) - order(b) || a.localeCompare(b))) {
    const group = groups.get(category) ?? [];
    rows.push({ kind: "heading", category, count: group.length });
    for (const task of group) rows.push({ kind: "task", task, position: ++position });
  }
  return rows;
}
/** Start loading the next page when this many rows are left below the visible ones. */
const PREFETCH_ROWS = 25;

export function TaskList({
  tasks,
  total,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
  busyIds,
  actions,
  groupByCategory = false,
}: {
  tasks: TaskDto[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
  busyIds: ReadonlySet<string>;
  actions: TaskRowActions;
  /** Headings per category over their tasks (the "batch similar tasks" recommendation). */
  groupByCategory?: boolean;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const now = useNow(60_000);
  const atRisk = useDeadlinesAtRisk();

  // The list's distance from the top of the page, which moves when anything above it changes height.
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (!el) return;
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((m) => (m === top ? m : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);

  const rows = useMemo(() => listRows(tasks, groupByCategory), [tasks, groupByCategory]);
  const showLoaderRow = hasNextPage || nextPageFailed;
  const count = rows.length + (showLoaderRow ? 1 : 0);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: (i) => (rows[i]?.kind === "heading" ? ESTIMATED_HEADING_PX : ESTIMATED_ROW_PX),
    overscan: 8,
    scrollMargin,
    getItemKey: (i) => {
      const row = rows[i];
      if (!row) return "more";
      return row.kind === "task" ? row.task.id : `heading:${row.category}`;
    },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !nextPageFailed && lastIndex >= rows.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, nextPageFailed, fetchNextPage]);

  return (
    <div className="overflow-hidden rounded-lg border border-border bg-background">
      <ul
        ref={listRef}
        aria-label="Tasks"
        className="relative -mb-px w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          const task = row?.kind === "task" ? row.task : undefined;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={task ? total : undefined}
              aria-posinset={row?.kind === "task" ? row.position : undefined}
              className="absolute left-0 top-0 w-full"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              {row?.kind === "heading" ? (
                <h3 className="border-b border-border bg-surface-2 px-4 py-2 text-sm font-semibold">
                  {row.category} <span className="font-normal text-muted">({row.count})</span>
                </h3>
              ) : task ? (
                <TaskRow
                  task={task}
                  timerBusy={busyIds.has(task.id)}
                  now={now}
                  actions={actions}
                  atRisk={atRisk.get(task.id) ?? null}
                />
              ) : nextPageFailed ? (
                <div className="flex items-center justify-center gap-3 px-4 py-4 text-sm">
                  <span className="text-danger">More tasks could not be loaded.</span>
                  <Button variant="outline" size="sm" onClick={fetchNextPage}>
                    Try again
                  </Button>
                </div>
              ) : (
                <Spinner className="py-5" label="Loading more tasks..." visibleLabel />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
