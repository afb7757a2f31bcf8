// The task list, virtualised against the window's scroll: only the rows on screen (plus a few) are in
// the DOM, so thousands of tasks scroll smoothly. The next page loads as the end comes into view.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useNow } from "../hooks/use-now.ts";
import { TaskRow, type TaskRowActions } from "./task-row.tsx";

const ESTIMATED_ROW_PX = 76;
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
}: {
  tasks: TaskDto[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
  busyIds: ReadonlySet<string>;
  actions: TaskRowActions;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const now = useNow(60_000);

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

  const showLoaderRow = hasNextPage || nextPageFailed;
  const count = tasks.length + (showLoaderRow ? 1 : 0);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 8,
    scrollMargin,
    getItemKey: (i) => tasks[i]?.id ?? "more",
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !nextPageFailed && lastIndex >= tasks.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [lastIndex, tasks.length, hasNextPage, isFetchingNextPage, nextPageFailed, fetchNextPage]);

  return (
    <div className="overflow-hidden rounded-lg border border-border bg-background">
      <ul
        ref={listRef}
        aria-label="Tasks"
        className="relative -mb-px w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const task = tasks[item.index];
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={task ? total : undefined}
              aria-posinset={task ? item.index + 1 : undefined}
              className="absolute left-0 top-0 w-full"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              {task ? (
                <TaskRow task={task} timerBusy={busyIds.has(task.id)} now={now} actions={actions} />
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
