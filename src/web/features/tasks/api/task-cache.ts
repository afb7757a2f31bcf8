// The tasks' slice of the query cache (keys in lib/query-keys.ts): the invalidation every task change
// needs, and the in-place patching that makes a change visible before the refetch arrives.
import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import type { TaskDto, TaskListResponse } from "#shared/contracts/tasks.ts";
import { invalidate, queryKeys } from "#web/lib/query-keys.ts";

/** Refetches everything that shows tasks or time (the registry's "task" change). */
export function invalidateTaskData(qc: QueryClient) {
  return invalidate(qc, "task");
}

export type TaskListPages = InfiniteData<TaskListResponse, number>;

/** Returns the new task, the same object to keep it, or null to remove it from every list. */
type TaskUpdater = (task: TaskDto) => TaskDto | null;

function mapTasks(tasks: TaskDto[], update: TaskUpdater): { tasks: TaskDto[]; removed: number } {
  let changed = false;
  let removed = 0;
  const next: TaskDto[] = [];
  for (const t of tasks) {
    const u = update(t);
    if (u !== t) changed = true;
    if (u === null) removed++;
    else next.push(u);
  }
  return { tasks: changed ? next : tasks, removed };
}

/** Applies `update` to every cached task, in the paged lists and the recent panel alike. */
export function updateCachedTasks(qc: QueryClient, update: TaskUpdater) {
  qc.setQueriesData<TaskListPages>({ queryKey: queryKeys.tasks.lists }, (data) => {
    if (!data) return data;
    let removedTotal = 0;
    const pages = data.pages.map((page) => {
      const { tasks, removed } = mapTasks(page.tasks, update);
      removedTotal += removed;
      return tasks === page.tasks ? page : { ...page, tasks };
    });
    if (pages.every((p, i) => p === data.pages[i])) return data;
    return {
      ...data,
      pages: pages.map((p) => ({ ...p, total: Math.max(0, p.total - removedTotal) })),
    };
  });
  qc.setQueriesData<TaskDto[]>(
    { queryKey: queryKeys.tasks.recent },
    (data) => data && mapTasks(data, update).tasks,
  );
}

/** Puts the server's copy of tasks into every list that holds them. */
export function replaceCachedTasks(qc: QueryClient, ...fresh: TaskDto[]) {
  const byId = new Map(fresh.map((t) => [t.id, t]));
  updateCachedTasks(qc, (t) => byId.get(t.id) ?? t);
}

export type TaskCacheSnapshot = Array<[QueryKey, unknown]>;

export function snapshotTasks(qc: QueryClient): TaskCacheSnapshot {
  return qc.getQueriesData({ queryKey: queryKeys.tasks.all });
}

export function restoreTasks(qc: QueryClient, snapshot: TaskCacheSnapshot) {
  for (const [key, data] of snapshot) qc.setQueryData(key, data);
}
