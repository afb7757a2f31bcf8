// Browser tests need to move time for one person only (a trial that ran out, a demo that
// expired) while other tests run beside them on the same server. With NODE_ENV=test, a request
// may carry `x-kairo-test-clock-offset` (milliseconds); the server's clock is shifted by that much
// while the request is handled. In any other mode the header is ignored.
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { requestHeader } from "./request-header.ts";

export const TEST_CLOCK_HEADER = "x-kairo-test-clock-offset";
const MAX_OFFSET_MS = 400 * 86_400_000;

const offsets = new AsyncLocalStorage<number>();

/** The clock used under NODE_ENV=test when no clock is injected. */
export const offsetClock = (): Date => new Date(Date.now() + (offsets.getStore() ?? 0));

export function testClockMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const raw = Number(requestHeader(c, TEST_CLOCK_HEADER));
    if (!Number.isFinite(raw) || raw === 0 || Math.abs(raw) > MAX_OFFSET_MS) return next();
    await offsets.run(raw, next);
  };
}
