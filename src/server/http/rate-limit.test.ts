import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import { onError } from "./on-error.ts";
import { memoryCounterStore, RATE_LIMIT_MESSAGE, rateLimit, rateLimiting } from "./rate-limit.ts";
import type { AppBindings, CounterStore } from "./types.ts";

/** A clock the test moves by hand. */
function manualClock(start = "2026-03-01T10:00:10Z") {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

function appWith(o: { store?: CounterStore; clock: () => Date; enabled?: boolean }) {
  const app = new Hono<AppBindings>();
  app.use("*", async (c, next) => {
    const userId = c.req.header("x-test-user");
    c.set("user", userId ? { id: userId, email: "", name: "", role: "user", emailVerified: true } : null);
    // The app sets the client address from the connection or a trusted proxy (src/server/app.ts).
    c.set("clientIp", c.req.header(CLIENT_IP_HEADER) ?? null);
    await next();
  });
  app.use(
    "*",
    rateLimiting({ store: o.store ?? memoryCounterStore(), clock: o.clock, enabled: o.enabled ?? true }),
  );
  app.post("/checkout", rateLimit({ name: "checkout", max: 3, windowSeconds: 60 }), (c) =>
    c.json({ ok: true }),
  );
  app.post("/other", rateLimit({ name: "other", max: 3, windowSeconds: 60 }), (c) => c.json({ ok: true }));
  app.onError(onError);
  const call = (path: string, who: { user?: string; ip?: string }) =>
    app.request(path, {
      method: "POST",
      headers: {
        ...(who.user ? { "x-test-user": who.user } : {}),
        ...(who.ip ? { [CLIENT_IP_HEADER]: who.ip } : {}),
      },
    });
  return { app, call };
}

async function statuses(responses: (Response | Promise<Response>)[]) {
  return (await Promise.all(responses)).map((r) => r.status);
}

describe("rateLimit", () => {
  it("serves max calls per window, then answers 429 with the readable message and Retry-After", async () => {
    const clock = manualClock("2026-03-01T10:00:10Z");
    const { call } = appWith({ clock: clock.now });
    for (let i = 0; i < 3; i++) expect((await call("/checkout", { user: "a" })).status).toBe(200);
    const limited = await call("/checkout", { user: "a" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGE } });
    expect(RATE_LIMIT_MESSAGE).toBe("Too many attempts. Please wait a moment and try again.");
    // The window started at 10:00:00 and ends at 10:01:00: 50 seconds left.
    expect(limited.headers.get("retry-after")).toBe("50");
  });

  it("opens again when the next window starts", async () => {
    const clock = manualClock("2026-03-01T10:00:59Z");
    const { call } = appWith({ clock: clock.now });
    for (let i = 0; i < 3; i++) await call("/checkout", { user: "a" });
    const limited = await call("/checkout", { user: "a" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    clock.advance(1_000);
    expect((await call("/checkout", { user: "a" })).status).toBe(200);
  });

  it("counts each person separately, and visitors by client address", async () => {
    const { call } = appWith({ clock: manualClock().now });
    await statuses([1, 2, 3, 4].map(() => call("/checkout", { user: "a", ip: "10.0.0.1" })));
    expect((await call("/checkout", { user: "a", ip: "10.0.0.9" })).status).toBe(429); // same person, new address
    expect((await call("/checkout", { user: "b", ip: "10.0.0.1" })).status).toBe(200); // other person, same address
    expect(await statuses([1, 2, 3].map(() => call("/checkout", { ip: "10.0.0.1" })))).toEqual([
      200, 200, 200,
    ]);
    expect((await call("/checkout", { ip: "10.0.0.1" })).status).toBe(429);
    expect((await call("/checkout", { ip: "10.0.0.2" })).status).toBe(200);
  });

  it("keeps limits of different names apart", async () => {
    const { call } = appWith({ clock: manualClock().now });
    for (let i = 0; i < 4; i++) await call("/checkout", { user: "a" });
    expect((await call("/checkout", { user: "a" })).status).toBe(429);
    expect((await call("/other", { user: "a" })).status).toBe(200);
  });

  it("does nothing when rate limits are disabled", async () => {
    const { call } = appWith({ clock: manualClock().now, enabled: false });
    expect(await statuses([1, 2, 3, 4, 5].map(() => call("/checkout", { user: "a" })))).toEqual([
      200, 200, 200, 200, 200,
    ]);
  });

  it("serves (and does not crash) when the counter store fails", async () => {
    const down = async () => {
      throw new Error("redis down");
    };
    const broken: CounterStore = { increment: down, get: down, delete: down };
    const { call } = appWith({ clock: manualClock().now, store: broken });
    expect(await statuses([1, 2, 3, 4].map(() => call("/checkout", { user: "a" })))).toEqual([
      200, 200, 200, 200,
    ]);
  });

  it("works in an app built without rateLimiting() (its own memory counters)", async () => {
    const app = new Hono<AppBindings>();
    app.use("*", async (c, next) => {
      c.set("clientIp", "10.9.9.9");
      await next();
    });
    app.post("/x", rateLimit({ name: "standalone-test", max: 1, windowSeconds: 3600 }), (c) => c.text("ok"));
    const send = () => app.request("/x", { method: "POST" });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
  });

  it("refuses a nonsensical configuration at start-up", () => {
    expect(() => rateLimit({ name: "x", max: 0, windowSeconds: 60 })).toThrow();
    expect(() => rateLimit({ name: "x", max: 1, windowSeconds: 0.5 })).toThrow();
  });
});

describe("memoryCounterStore", () => {
  it("counts per key and forgets a key after its time to live", async () => {
    const store = memoryCounterStore();
    expect(await store.increment("a", 60)).toBe(1);
    expect(await store.increment("a", 60)).toBe(2);
    expect(await store.increment("b", 60)).toBe(1);
    expect(await store.increment("short", 0.001)).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.increment("short", 0.001)).toBe(1);
  });

  it("reads a count without changing it, and deletes it", async () => {
    const store = memoryCounterStore();
    expect(await store.get("a")).toBeNull();
    await store.increment("a", 60);
    await store.increment("a", 60);
    expect(await store.get("a")).toBe("2");
    expect(await store.get("a")).toBe("2");
    await store.delete("a");
    expect(await store.get("a")).toBeNull();
    expect(await store.increment("a", 60)).toBe(1);
  });
});
