// The dashboard's Tasks section (/dashboard?section=tasks): header with New Task, filters and search,
// and the virtualised list with its loading, empty, no-match and error states.
import { Layers, ListChecks, Plus, SearchX } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { PageHeader } from "../../../components/layout/page-header.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { notifyError } from "../../../lib/notify.ts";
import { usePreferences } from "../../../lib/preferences.ts";
import { useTasks } from "../api/list-tasks.ts";
import { useSetTaskGrouping } from "../api/set-task-grouping.ts";
import { useUpdateTask } from "../api/update-task.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";
import { useTaskFilters } from "../hooks/use-task-filters.ts";
import { useTaskTimer } from "../hooks/use-task-timer.ts";
import { DeleteTaskDialog } from "./delete-task-dialog.tsx";
import { TaskFormDialog } from "./lazy-task-form-dialog.tsx";
import { TaskFilters } from "./task-filters.tsx";
import type { OnUpgrade } from "./task-form-dialog.tsx";
import { TaskList } from "./task-list.tsx";
import { TaskListSkeleton } from "./task-list-skeleton.tsx";
import type { TaskRowActions } from "./task-row.tsx";

const SEARCH_DEBOUNCE_MS = 250;

/** `onUpgrade` opens the upgrade dialog when the plan refuses a new task (from the route). */
export function TasksSection({ onUpgrade }: { onUpgrade?: OnUpgrade } = {}) {
  const { filters, setFilter, clearFilters, active } = useTaskFilters();
  const [search, setSearch] = useState(filters.q ?? "");
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The box and the address follow each other: typing reaches the address after a pause, and an
  // address change from elsewhere (a nav link, Clear filters) resets the box.
  const lastQ = useRef(filters.q ?? "");
  useEffect(() => {
    const q = filters.q ?? "";
    if (q !== lastQ.current) {
      lastQ.current = q;
      setSearch(q);
    }
  }, [filters.q]);
  const pushSearch = useEffectEvent((text: string) => {
    if (text === lastQ.current) return;
    lastQ.current = text;
    setFilter("q", text);
  });
  useEffect(() => pushSearch(debouncedSearch.trim()), [debouncedSearch]);

  const query = useTasks(filters);
  const grouping = usePreferences().data?.taskGrouping ?? "none";
  const setGrouping = useSetTaskGrouping();
  const grouped = grouping === "category";
  const { mutateAsync: updateTask } = useUpdateTask();
  const { startTimer, stopTimer, busyIds } = useTaskTimer();
  const [form, setForm] = useState<{ open: boolean; task: TaskDto | null }>({ open: false, task: null });
  const [deleting, setDeleting] = useState<TaskDto | null>(null);

  const openNew = useCallback(() => setForm({ open: true, task: null }), []);

  const actions = useMemo<TaskRowActions>(
    () => ({
      onToggle: async (task, completed) => {
        try {
          await updateTask({ id: task.id, body: { completed } });
        } catch (error) {
          notifyError(error, {
            title: completed ? "The task could not be completed" : "The task could not be reopened",
          });
        }
      },
      onEdit: (task) => setForm({ open: true, task }),
      onDelete: setDeleting,
      onStartTimer: startTimer,
      onStopTimer: stopTimer,
    }),
    [updateTask, startTimer, stopTimer],
  );

  // Pages can overlap when the order shifts between two page loads; each task is shown once.
  const tasks = useMemo(() => {
    const seen = new Set<string>();
    const out: TaskDto[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const t of page.tasks) {
        if (!seen.has(t.id)) {
          seen.add(t.id);
          out.push(t);
        }
      }
    }
    return out;
  }, [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;

  const clearAll = () => {
    setSearch("");
    clearFilters();
  };

  let body: ReactNode;
  if (query.isPending) {
    body = <TaskListSkeleton />;
  } else if (query.isError && !query.data) {
    body = (
      <Alert tone="error">
        <p className="font-medium">Your tasks could not be loaded.</p>
        <p className="mt-0.5">Check your connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  } else if (tasks.length === 0 && !active) {
    body = (
      <EmptyState
        icon={ListChecks}
        title="No tasks yet"
        action={
          <Button onClick={openNew}>
            <Plus aria-hidden="true" />
            New Task
          </Button>
        }
      >
        Add what is on your plate. Kairo orders it by priority and deadline, and tracks the time you spend.
      </EmptyState>
    );
  } else if (tasks.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No matching tasks"
        action={
          <Button variant="outline" onClick={clearAll}>
            Clear filters
          </Button>
        }
      >
        Nothing matches these filters{filters.q ? ` and the search "${filters.q}"` : ""}. Try fewer filters.
      </EmptyState>
    );
  } else {
    body = (
      <TaskList
        tasks={tasks}
        total={total}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        nextPageFailed={query.isFetchNextPageError}
        fetchNextPage={() => void query.fetchNextPage()}
        busyIds={busyIds}
        actions={actions}
        groupByCategory={grouped}
      />
    );
  }

  const updating =
    query.isPlaceholderData || (query.isFetching && !query.isFetchingNextPage && !query.isPending);

  return (
    <>
      <PageHeader
        title="Tasks"
        subtitle="Ordered by priority, then the nearest deadline."
        actions={
          <Button onClick={openNew}>
            <Plus aria-hidden="true" />
            New Task
          </Button>
        }
      />
      <TaskFilters
        filters={filters}
        search={search}
        onSearchChange={setSearch}
        onFilterChange={setFilter}
        onClear={clearAll}
        active={active || search !== ""}
      />
      {!query.isPending && !(query.isError && !query.data) && (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted">
            {countText(total, active)}
            {updating && <span className="text-xs">Updating...</span>}
          </p>
          {tasks.length > 0 && (
            <Button
              size="sm"
              variant={grouped ? "secondary" : "outline"}
              aria-pressed={grouped}
              onClick={() => setGrouping.mutate(grouped ? "none" : "category")}
            >
              <Layers aria-hidden="true" />
              Group by category
            </Button>
          )}
        </div>
      )}
      <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>{body}</div>
      <TaskFormDialog
        open={form.open}
        task={form.task}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        onUpgrade={onUpgrade}
      />
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function countText(total: number, filtered: boolean) {
  const tasks = total === 1 ? "1 task" : `${total} tasks`;
  if (!filtered) return tasks;
  return total === 1 ? `${tasks} matches` : `${tasks} match`;
}
