// Socket events the server sends to a person's own devices.
export type ServerToClientEvents = {
  /** Something about the person's tasks, timers or Pomodoro sessions changed on another device. */
  "tasks:changed": (payload: {
    reason: "created" | "updated" | "deleted" | "timer" | "pomodoro";
    taskId?: string;
  }) => void;
};
export type RealtimeEvent = keyof ServerToClientEvents;
export type RealtimePayload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];
