// Socket events the server sends to a person's own devices.
import type { NotificationDto } from "./notifications.ts";

/** The header a tab sends its id in, so the socket echo of its own change can be told apart. */
export const CLIENT_TAB_HEADER = "x-kairo-client";

export type ServerToClientEvents = {
  /** Something about the person's tasks, timers or Pomodoro sessions changed on another device. */
  "tasks:changed": (payload: {
    reason: "created" | "updated" | "deleted" | "timer" | "pomodoro";
    taskId?: string;
    /** The tab that made the change (its `x-kairo-client` id); that tab ignores its own echo. */
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
