// The registry of /api/v1's operations (decision 258): for each, its method, path, scope and the
// shared zod contracts of its query, body and answer. v1-routes.ts mounts exactly these operations
// (each with its scope checked here, before its handler), and openapi.ts renders the same entries
// as the OpenAPI 3.1 document and the reference page: one source, no second hand-written schema.
import type { z } from "zod";
import {
  commentBody,
  commentDto,
  commentListQuery,
  commentListResponse,
} from "#shared/contracts/comments.ts";
import { planResponse } from "#shared/contracts/planner.ts";
import {
  v1MeResponse,
  v1PomodoroQuery,
  v1ProjectListQuery,
  v1ProjectListResponse,
} from "#shared/contracts/platform.ts";
import { milestoneListResponse, projectDto } from "#shared/contracts/projects.ts";
import { reminderCreateBody, reminderDto, reminderListResponse } from "#shared/contracts/reminders.ts";
import { subtaskCreateBody, subtaskUpdateBody, taskDetailDto } from "#shared/contracts/subtasks.ts";
import {
  calendarItemsResponse,
  calendarQuery,
  occurrenceActionBody,
  occurrenceActionResponse,
  pomodoroTodayResponse,
  taskCreateBody,
  taskDto,
  taskListQuery,
  taskListResponse,
  taskUpdateBody,
  timeLogsResponse,
  timerStartResponse,
  timerStopResponse,
} from "#shared/contracts/tasks.ts";
import type { ApiScope } from "#shared/domain/api-scopes.ts";

export type V1Header = "Idempotency-Key" | "If-Match";

export type V1Operation = {
  operationId: string;
  method: "get" | "post" | "patch";
  /** OpenAPI's form: `/tasks/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** The scope a key or an app's token must carry; null: any credential. */
  scope: ApiScope | null;
  /** Path parameters (all ids: a malformed or foreign one answers 404). */
  params?: readonly string[];
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the operation reads. */
  headers?: readonly V1Header[];
  status: 200 | 201;
  response: z.ZodType;
  /** Answer headers beyond the rate limit's. */
  responseHeaders?: readonly "ETag"[];
  /** The error statuses the operation can answer beside 401, 403 and 429. */
  errors: readonly number[];
};

export const V1_OPERATIONS = [
  {
    operationId: "getMe",
    method: "get",
    path: "/me",
    summary: "Who the credential belongs to, and its scopes",
    tag: "Account",
    scope: null,
    status: 200,
    response: v1MeResponse,
    errors: [],
  },
  {
    operationId: "listTasks",
    method: "get",
    path: "/tasks",
    summary: "List your tasks",
    description: "Filters as the app's task list; pages with `limit` and `offset`.",
    tag: "Tasks",
    scope: "tasks:read",
    query: taskListQuery,
    status: 200,
    response: taskListResponse,
    errors: [400],
  },
  {
    operationId: "createTask",
    method: "post",
    path: "/tasks",
    summary: "Create a task",
    description:
      "With `Idempotency-Key`, the same key and body within 24 hours answers the first call's answer again and creates nothing; the same key with another body answers 422.",
    tag: "Tasks",
    scope: "tasks:write",
    body: taskCreateBody,
    headers: ["Idempotency-Key"],
    status: 201,
    response: taskDto,
    errors: [400, 409, 422],
  },
  {
    operationId: "getTask",
    method: "get",
    path: "/tasks/{id}",
    summary: "Read a task with its subtasks",
    description: "The `ETag` is the task's version; send it as `If-Match` when changing the task.",
    tag: "Tasks",
    scope: "tasks:read",
    params: ["id"],
    status: 200,
    response: taskDetailDto,
    responseHeaders: ["ETag"],
    errors: [404],
  },
  {
    operationId: "updateTask",
    method: "patch",
    path: "/tasks/{id}",
    summary: "Change a task",
    description:
      "With `If-Match` (the task's ETag), a task changed since answers 412 and nothing is written.",
    tag: "Tasks",
    scope: "tasks:write",
    params: ["id"],
    body: taskUpdateBody,
    headers: ["If-Match"],
    status: 200,
    response: taskDto,
    responseHeaders: ["ETag"],
    errors: [400, 404, 409, 412],
  },
  {
    operationId: "completeOccurrence",
    method: "post",
    path: "/tasks/{id}/occurrences/complete",
    summary: "Complete a repeating task's open occurrence",
    description:
      "Records the occurrence and opens the next one. Send `due` (the task's `recurrence.due` as you read it): when that occurrence is already recorded the answer is its record with `recorded: false`, and nothing changes.",
    tag: "Repeating tasks",
    scope: "tasks:write",
    params: ["id"],
    body: occurrenceActionBody,
    headers: ["If-Match"],
    status: 200,
    response: occurrenceActionResponse,
    errors: [400, 404, 409],
  },
  {
    operationId: "skipOccurrence",
    method: "post",
    path: "/tasks/{id}/occurrences/skip",
    summary: "Skip a repeating task's open occurrence",
    description: "As completing, recorded as skipped: it counts as neither done nor missed.",
    tag: "Repeating tasks",
    scope: "tasks:write",
    params: ["id"],
    body: occurrenceActionBody,
    headers: ["If-Match"],
    status: 200,
    response: occurrenceActionResponse,
    errors: [400, 404, 409],
  },
  {
    operationId: "createSubtask",
    method: "post",
    path: "/tasks/{id}/subtasks",
    summary: "Add a subtask at the end of a task's list",
    description: "Answers the task with all its subtasks.",
    tag: "Subtasks",
    scope: "tasks:write",
    params: ["id"],
    body: subtaskCreateBody,
    status: 201,
    response: taskDetailDto,
    errors: [400, 404, 409],
  },
  {
    operationId: "updateSubtask",
    method: "patch",
    path: "/tasks/{id}/subtasks/{subtaskId}",
    summary: "Rename, tick or re-estimate a subtask",
    description: "Answers the task with all its subtasks.",
    tag: "Subtasks",
    scope: "tasks:write",
    params: ["id", "subtaskId"],
    body: subtaskUpdateBody,
    status: 200,
    response: taskDetailDto,
    errors: [400, 404, 409],
  },
  {
    operationId: "listTaskReminders",
    method: "get",
    path: "/tasks/{id}/reminders",
    summary: "List your reminders on a task",
    tag: "Reminders",
    scope: "tasks:read",
    params: ["id"],
    status: 200,
    response: reminderListResponse,
    errors: [404],
  },
  {
    operationId: "createTaskReminder",
    method: "post",
    path: "/tasks/{id}/reminders",
    summary: "Add a reminder to a task",
    description:
      "At a time (`at`) or an amount of minutes, hours or days before the deadline (`before`), which follows the deadline and each occurrence of a repeating task.",
    tag: "Reminders",
    scope: "tasks:write",
    params: ["id"],
    body: reminderCreateBody,
    status: 201,
    response: reminderDto,
    errors: [400, 404, 409],
  },
  {
    operationId: "listTaskComments",
    method: "get",
    path: "/tasks/{id}/comments",
    summary: "List a task's comments, oldest first",
    tag: "Comments",
    scope: "tasks:read",
    params: ["id"],
    query: commentListQuery,
    status: 200,
    response: commentListResponse,
    errors: [400, 404],
  },
  {
    operationId: "createTaskComment",
    method: "post",
    path: "/tasks/{id}/comments",
    summary: "Comment on a task",
    tag: "Comments",
    scope: "tasks:write",
    params: ["id"],
    body: commentBody,
    status: 201,
    response: commentDto,
    errors: [400, 404],
  },
  {
    operationId: "listTaskTimeLogs",
    method: "get",
    path: "/tasks/{id}/time-logs",
    summary: "List a task's time logs, newest first",
    tag: "Time",
    scope: "time:read",
    params: ["id"],
    status: 200,
    response: timeLogsResponse,
    errors: [404],
  },
  {
    operationId: "startTimer",
    method: "post",
    path: "/tasks/{id}/timer/start",
    summary: "Start the timer on a task (stopping any other running timer)",
    tag: "Time",
    scope: "time:write",
    params: ["id"],
    status: 200,
    response: timerStartResponse,
    errors: [404, 409],
  },
  {
    operationId: "stopTimer",
    method: "post",
    path: "/tasks/{id}/timer/stop",
    summary: "Stop the timer on a task and log the time",
    tag: "Time",
    scope: "time:write",
    params: ["id"],
    status: 200,
    response: timerStopResponse,
    errors: [404, 409],
  },
  {
    operationId: "listProjects",
    method: "get",
    path: "/projects",
    summary: "List your projects",
    description: "Pages by id order: pass the answer's `nextCursor` as `cursor`.",
    tag: "Projects",
    scope: "projects:read",
    query: v1ProjectListQuery,
    status: 200,
    response: v1ProjectListResponse,
    errors: [400],
  },
  {
    operationId: "getProject",
    method: "get",
    path: "/projects/{id}",
    summary: "Read a project",
    tag: "Projects",
    scope: "projects:read",
    params: ["id"],
    status: 200,
    response: projectDto,
    errors: [404],
  },
  {
    operationId: "listMilestones",
    method: "get",
    path: "/projects/{id}/milestones",
    summary: "List a project's milestones with their progress",
    tag: "Projects",
    scope: "projects:read",
    params: ["id"],
    status: 200,
    response: milestoneListResponse,
    errors: [404],
  },
  {
    operationId: "getPlan",
    method: "get",
    path: "/plan",
    summary: "Read your plan: accepted and pinned blocks, and any proposal awaiting approval",
    description: "The planner's blocks as Plan my week shows them, each with the reason it is where it is.",
    tag: "Planner",
    scope: "calendar:read",
    status: 200,
    response: planResponse,
    errors: [],
  },
  {
    operationId: "listPomodoroSessions",
    method: "get",
    path: "/pomodoro-sessions",
    summary: "List today's Pomodoro sessions",
    description: "Today in the IANA time zone `tz` (UTC without one).",
    tag: "Time",
    scope: "time:read",
    query: v1PomodoroQuery,
    status: 200,
    response: pomodoroTodayResponse,
    errors: [400],
  },
  {
    operationId: "listCalendarItems",
    method: "get",
    path: "/calendar-items",
    summary: "List your calendar between two instants (at most 62 days)",
    tag: "Calendar",
    scope: "calendar:read",
    query: calendarQuery,
    status: 200,
    response: calendarItemsResponse,
    errors: [400],
  },
] as const satisfies readonly V1Operation[];

export type V1OperationId = (typeof V1_OPERATIONS)[number]["operationId"];

/** Hono's form of an OpenAPI path: `/tasks/{id}` → `/tasks/:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
