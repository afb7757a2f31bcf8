// A fixed-window rate limit for our own routes (Better Auth limits its calls itself, see
// AUTH_RATE_LIMITS in src/server/auth/auth.ts). Counters are keyed by the limit's name, the window
// and who is calling: the signed-in person, else the client address. They live in Redis when
// REDIS_URL is set, so every instance shares them, else in this process's memory.
//
//   route.post("/checkout", rateLimit({ name: "checkout", max: 10, windowSeconds: 60 }), handler)
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppBindings, CounterStore, RateLimiting } from "./types.ts";

/** What the web shows for any 429 (spec section 8), answered in our error shape. */
export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a moment and try again.";

export type RateLimitOptions = {
  /** Names the counter; two limits with the same name share it. */
  name: string;
  /** Calls allowed per window; the next one answers 429. */
  max: number;
  windowSeconds: number;
  /** What the 429 says; RATE_LIMIT_MESSAGE (the spec's text) when omitted. */
  message?: string;
};

export type WindowCount = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one more call of `who` against `limit` in the current fixed window of `now`: whether it is
 * within the limit, and how many seconds remain until the window ends. The same counters serve the
 * HTTP limits below, the socket limits (src/server/realtime) and the feed's; they live in Redis when
 * REDIS_URL is set, so every instance counts together. Throws when the store fails: the caller
 * decides whether to serve anyway.
 */
export async function countInWindow(
  store: CounterStore,
  limit: Pick<RateLimitOptions, "name" | "max" | "windowSeconds">,
  who: string,
  now: Date,
): Promise<WindowCount> {
  const windowMs = limit.windowSeconds * 1000;
  const at = now.getTime();
  const window = Math.floor(at / windowMs);
  // The key outlives its window a little so a slow clock between instances cannot reopen it.
  const count = await store.increment(`kairo:rl:${limit.name}:${who}:${window}`, limit.windowSeconds + 5);
  const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * windowMs - at) / 1000));
  return { allowed: count <= limit.max, count, retryAfterSeconds };
}

/** Counters in this process only: right for one instance, and the fallback without Redis. */
export function memoryCounterStore(): CounterStore & { size(): number } {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  let calls = 0;
  return {
    async increment(key, ttlSeconds) {
      const now = Date.now();
      // Sweep expired windows now and then so the map cannot grow without bound.
      if (++calls % 500 === 0) {
        for (const [k, v] of counters) if (v.expiresAt <= now) counters.delete(k);
      }
      const current = counters.get(key);
      if (!current || current.expiresAt <= now) {
        counters.set(key, { count: 1, expiresAt: now + ttlSeconds * 1000 });
        return 1;
      }
      current.count += 1;
      return current.count;
    },
    async get(key) {
      const current = counters.get(key);
      return current && current.expiresAt > Date.now() ? String(current.count) : null;
    },
    async delete(key) {
      counters.delete(key);
    },
    size: () => counters.size,
  };
}

// Used when a Hono app is built without `rateLimiting()` (a module tested on its own).
const fallback: RateLimiting = { store: memoryCounterStore(), clock: () => new Date(), enabled: true };

/** The limits' store, clock and switch for this request (shared with the password attempt counts). */
export function rateLimitingOf(c: Context<AppBindings>): RateLimiting {
  return c.get("rateLimiting") ?? fallback;
}

/** Makes the store, clock and switch available to every `rateLimit` below it. */
export function rateLimiting(r: RateLimiting): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    c.set("rateLimiting", r);
    await next();
  };
}

export function rateLimit(o: RateLimitOptions): MiddlewareHandler<AppBindings> {
  if (!Number.isInteger(o.max) || o.max < 1) throw new Error(`rateLimit ${o.name}: max must be 1 or more`);
  if (!Number.isInteger(o.windowSeconds) || o.windowSeconds < 1) {
    throw new Error(`rateLimit ${o.name}: windowSeconds must be 1 or more`);
  }
  return async (c, next) => {
    const r = rateLimitingOf(c);
    if (!r.enabled) return next();
    const user = c.get("user");
    const who = user ? `u:${user.id}` : `ip:${c.get("clientIp") ?? "unknown"}`;
    let counted: WindowCount;
    try {
      counted = await countInWindow(r.store, o, who, r.clock());
    } catch (err) {
      // A broken counter store must not take the feature down with it: serve, and say so loudly.
      c.get("log")?.error({ err, limit: o.name }, "rate limit store failed; request served unlimited");
      return next();
    }
    if (!counted.allowed) {
      c.get("log")?.warn({ limit: o.name, who }, "rate limited");
      return c.json(new AppError("RATE_LIMITED", o.message ?? RATE_LIMIT_MESSAGE).toBody(), 429, {
        "Retry-After": String(counted.retryAfterSeconds),
      });
    }
    return next();
  };
}
