// Use cases announce changes here after their transaction commits; the socket server, once attached,
// delivers them to the person's room on every instance (through Redis when configured).
import type { RealtimeEvent, RealtimePayload } from "#shared/contracts/realtime.ts";

type Emitter = { to(room: string): { emit(event: string, payload: unknown): unknown } };

export type EventHub = {
  emitToUser<E extends RealtimeEvent>(userId: string, event: E, payload: RealtimePayload<E>): void;
  attach(io: Emitter): void;
};

export function createEventHub(): EventHub {
  let io: Emitter | null = null;
  return {
    emitToUser(userId, event, payload) {
      io?.to(`user:${userId}`).emit(event, payload);
    },
    attach(server) {
      io = server;
    },
  };
}
