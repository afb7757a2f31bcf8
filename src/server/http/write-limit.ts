// A limit on one person's simultaneous changes (docs/decisions/016-per-person-write-limit.md).
// Checked right after the session check and before anything takes a database connection: a
// person's writes run at most `running` at a time on this instance, up to `queued` more wait their
// turn in memory (holding no connection), and the rest are refused at once with a 429 — so one
// account flooding changes occupies at most `running` pooled connections, and everyone else keeps
// the rest of the pool.
import type { MiddlewareHandler } from "hono";
import { AppError } from "#shared/errors/app-error.ts";
import { TOO_MANY_CHANGES_MESSAGE } from "./on-error.ts";
import type { AppBindings } from "./types.ts";

export const WRITE_LIMIT = { running: 2, queued: 16, maxWaitMs: 10_000 } as const;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

type Lane = { running: number; waiting: Array<(granted: boolean) => void> };

export function createWriteLimiter(limits: { running: number; queued: number; maxWaitMs: number }) {
  const lanes = new Map<string, Lane>();

  const release = (key: string, lane: Lane) => {
    const next = lane.waiting.shift();
    // The slot passes straight to the next in line.
    if (next) return next(true);
    lane.running -= 1;
    if (lane.running === 0) lanes.delete(key);
  };

  /** Resolves with a release function once `key` may run, or null when it must be refused. */
  const acquire = async (key: string): Promise<(() => void) | null> => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(key, lane);
    }
    const held = lane;
    const done = () => release(key, held);
    if (held.running < limits.running) {
      held.running += 1;
      return done;
    }
    if (held.waiting.length >= limits.queued) return null;
    const granted = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        const at = held.waiting.indexOf(turn);
        if (at >= 0) held.waiting.splice(at, 1);
        resolve(false);
      }, limits.maxWaitMs);
      const turn = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      held.waiting.push(turn);
    });
    return granted ? done : null;
  };

  return { acquire, size: () => lanes.size };
}

export function personWriteLimit(
  limits: { running: number; queued: number; maxWaitMs: number } = WRITE_LIMIT,
): MiddlewareHandler<AppBindings> {
  const limiter = createWriteLimiter(limits);
  return async (c, next) => {
    const user = c.get("user");
    if (!user || READS.has(c.req.method)) return next();
    const release = await limiter.acquire(user.id);
    if (!release) {
      c.get("log").warn("too many simultaneous changes of one person; refused");
      throw new AppError("RATE_LIMITED", TOO_MANY_CHANGES_MESSAGE, { retryAfterSeconds: 1 });
    }
    try {
      await next();
    } finally {
      release();
    }
  };
}
