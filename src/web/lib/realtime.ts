// One socket per tab for the signed-in area. It keeps every open tab and device in step (when the
// server says the person's tasks changed, the affected queries refetch); features listen to other
// events with `onRealtime`, or take the socket itself with `useRealtimeSocket` (the Team Workspace)
// to send and to follow the connection's state. The socket client loads only in the signed-in area.
// Task changes refetch what they make stale (lib/query-keys.ts), once: the tab that made the change
// refetched already when its own call returned, so it ignores the echo naming it.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { Socket } from "socket.io-client";
import {
  type RealtimeEvent,
  type RealtimePayload,
  type ServerToClientEvents,
  SOCKET_LIMIT_MESSAGE,
  SOCKET_LIMIT_RETRY_MS,
} from "#shared/contracts/realtime.ts";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { CLIENT_TAB_ID } from "./api-client.ts";
import { invalidate, type StaleChange } from "./query-keys.ts";

type Listener = (payload: unknown) => void;
const listeners = new Map<RealtimeEvent, Set<Listener>>();

/** Calls `fn` with each `event` the server sends while the signed-in area is open; returns an unsubscribe. */
export function onRealtime<E extends RealtimeEvent>(event: E, fn: (payload: RealtimePayload<E>) => void) {
  const set = listeners.get(event) ?? new Set<Listener>();
  listeners.set(event, set);
  set.add(fn as Listener);
  return () => void set.delete(fn as Listener);
}

/** "connecting" until the first connection; "reconnecting" while it is down; "offline" without a network. */
export type ConnectionState = "connecting" | "connected" | "reconnecting" | "offline";
export type RealtimeConnection = { socket: Socket | null; state: ConnectionState };

let connection: RealtimeConnection = { socket: null, state: "connecting" };
const watchers = new Set<() => void>();
function setConnection(next: Partial<RealtimeConnection>) {
  connection = { ...connection, ...next };
  for (const w of watchers) w();
}
const subscribe = (w: () => void) => {
  watchers.add(w);
  return () => void watchers.delete(w);
};

/** The tab's socket (null until it has loaded) and the state of its connection. */
export function useRealtimeSocket(): RealtimeConnection {
  return useSyncExternalStore(
    subscribe,
    () => connection,
    () => connection,
  );
}

type HandshakeSource = () => Record<string, unknown>;
let handshake: HandshakeSource = () => ({});
/** What the socket tells the server on each (re)connection, such as the page the person is on. */
export function setRealtimeHandshake(source: HandshakeSource) {
  handshake = source;
}

const CHANGE_OF: Record<RealtimePayload<"tasks:changed">["reason"], StaleChange> = {
  created: "task",
  updated: "task",
  deleted: "task",
  timer: "timer",
  pomodoro: "pomodoro",
};

export function useRealtimeSync() {
  const qc = useQueryClient();
  useEffect(() => {
    // The static demo has no server to hold a socket: one person, one tab, nothing to sync.
    if (DEMO_MODE) return;
    let closed = false;
    let disconnect: (() => void) | undefined;
    void import("socket.io-client").then(({ io }) => {
      if (closed) return;
      const socket = io({
        path: "/socket.io",
        withCredentials: true,
        transports: ["websocket", "polling"],
        auth: (cb) => cb(handshake()),
      });
      const onChanged: ServerToClientEvents["tasks:changed"] = ({ reason, origin }) => {
        if (origin === CLIENT_TAB_ID) return;
        void invalidate(qc, CHANGE_OF[reason]);
      };
      socket.on("tasks:changed", onChanged);
      // Another member changed a task of a shared project this person may see (issue 23): the project's
      // list, its milestones' progress, "Assigned to me" and the sidebar's counts refetch.
      const onProjectChanged: ServerToClientEvents["projects:changed"] = ({ origin }) => {
        if (origin === CLIENT_TAB_ID) return;
        void invalidate(qc, "task");
      };
      socket.on("projects:changed", onProjectChanged);
      socket.onAny((event: RealtimeEvent, payload: unknown) => {
        for (const fn of listeners.get(event) ?? []) fn(payload);
      });
      const offlineOr = (state: ConnectionState): ConnectionState =>
        typeof navigator !== "undefined" && navigator.onLine === false ? "offline" : state;
      socket.on("connect", () => setConnection({ state: "connected" }));
      socket.on("disconnect", () => setConnection({ state: offlineOr("reconnecting") }));
      let retry: ReturnType<typeof setTimeout> | undefined;
      socket.on("connect_error", (err) => {
        setConnection({
          state: offlineOr(connection.state === "connecting" ? "connecting" : "reconnecting"),
        });
        // Refused because the person has too many tabs open: the client does not retry a refusal by
        // itself, so this tab asks again later, when another may have closed.
        if (err.message === SOCKET_LIMIT_MESSAGE && !socket.active) {
          clearTimeout(retry);
          retry = setTimeout(() => socket.connect(), SOCKET_LIMIT_RETRY_MS);
        }
      });
      const onOffline = () => setConnection({ state: "offline" });
      const onOnline = () => setConnection({ state: socket.connected ? "connected" : "reconnecting" });
      window.addEventListener("offline", onOffline);
      window.addEventListener("online", onOnline);
      setConnection({ socket });
      disconnect = () => {
        clearTimeout(retry);
        window.removeEventListener("offline", onOffline);
        window.removeEventListener("online", onOnline);
        socket.disconnect();
        setConnection({ socket: null, state: "connecting" });
      };
    });
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [qc]);
}
