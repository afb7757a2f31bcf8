// Our own rate limits (src/server/http/rate-limit.ts) hold across instances when REDIS_URL is set:
// two app instances with their own Redis connections share one counter, a server started with
// REDIS_URL keeps its counters in Redis, and the wrong passwords of "Delete account" are counted
// once for two servers on one database and one Redis. Needs the Redis at TEST_REDIS_URL
// (redis://127.0.0.1:6379).
import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#server/auth/auth.ts";
import { createRedisStorage } from "#server/auth/redis-storage.ts";
import { onError } from "#server/http/on-error.ts";
import { RATE_LIMIT_MESSAGE, rateLimit, rateLimiting } from "#server/http/rate-limit.ts";
import type { AppBindings } from "#server/http/types.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
type RedisStore = Awaited<ReturnType<typeof createRedisStorage>>;

/** One "instance": its own Hono app and its own Redis connection. */
function instance(store: RedisStore, name: string) {
  const app = new Hono<AppBindings>();
  app.use("*", async (c, next) => {
    c.set("user", null);
    // The app sets the client address from the connection or a trusted proxy (src/server/app.ts).
    c.set("clientIp", c.req.header(CLIENT_IP_HEADER) ?? null);
    await next();
  });
  app.use("*", rateLimiting({ store, clock: () => new Date(), enabled: true }));
  app.post("/limited", rateLimit({ name, max: 4, windowSeconds: 3600 }), (c) => c.json({ ok: true }));
  app.onError(onError);
  return (ip: string) => app.request("/limited", { method: "POST", headers: { [CLIENT_IP_HEADER]: ip } });
}

let first: RedisStore;
let second: RedisStore;
beforeAll(async () => {
  first = await createRedisStorage(REDIS_URL);
  second = await createRedisStorage(REDIS_URL);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe("rate limits in Redis", () => {
  it("are shared by two instances: the 5th call is refused whichever instance gets it", async () => {
    const name = `shared-${randomBytes(4).toString("hex")}`;
    const a = instance(first, name);
    const b = instance(second, name);
    const served = [await a("10.0.0.1"), await b("10.0.0.1"), await a("10.0.0.1"), await b("10.0.0.1")];
    expect(served.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const call of [a, b]) {
      const limited = await call("10.0.0.1");
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ error: { code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGE } });
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // Another client address has its own counter.
    expect((await b("10.0.0.2")).status).toBe(200);
  });

  it("expire with their window (the key carries a time to live)", async () => {
    const key = `kairo:rl:ttl-${randomBytes(4).toString("hex")}`;
    expect(await first.increment(key, 60)).toBe(1);
    expect(await second.increment(key, 60)).toBe(2);
    const raw = await first.get(key);
    expect(Number(raw)).toBe(2);
  });
});

describe("a server started with REDIS_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REDIS_URL });
  });
  afterAll(() => server?.close());

  it("keeps its rate-limit counters in Redis, where another instance sees them", async () => {
    const store = server.kairo.deps.rateLimitStore;
    expect(store).not.toHaveProperty("size"); // not the in-memory store
    const key = `kairo:rl:server-${randomBytes(4).toString("hex")}`;
    expect(await store.increment(key, 60)).toBe(1);
    expect(await second.increment(key, 60)).toBe(2);
  });
});

describe("wrong passwords when deleting an account, on two instances sharing Redis", () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ REDIS_URL });
    second = await startTestServer({ REDIS_URL }, { shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("are counted once: 3 on one and 2 on the other use up the 5, for both, until the window ends", async () => {
    const person = await createVerifiedUser(first);
    const onFirst = person.client;
    const onSecond = person.client.at(second.baseUrl);
    expect((await onSecond.get("/api/me")).status).toBe(200);
    // Both instances in the middle of one 15-minute window.
    const at = new Date("2030-05-01T10:07:00Z");
    for (const s of [first, second]) s.clock.set(at);
    try {
      const wrong = async (c: typeof onFirst, i: number) =>
        (await c.post("/api/account/delete", { password: `not-it-${i}` })).status;
      expect([await wrong(onFirst, 1), await wrong(onFirst, 2), await wrong(onFirst, 3)]).toEqual([
        400, 400, 400,
      ]);
      expect([await wrong(onSecond, 4), await wrong(onSecond, 5)]).toEqual([400, 400]);

      // Each instance alone has seen fewer than 5; together they have: the right password waits too.
      for (const c of [onFirst, onSecond]) {
        const res = await c.post<{ error: { code: string; message: string } }>("/api/account/delete", {
          password: person.password,
        });
        expect(res.status).toBe(429);
        expect(res.body.error).toEqual({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGE });
      }
      expect((await onFirst.get("/api/me")).status).toBe(200);

      // The next window starts afresh.
      for (const s of [first, second]) s.clock.set(new Date(at.getTime() + 15 * 60_000));
      expect((await onSecond.post("/api/account/delete", { password: person.password })).status).toBe(200);
      expect((await onFirst.get("/api/me")).status).toBe(401);
    } finally {
      for (const s of [first, second]) s.clock.reset();
    }
  });
});
