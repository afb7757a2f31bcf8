// The dashboard's Tasks section (/dashboard?section=tasks): header with New Task, filters and search,
// and the virtualised list with its loading, empty, no-match and error states.
import { Layers, ListChecks, Plus, SearchX } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { staleTaskMessage } from "#shared/contracts/tasks.ts";
import { openSubtaskCount } from "#shared/domain/subtasks.ts";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { notifyError, toast } from "#web/lib/notify.ts";
import { usePreferences } from "#web/lib/preferences.ts";
import { type ProjectFilterSlot, useProjectParam } from "#web/lib/project-param.ts";
import { useSession } from "#web/lib/session.ts";
import { useSearchParamsEditor } from "#web/lib/use-search-params-editor.ts";
import { useFinishOccurrence } from "../api/finish-occurrence.ts";
import { useTasks } from "../api/list-tasks.ts";
import { useSetTaskGrouping } from "../api/set-task-grouping.ts";
import { taskConflictOf, useUpdateTask } from "../api/update-task.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";
import { useTaskFilters } from "../hooks/use-task-filters.ts";
import { useTaskTimer } from "../hooks/use-task-timer.ts";
import { nextDateWords } from "../lib/repeat-words.ts";
import { AssigneeNames } from "./assignee-names.ts";
import { CompleteWithSubtasksDialog } from "./complete-with-subtasks-dialog.tsx";
import { DeleteTaskDialog } from "./delete-task-dialog.tsx";
import { TaskFormDialog } from "./lazy-task-form-dialog.tsx";
import { QueuedTasks } from "./queued-tasks.tsx";
import { conflictAuthor } from "./task-conflict-notice.tsx";
import { TaskFilters } from "./task-filters.tsx";
import type { OnUpgrade, TaskDetails } from "./task-form-dialog.tsx";
import { TaskList } from "./task-list.tsx";
import { TaskListSkeleton } from "./task-list-skeleton.tsx";
import type { TaskRowActions } from "./task-row.tsx";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * Which tasks a page lists beyond the filters (issue 23): one project's (the project view), or those
 * assigned to the person ("Assigned to me"), with the page's own heading and the assignees' names.
 */
export type TasksScope = {
  projectId?: string;
  assignee?: "me";
  title: string;
  subtitle: string;
  /** Names for the assignees shown on the cards (user id -> name). */
  people?: ReadonlyMap<string, string>;
  /** False: nothing can be added here (an archived project, a viewer). */
  canCreate?: boolean;
  emptyTitle?: string;
  emptyText?: string;
  /** Under another page heading (the project's): a section heading instead of the page's. */
  asSection?: boolean;
};

/**
 * `onUpgrade` opens the upgrade dialog when the plan refuses a new task, and `details` shows what
 * other features add under a task's edit form (its comments and history); both from the route.
 */
export function TasksSection({
  onUpgrade,
  details,
  scope,
  projectFilter,
}: {
  onUpgrade?: OnUpgrade;
  details?: TaskDetails;
  scope?: TasksScope;
  /** The project picker of the whole list (absent on a project's own page, which is one project). */
  projectFilter?: ProjectFilterSlot;
} = {}) {
  const { filters: urlFilters, setFilter, clearFilters, active: urlActive } = useTaskFilters();
  const [projectParam, setProjectParam] = useProjectParam();
  const pickedProject = projectFilter && !scope?.projectId ? projectParam : null;
  const active = urlActive || pickedProject !== null;
  const filters = useMemo(
    () => ({
      ...urlFilters,
      projectId: scope?.projectId ?? pickedProject ?? undefined,
      assignee: scope?.assignee,
    }),
    [urlFilters, scope?.projectId, pickedProject, scope?.assignee],
  );
  const canCreate = scope?.canCreate ?? true;
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
  const { mutateAsync: finishOccurrence } = useFinishOccurrence();
  const { startTimer, stopTimer, busyIds } = useTaskTimer();
  const [form, setForm] = useState<{ open: boolean; task: TaskDto | null }>({ open: false, task: null });
  const [deleting, setDeleting] = useState<TaskDto | null>(null);
  const [confirming, setConfirming] = useState<{
    task: TaskDto;
    resolve: (complete: boolean) => void;
  } | null>(null);

  const openNew = useCallback(() => setForm({ open: true, task: null }), []);

  const actions = useMemo<TaskRowActions>(
    () => ({
      onToggle: async (task, completed) => {
        // A repeating task: its open occurrence is done and the next one opens (its subtasks
        // reopen with it, so nothing to ask); the toast says when the next one is.
        if (completed && task.recurrence && !task.completed) {
          try {
            const answer = await finishOccurrence({ task, outcome: "complete" });
            toast.success(
              answer.next
                ? `Next: ${nextDateWords(answer.next, task.recurrence.timeZone)}`
                : "Done: that was the last one",
            );
          } catch (error) {
            notifyError(error, { title: "The task could not be completed" });
          }
          return;
        }
        // Open subtasks: ask first (the box stays ticked while the question is open).
        if (completed && openSubtaskCount(task) > 0) {
          const confirmed = await new Promise<boolean>((resolve) => setConfirming({ task, resolve }));
          setConfirming(null);
          if (!confirmed) return;
        }
        try {
          await updateTask({ id: task.id, body: { completed, version: task.version } });
        } catch (error) {
          const conflict = taskConflictOf(error);
          if (conflict) {
            // Someone else changed it first: say who, and offer to apply this change again.
            toast.warning(staleTaskMessage(conflictAuthor(conflict)), {
              action: {
                label: "Apply my change again",
                onClick: () =>
                  void updateTask({ id: task.id, body: { completed, version: conflict.task.version } }).catch(
                    (e) => notifyError(e, { title: "The task could not be saved" }),
                  ),
              },
            });
            return;
          }
          notifyError(error, {
            title: completed ? "The task could not be completed" : "The task could not be reopened",
          });
        }
      },
      onSkip: async (task) => {
        try {
          const answer = await finishOccurrence({ task, outcome: "skip" });
          toast.success(
            answer.next
              ? `Skipped. Next: ${nextDateWords(answer.next, task.recurrence?.timeZone ?? "UTC")}`
              : "Skipped: that was the last one",
          );
        } catch (error) {
          notifyError(error, { title: "The occurrence could not be skipped" });
        }
      },
      onEdit: (task) => setForm({ open: true, task }),
      onDelete: setDeleting,
      onStartTimer: startTimer,
      onStopTimer: stopTimer,
    }),
    [updateTask, finishOccurrence, startTimer, stopTimer],
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
  const me = useSession().user?.id;
  const people = useMemo(() => {
    const names = new Map(scope?.people ?? []);
    if (me) names.set(me, "you");
    return names;
  }, [scope?.people, me]);

  // A notification's link (a mention, decision 168) names a task: its edit view opens once the task
  // is on the list, and the address forgets it so closing the dialog does not reopen it.
  const [params, editParams] = useSearchParamsEditor();
  const linkedTask = params.get("task");
  useEffect(() => {
    if (!linkedTask) return;
    const found = tasks.find((t) => t.id === linkedTask);
    if (!found && !query.isSuccess) return;
    if (found) setForm({ open: true, task: found });
    editParams((next) => next.delete("task"));
  }, [linkedTask, tasks, query.isSuccess, editParams]);

  const clearAll = () => {
    setSearch("");
    clearFilters();
  };

  let body: ReactNode;
  if (query.isPending) {
    body = <TaskListSkeleton />;
  } else if (query.isError && !query.data) {
    // The same card as a section boundary's, kept inside the section so the filters stay usable.
    body = <LoadError what="Your tasks" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (tasks.length === 0 && !active) {
    body = (
      <EmptyState
        icon={ListChecks}
        title={scope?.emptyTitle ?? "No tasks yet"}
        action={
          canCreate ? (
            <Button onClick={openNew}>
              <Plus aria-hidden="true" />
              New Task
            </Button>
          ) : undefined
        }
      >
        {scope?.emptyText ??
          "Add what is on your plate. Kairo orders it by priority and deadline, and tracks the time you spend."}
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

  const newTaskButton = canCreate ? (
    <Button onClick={openNew}>
      <Plus aria-hidden="true" />
      New Task
    </Button>
  ) : undefined;

  const updating =
    query.isPlaceholderData || (query.isFetching && !query.isFetchingNextPage && !query.isPending);

  return (
    <>
      {scope?.asSection ? (
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{scope.title}</h2>
            <p className="text-sm text-muted">{scope.subtitle}</p>
          </div>
          {newTaskButton}
        </div>
      ) : (
        <PageHeader
          title={scope?.title ?? "Tasks"}
          subtitle={scope?.subtitle ?? "Ordered by priority, then the nearest deadline."}
          actions={newTaskButton}
        />
      )}
      <TaskFilters
        filters={filters}
        search={search}
        onSearchChange={setSearch}
        onFilterChange={setFilter}
        onClear={clearAll}
        active={active || search !== ""}
        project={
          projectFilter && !scope?.projectId
            ? projectFilter({ value: pickedProject, onChange: setProjectParam })
            : undefined
        }
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
      {scope?.assignee !== "me" && <QueuedTasks projectId={scope?.projectId} />}
      <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <AssigneeNames.Provider value={people}>{body}</AssigneeNames.Provider>
      </div>
      <TaskFormDialog
        projectId={scope?.projectId}
        open={form.open}
        task={form.task}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        onUpgrade={onUpgrade}
        details={details}
      />
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
      <CompleteWithSubtasksDialog
        task={confirming?.task ?? null}
        onAnswer={(complete) => confirming?.resolve(complete)}
      />
    </>
  );
}

function countText(total: number, filtered: boolean) {
  const tasks = total === 1 ? "1 task" : `${total} tasks`;
  if (!filtered) return tasks;
  return total === 1 ? `${tasks} matches` : `${tasks} match`;
}
