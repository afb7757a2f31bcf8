// Better Auth's secondary storage on Redis: rate-limit counters (atomic INCR) shared by every
// instance. Sessions stay in the database as well, so lists of sessions keep working.
import type { SecondaryStorage } from "better-auth";
import { createClient } from "redis";

export async function createRedisStorage(
  url: string,
): Promise<SecondaryStorage & { close(): Promise<void> }> {
  const client = createClient({ url });
  await client.connect();
  return {
    get: (key) => client.get(key),
    getAndDelete: (key) => client.getDel(key),
    increment: async (key, ttl) => {
      const [count] = (await client.multi().incr(key).expire(key, ttl, "NX").exec()) as unknown as [number];
      return Number(count);
    },
    set: async (key, value, ttl) => {
      if (ttl) await client.set(key, value, { EX: ttl });
      else await client.set(key, value);
    },
    delete: async (key) => {
      await client.del(key);
    },
    close: async () => {
      await client.quit();
    },
  };
}
