// The Overview's Recent Tasks: up to five open tasks, the running one first. Two GET /api/tasks
// calls (in progress, to do) because the list has no single "open" filter.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { listTasks } from "./list-tasks.ts";

export const RECENT_TASKS_LIMIT = 5;

const deadlineOrder = (t: TaskDto) => (t.deadline ? Date.parse(t.deadline) : Number.POSITIVE_INFINITY);

/** The list's own order (priority, deadline, newest), with a running timer always on top. */
function byRunningThenPriority(a: TaskDto, b: TaskDto) {
  return (
    Number(b.isActive) - Number(a.isActive) ||
    b.priorityScore - a.priorityScore ||
    deadlineOrder(a) - deadlineOrder(b) ||
    Date.parse(b.createdAt) - Date.parse(a.createdAt)
  );
}

export async function getRecentTasks(signal?: AbortSignal): Promise<TaskDto[]> {
  const [inProgress, todo] = await Promise.all([
    // Stopped timers leave tasks in progress, so look further than five to find the running one.
    listTasks({ status: "in_progress" }, { offset: 0, limit: 25 }, signal),
    listTasks({ status: "todo" }, { offset: 0, limit: RECENT_TASKS_LIMIT }, signal),
  ]);
  return [...inProgress.tasks, ...todo.tasks].sort(byRunningThenPriority).slice(0, RECENT_TASKS_LIMIT);
}

export const recentTasksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tasks.recent, queryFn: ({ signal }) => getRecentTasks(signal) });

export const useRecentTasks = () => useQuery(recentTasksQueryOptions());
