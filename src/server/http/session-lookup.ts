// The common case of the per-request session check, done without Better Auth's general get-session
// path (docs/decisions/012-session-check-per-request.md): the cookie's signature is checked here, and
// the session and its person come from the database in one indexed, prepared query, so a revoked
// session, a sign-out, a ban or a deleted account is refused on the very next request on every
// instance. Nothing is cached between requests.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { param } from "../db/prepared.ts";
import { session, user } from "../db/schema/auth.ts";

/** The value of cookie `name` as Better Auth reads it: the first one, unquoted, URI-decoded. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The session token carried by a cookie Better Auth signed (`token.base64(HMAC-SHA256)`), or null
 * when the cookie is missing or its signature is wrong. Node's HMAC runs synchronously; the Web
 * Crypto one Better Auth uses goes through the thread pool and cost more than the rest of the check.
 */
export function signedToken(cookieValue: string | null, secret: string): string | null {
  if (!cookieValue) return null;
  const dot = cookieValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const signature = cookieValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  // Compared as the canonical base64 text Better Auth writes, in constant time.
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export type SessionRow = {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  name: string;
  role: string;
  emailVerified: boolean;
  banned: boolean | null;
  banExpires: Date | null;
};

/** Reads a session and its person by token (the unique index on session.token), or null. */
export function sessionByToken(db: Db): (token: string) => Promise<SessionRow | null> {
  // Prepared once: on PostgreSQL each pooled connection parses and plans it once, not per request.
  const query = db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
      banned: user.banned,
      banExpires: user.banExpires,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, param("token")))
    .limit(1)
    .prepare("kairo_session_by_token");
  return async (token) => (await query.execute({ token }))[0] ?? null;
}

/** A ban without an end, or one that has not ended yet (Better Auth's admin plugin reads it so). */
export const isBanned = (row: Pick<SessionRow, "banned" | "banExpires">, now: number) =>
  row.banned === true && (row.banExpires === null || row.banExpires.getTime() > now);
