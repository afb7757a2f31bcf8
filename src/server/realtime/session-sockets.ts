// A socket is authenticated when it connects; when one of the person's sessions ends (sign-out,
// revocation, a ban, the account's deletion: every path goes through Better Auth's adapter, whose
// hook announces `session.ended`), each of that person's sockets whose session is no longer live
// is disconnected at once, on every instance (fetchSockets goes through the Redis adapter).
import type { DomainEvents } from "../events/domain-events.ts";
import { userRoom } from "./deliver-events.ts";

type SocketLike = { data: { sessionId?: string }; disconnect(close?: boolean): unknown };
type Server = {
  in(room: string): { fetchSockets(): Promise<SocketLike[]>; disconnectSockets(close?: boolean): unknown };
};

/** Subscribes to `session.ended`; returns the unsubscribe. */
export function endSocketsWithSessions(
  events: Pick<DomainEvents, "on">,
  io: Server,
  liveSessionIds: (personId: string) => Promise<Set<string>>,
  closing: () => boolean = () => false,
): () => void {
  return events.on("session.ended", async ({ personId }) => {
    const room = io.in(userRoom(personId));
    let sockets: SocketLike[];
    try {
      sockets = await room.fetchSockets();
    } catch (err) {
      // Another instance did not answer in time: end all the person's sockets; the live ones
      // reconnect and are authenticated afresh. Not while this instance closes: the adapter's
      // Redis client is gone and its publish would reject where nobody can catch it.
      if (!closing()) room.disconnectSockets(true);
      throw err;
    }
    if (sockets.length === 0) return;
    const live = await liveSessionIds(personId);
    for (const socket of sockets) {
      if (!socket.data.sessionId || !live.has(socket.data.sessionId)) socket.disconnect(true);
    }
  });
}
