// The socket subscriber of the domain-event hub: a change to a person's tasks, timers or Pomodoro
// sessions reaches every device of theirs as `tasks:changed`, a notification as
// `notifications:new` / `notifications:read` (through Redis to other instances when configured). The payload names the tab that made the change (`origin`), which has refetched
// already and ignores its own echo.
import type { RealtimePayload } from "#shared/contracts/realtime.ts";
import type { DomainEvents } from "../events/domain-events.ts";

type Emitter = { to(room: string): { emit(event: string, payload: unknown): unknown } };

export const userRoom = (personId: string) => `user:${personId}`;

/** Subscribes the socket server to the hub; returns the unsubscribe. */
export function deliverEventsToSockets(events: Pick<DomainEvents, "on">, io: Emitter): () => void {
  const send = (personId: string, { origin, ...payload }: RealtimePayload<"tasks:changed">) => {
    io.to(userRoom(personId)).emit("tasks:changed", origin ? { ...payload, origin } : payload);
  };
  const offs = [
    events.on("task.created", (e) =>
      send(e.personId, { reason: "created", taskId: e.taskId, origin: e.origin }),
    ),
    events.on("task.updated", (e) =>
      send(e.personId, { reason: "updated", taskId: e.taskId, origin: e.origin }),
    ),
    events.on("task.deleted", (e) =>
      send(e.personId, { reason: "deleted", taskId: e.taskId, origin: e.origin }),
    ),
    events.on("task.timer_changed", (e) =>
      send(e.personId, { reason: "timer", taskId: e.taskId, origin: e.origin }),
    ),
    events.on("pomodoro.completed", (e) => send(e.personId, { reason: "pomodoro", origin: e.origin })),
    events.on("project.changed", (e) => {
      const payload = {
        projectId: e.projectId,
        reason: e.reason,
        by: e.personId,
        ...(e.taskId ? { taskId: e.taskId } : {}),
        ...(e.origin ? { origin: e.origin } : {}),
      } satisfies RealtimePayload<"projects:changed">;
      for (const personId of e.audience) io.to(userRoom(personId)).emit("projects:changed", payload);
    }),
    // Everyone who could see the task when the comment changed (comments/task-access.ts).
    events.on("comment.changed", (e) => {
      const payload = { taskId: e.taskId, commentId: e.commentId, reason: e.reason };
      for (const id of e.audience)
        io.to(userRoom(id)).emit("comments:changed", e.origin ? { ...payload, origin: e.origin } : payload);
    }),
    events.on("notification.created", (e) => {
      io.to(userRoom(e.personId)).emit("notifications:new", e.notification);
    }),
    events.on("workflow.changed", (e) => {
      io.to(userRoom(e.personId)).emit("workflows:changed", {});
    }),
    events.on("notification.read", (e) => {
      io.to(userRoom(e.personId)).emit("notifications:read", { ids: e.ids });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
