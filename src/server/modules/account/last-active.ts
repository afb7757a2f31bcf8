// "Last active" of each session for Settings → Active sessions. Better Auth's updatedAt moves only
// when it renews a session (SESSION_RENEW_AFTER_SECONDS, a day by default), so every signed-in API
// request records the time here instead, throttled to one write per session per minute: this
// instance remembers when it last wrote, and the UPDATE itself skips a row another instance wrote
// within the minute.
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { LAST_ACTIVE_RESOLUTION_MS } from "#shared/contracts/sessions.ts";
import type { Db } from "../../db/client.ts";
import { session } from "../../db/schema/auth.ts";
import type { AppBindings } from "../../http/types.ts";

/** Past this many remembered sessions, the ones not written within the minute are forgotten. */
const REMEMBERED_MAX = 10_000;

export function createActivityRecorder(db: Db, every = LAST_ACTIVE_RESOLUTION_MS) {
  const written = new Map<string, number>();
  return {
    /** Records that `sessionId` was used at `now`, unless that was already done within `every`. */
    async touch(sessionId: string, now: Date): Promise<void> {
      const t = now.getTime();
      const last = written.get(sessionId);
      // A clock that went backwards (a test, a corrected server clock) writes again.
      if (last !== undefined && t >= last && t - last < every) return;
      if (written.size >= REMEMBERED_MAX) {
        for (const [id, at] of written) if (Math.abs(t - at) >= every) written.delete(id);
      }
      written.set(sessionId, t);
      await db
        .update(session)
        .set({ lastActiveAt: now })
        .where(
          and(
            eq(session.id, sessionId),
            or(
              isNull(session.lastActiveAt),
              lte(session.lastActiveAt, new Date(t - every)),
              gt(session.lastActiveAt, now),
            ),
          ),
        );
    },
  };
}

/** Records the activity of the signed-in session of each API request (after sessionMiddleware). */
export function lastActiveMiddleware(o: { db: Db; clock: () => Date }): MiddlewareHandler<AppBindings> {
  const recorder = createActivityRecorder(o.db);
  return async (c, next) => {
    const sessionId = c.get("sessionId");
    if (sessionId) {
      try {
        // Awaited, so a list of sessions read by this very request already shows it.
        await recorder.touch(sessionId, o.clock());
      } catch (err) {
        // Bookkeeping: the request is served whatever happened to it.
        c.get("log").warn({ err }, "could not record the session's last activity");
      }
    }
    await next();
  };
}
