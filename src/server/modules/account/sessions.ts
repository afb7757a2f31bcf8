// Settings → Active sessions, by session row id. The token never leaves the server: it is what the
// session cookie holds, so a page that could read it could sign in as the person elsewhere.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { ActiveSession } from "#shared/contracts/sessions.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { session } from "../../db/schema/auth.ts";
import type { AccountAuth } from "./deletion.ts";

export const SESSION_NOT_FOUND = "Session not found. It may have been signed out already.";

/** The most sessions the list shows: each sign-in adds one, and they live for the session's length. */
export const SESSIONS_SHOWN = 50;

/**
 * The person's unexpired sessions, at most SESSIONS_SHOWN: `currentId`'s first, then by latest
 * activity. Last activity is Kairo's own record (last-active.ts) or Better Auth's renewal time,
 * whichever is later: a renewal happens on a request too, and a session that has made no request
 * since the column was added has only that.
 */
export async function listActiveSessions(
  db: Db,
  userId: string,
  currentId: string | null,
  now: Date,
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      lastActiveAt: session.lastActiveAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(
      sql`(${session.id} = ${currentId ?? ""}) desc`,
      sql`greatest(${session.updatedAt}, coalesce(${session.lastActiveAt}, ${session.updatedAt})) desc`,
      desc(session.id),
    )
    .limit(SESSIONS_SHOWN);
  return rows
    .map((r) => {
      const lastActive = r.lastActiveAt && r.lastActiveAt > r.updatedAt ? r.lastActiveAt : r.updatedAt;
      return {
        id: r.id,
        userAgent: r.userAgent,
        ipAddress: r.ipAddress,
        createdAt: r.createdAt.toISOString(),
        lastActiveAt: lastActive.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        current: r.id === currentId,
      };
    })
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt),
    );
}

/**
 * Signs out one of the person's own sessions. Someone else's id (or one that is gone) is a 404, the
 * same answer either way, so ids cannot be probed. Returns whether it was the caller's own session.
 */
export async function revokeOwnSession(
  deps: { db: Db; auth: Pick<AccountAuth, "revokeSession"> },
  person: { id: string; sessionId: string | null },
  id: string,
): Promise<{ wasCurrent: boolean }> {
  const [row] = await deps.db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, id), eq(session.userId, person.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  // Through Better Auth, so the copy it keeps in Redis (when configured) goes as well.
  await deps.auth.revokeSession(row.token);
  return { wasCurrent: id === person.sessionId };
}
