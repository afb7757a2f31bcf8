// The presence stores behave alike: in memory for one instance, in Redis for several. A record not
// refreshed within the expiry is swept once, by whichever instance sweeps first. Needs the Redis at
// TEST_REDIS_URL (redis://127.0.0.1:6379).
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import {
  memoryPresenceStore,
  type PresenceStore,
  redisPresenceStore,
} from "#server/realtime/presence-store.ts";
import type { ConnectionPresence } from "#shared/domain/presence.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const T0 = Date.UTC(2026, 10, 23, 9);
const stores: PresenceStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

const rec = (connectionId: string, seenAt: number, userId = "u1"): ConnectionPresence => ({
  connectionId,
  userId,
  email: `${userId}@example.com`,
  status: "online",
  page: "/dashboard",
  changedAt: seenAt,
  seenAt,
});

describe.each([
  ["memory", async () => memoryPresenceStore()],
  ["redis", () => redisPresenceStore(REDIS_URL, 60_000)],
] as const)("%s presence store", (_name, open) => {
  it("keeps, refreshes, removes and sweeps connection records per team", async () => {
    const store = await open();
    stores.push(store);
    const team = `t-${randomUUID()}`;
    const other = `t-${randomUUID()}`;
    await store.put(team, [rec("a", T0), rec("b", T0, "u2")]);
    await store.put(other, [rec("x", T0, "u3")]);
    expect((await store.list(team)).map((r) => r.connectionId).sort()).toEqual(["a", "b"]);
    // The heartbeat rewrites a record with its new seenAt.
    await store.put(team, [rec("a", T0 + 20_000)]);
    expect((await store.list(team)).find((r) => r.connectionId === "a")?.seenAt).toBe(T0 + 20_000);
    // Only b is older than the expiry; it is swept once.
    const swept = await store.sweep(team, T0 + 26_000, 25_000);
    expect(swept.map((r) => r.connectionId)).toEqual(["b"]);
    expect(await store.sweep(team, T0 + 26_000, 25_000)).toEqual([]);
    expect(await store.remove(team, "a")).toBe(true);
    expect(await store.remove(team, "a")).toBe(false);
    expect(await store.list(team)).toEqual([]);
    expect((await store.list(other)).map((r) => r.connectionId)).toEqual(["x"]);
    await store.remove(other, "x");
  });
});

describe("redis presence store across instances", () => {
  it("two instances see the same records, and a departure is swept by one of them only", async () => {
    const a = await redisPresenceStore(REDIS_URL, 60_000);
    const b = await redisPresenceStore(REDIS_URL, 60_000);
    stores.push(a, b);
    const team = `t-${randomUUID()}`;
    await a.put(team, [rec("dead-1", T0), rec("dead-2", T0, "u2")]);
    await b.put(team, [rec("alive", T0 + 20_000, "u3")]);
    expect(await a.list(team)).toHaveLength(3);
    const [fromA, fromB] = await Promise.all([
      a.sweep(team, T0 + 30_000, 25_000),
      b.sweep(team, T0 + 30_000, 25_000),
    ]);
    expect([...fromA, ...fromB].map((r) => r.connectionId).sort()).toEqual(["dead-1", "dead-2"]);
    expect((await b.list(team)).map((r) => r.connectionId)).toEqual(["alive"]);
    await a.remove(team, "alive");
  });
});
