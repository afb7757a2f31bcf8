import type { SessionUser } from "#shared/contracts/auth.ts";
import type { Logger } from "../logger.ts";

export type { SessionUser };

/** Values every request carries through the middleware chain. */
export type AppBindings = {
  Variables: {
    requestId: string;
    log: Logger;
    /** The client's address as trusted (src/server/app.ts), null when unknown. */
    clientIp: string | null;
    user: SessionUser | null;
    sessionId: string | null;
    /** Store, clock and switch of `rateLimit` (src/server/http/rate-limit.ts). */
    rateLimiting: RateLimiting;
  };
};

/**
 * Counters by key: `increment` is an atomic "add one and return the new count", the key expiring
 * after `ttlSeconds`; `get` reads a count without changing it (as text or a number, null when there
 * is none). Better Auth's Redis secondary storage (src/server/auth/redis-storage.ts) is one.
 */
export type CounterStore = {
  increment(key: string, ttlSeconds: number): Promise<number> | number;
  get(key: string): Promise<unknown> | unknown;
  delete(key: string): Promise<unknown> | unknown;
};

/** How the app's limits run; set once per request by the /api layer in app.ts (`rateLimiting()` in the demo app). */
export type RateLimiting = {
  store: CounterStore;
  clock: () => Date;
  /** RATE_LIMIT_DISABLED turns every limit off (never in production). */
  enabled: boolean;
};
