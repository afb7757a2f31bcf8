// At most SOCKETS_PER_PERSON open sockets per person, counted across every instance: each socket
// holds a place from its handshake to its disconnect. A place is kept alive by its instance's
// heartbeat; an instance that dies without a goodbye stops refreshing its places, and they lapse
// after `expiryMs`, so a crash never locks a person out for longer than that. In memory for one
// instance; in Redis (where presence lives) when REDIS_URL is set.
import { createClient } from "redis";

export type SocketPlace = { userId: string; socketId: string };

export type SocketQuota = {
  kind: "memory" | "redis";
  /** Takes a place for the socket; false when the person already holds `max` live places. */
  claim(place: SocketPlace, now: number): Promise<boolean>;
  release(place: SocketPlace): Promise<void>;
  /** Marks this instance's places as alive (the heartbeat). */
  refresh(places: SocketPlace[], now: number): Promise<void>;
  close(): Promise<void>;
};

export type SocketQuotaOptions = {
  max: number;
  /** A place not refreshed for this long is free again (a few heartbeats). */
  expiryMs: number;
};

export function memorySocketQuota(o: SocketQuotaOptions): SocketQuota {
  const people = new Map<string, Map<string, number>>();
  const live = (userId: string, now: number) => {
    const places = people.get(userId) ?? new Map<string, number>();
    for (const [id, seenAt] of places) if (seenAt <= now - o.expiryMs) places.delete(id);
    return places;
  };
  return {
    kind: "memory",
    async claim({ userId, socketId }, now) {
      const places = live(userId, now);
      if (!places.has(socketId) && places.size >= o.max) return false;
      places.set(socketId, now);
      people.set(userId, places);
      return true;
    },
    async release({ userId, socketId }) {
      const places = people.get(userId);
      places?.delete(socketId);
      if (places?.size === 0) people.delete(userId);
    },
    async refresh(places, now) {
      for (const { userId, socketId } of places) people.get(userId)?.set(socketId, now);
    },
    async close() {
      people.clear();
    },
  };
}

const keyOf = (userId: string) => `kairo:sockets:${userId}`;

// Atomic on the Redis server: drops the person's lapsed places, then takes one if fewer than max are
// held, so two instances admitting the same person at once cannot both take the last place.
// KEYS[1] the person's sorted set (member: socket id, score: last refresh in ms).
// ARGV: lapsed-before, now, socket id, max, key ttl in ms.
const CLAIM_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if (not redis.call('ZSCORE', KEYS[1], ARGV[3])) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export async function redisSocketQuota(url: string, o: SocketQuotaOptions): Promise<SocketQuota> {
  const client = createClient({ url });
  await client.connect();
  return {
    kind: "redis",
    async claim({ userId, socketId }, now) {
      const taken = await client.eval(CLAIM_SCRIPT, {
        keys: [keyOf(userId)],
        arguments: [String(now - o.expiryMs), String(now), socketId, String(o.max), String(o.expiryMs)],
      });
      return taken === 1;
    },
    async release({ userId, socketId }) {
      await client.zRem(keyOf(userId), socketId);
    },
    async refresh(places, now) {
      if (places.length === 0) return;
      const batch = client.multi();
      // XX: a place released meanwhile (or lapsed and swept) is not brought back.
      for (const p of places)
        batch.zAdd(keyOf(p.userId), { score: now, value: p.socketId }, { condition: "XX" });
      for (const userId of new Set(places.map((p) => p.userId))) batch.pExpire(keyOf(userId), o.expiryMs);
      await batch.exec();
    },
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
