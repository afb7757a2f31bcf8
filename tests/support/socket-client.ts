// A Socket.IO client as the browser opens one: the session cookie, websocket transport.
import { io, type Socket } from "socket.io-client";

export type ConnectOptions = { auth?: Record<string, unknown>; origin?: string };

export function connectSocket(baseUrl: string, cookie: string, o: ConnectOptions = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie };
    if (o.origin) headers.origin = o.origin;
    const socket = io(baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      extraHeaders: headers,
      auth: o.auth,
      reconnection: false,
    });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Emits with an acknowledgement and resolves with it (or rejects after `ms`). */
export function request<T = unknown>(
  socket: Socket,
  event: string,
  payload?: unknown,
  ms = 5000,
): Promise<T> {
  return socket.timeout(ms).emitWithAck(event, payload) as Promise<T>;
}

/** Collects every payload of `event` the socket receives. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}

/** Resolves with the first payload of `event` that satisfies `match`. */
export function waitFor<T = unknown>(
  socket: Socket,
  event: string,
  match: (p: T) => boolean = () => true,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, ms);
    const on = (p: T) => {
      if (!match(p)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(p);
    };
    socket.on(event, on);
  });
}
