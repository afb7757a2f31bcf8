// GET /api/tasks: the filtered task list in pages of 100, in the server's order (priority score,
// then the nearest deadline, then the newest).
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type DUE_FILTERS, type TaskListResponse, taskListResponse } from "#shared/contracts/tasks.ts";
import type { TaskCategory, TaskStatus } from "#shared/domain/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const TASKS_PAGE_SIZE = 100;

export type DueFilter = (typeof DUE_FILTERS)[number];

export type TaskFilters = {
  category?: TaskCategory;
  status?: TaskStatus;
  due?: DueFilter;
  /** Matches anywhere in the title, case-insensitively. */
  q?: string;
  /** One project's tasks (the project view). */
  projectId?: string;
  milestoneId?: string;
  /** "me": the tasks assigned to the person, across their teams and personal projects. */
  assignee?: "me";
};

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function listTasks(
  filters: TaskFilters,
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<TaskListResponse> {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.status) params.set("status", filters.status);
  if (filters.due) params.set("due", filters.due);
  if (filters.q) params.set("q", filters.q);
  if (filters.projectId) params.set("projectId", filters.projectId);
  if (filters.milestoneId) params.set("milestoneId", filters.milestoneId);
  if (filters.assignee) params.set("assignee", filters.assignee);
  params.set("limit", String(page.limit));
  params.set("offset", String(page.offset));
  // "Due today" means the person's today, not the server's.
  const tz = browserTimeZone();
  if (tz) params.set("tz", tz);
  return apiFetch(`/api/tasks?${params}`, { signal, schema: taskListResponse });
}

/** Drops empty filters so equal filters always make the same query key. */
function normalise(filters: TaskFilters): TaskFilters {
  const out: TaskFilters = {};
  if (filters.category) out.category = filters.category;
  if (filters.status) out.status = filters.status;
  if (filters.due) out.due = filters.due;
  const q = filters.q?.trim();
  if (q) out.q = q;
  if (filters.projectId) out.projectId = filters.projectId;
  if (filters.milestoneId) out.milestoneId = filters.milestoneId;
  if (filters.assignee) out.assignee = filters.assignee;
  return out;
}

export const tasksInfiniteQueryOptions = (filters: TaskFilters) => {
  const f = normalise(filters);
  return infiniteQueryOptions({
    queryKey: queryKeys.tasks.list(f),
    queryFn: ({ pageParam, signal }) => listTasks(f, { offset: pageParam, limit: TASKS_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.tasks.length;
      return last.tasks.length > 0 && next < last.total ? next : undefined;
    },
  });
};

/** The task list for these filters; while new filters load, the previous results stay on screen. */
export const useTasks = (filters: TaskFilters) =>
  useInfiniteQuery({ ...tasksInfiniteQueryOptions(filters), placeholderData: keepPreviousData });
