// Socket events the server sends to a person's own devices.
import type { NotificationDto } from "./notifications.ts";

/**
 * The connect error of a socket refused because the person already holds the most open sockets
 * (one per tab); the tab tries again a little later, when another may have closed.
 */
export const SOCKET_LIMIT_MESSAGE =
  "Kairo is open in too many tabs or devices at once. Close one and this tab reconnects by itself.";
/** How long a refused tab waits before it tries again. */
export const SOCKET_LIMIT_RETRY_MS = 30_000;

/** The header a tab sends its id in, so the socket echo of its own change can be told apart. */
export const CLIENT_TAB_HEADER = "x-kairo-client";

/** What changed in a project a person may see (`projects:changed`). */
export type ProjectChangeReason = "created" | "updated" | "completed" | "assigned" | "deleted";

export type ServerToClientEvents = {
  /**
   * A task of a project the person may see changed (another member's create, edit, completion,
   * assignment), or the project was deleted: refetch that project's list.
   */
  "projects:changed": (payload: {
    projectId: string;
    reason: ProjectChangeReason;
    taskId?: string;
    /** Who made the change. */
    by: string;
    origin?: string | null;
  }) => void;
  /** Something about the person's tasks, timers or Pomodoro sessions changed on another device. */
  "tasks:changed": (payload: {
    reason: "created" | "updated" | "deleted" | "timer" | "pomodoro";
    taskId?: string;
    /** The tab that made the change (its `x-kairo-client` id); that tab ignores its own echo. */
    origin?: string | null;
  }) => void;
  /** A comment on a task the person can see was written, edited or deleted (decision 167). */
  "comments:changed": (payload: {
    taskId: string;
    commentId: string;
    reason: "created" | "updated" | "deleted";
    origin?: string | null;
  }) => void;
  /** A new in-app notification (the bell adds it, and shows a desktop notice when allowed). */
  "notifications:new": (payload: NotificationDto) => void;
  /** The person's workflows or their runs changed (a run queued, finished, or a workflow held). */
  "workflows:changed": (payload: Record<string, never>) => void;
  /** Notifications were marked read on another device. */
  "notifications:read": (payload: { ids: string[] | "all" }) => void;
};
export type RealtimeEvent = keyof ServerToClientEvents;
export type RealtimePayload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];
