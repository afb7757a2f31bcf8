// Resolves the session once per request and offers the guards routes use.
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "#shared/errors/app-error.ts";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { withClientIp } from "./client-ip.ts";
import { lazyChild } from "./every-response.ts";
import { busyError } from "./on-error.ts";
import { requestHeader } from "./request-header.ts";
import { isBanned, readCookie, type SessionRow, sessionByToken, signedToken } from "./session-lookup.ts";
import type { AppBindings, SessionUser } from "./types.ts";

type Found = { user: SessionUser; sessionId: string } | null;

/**
 * Sets `user` and `sessionId` for the request. The common case, a live session that needs no
 * renewal, is one indexed query (src/server/http/session-lookup.ts); an expired session, one due
 * for renewal, and any surprise go through Better Auth's own get-session, which deletes or renews
 * it exactly as before (docs/decisions/012-session-check-per-request.md).
 */
export function sessionMiddleware(auth: Auth, db: Db): MiddlewareHandler<AppBindings> {
  const lookup = sessionByToken(db);
  const settings = auth.$context.then((ctx) => ({
    cookieName: ctx.authCookies.sessionToken.name,
    secret: ctx.secret,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  }));

  const viaBetterAuth = async (headers: Headers): Promise<Found> => {
    const result = await auth.api.getSession({ headers }).catch(() => null);
    if (!result) return null;
    const u = result.user as typeof result.user & { role?: string | null };
    return {
      user: {
        id: u.id,
        email: u.email,
        name: u.name,
        role: u.role ?? "user",
        emailVerified: u.emailVerified,
      },
      sessionId: result.session.id,
    };
  };

  const fromRow = (row: SessionRow): Found => ({
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      emailVerified: row.emailVerified,
    },
    sessionId: row.sessionId,
  });

  const resolve = async (c: Context<AppBindings>): Promise<Found> => {
    const s = await settings;
    const token = signedToken(readCookie(requestHeader(c, "cookie"), s.cookieName), s.secret);
    // No cookie, or one we did not sign: Better Auth would answer null as well.
    if (!token) return null;
    const row = await lookup(token);
    // Revoked, signed out, or the account is gone (sessions are deleted with it).
    if (!row) return null;
    // Better Auth's get-session does not read the ban; refusing here closes the moment between an
    // admin's ban and the revocation of that person's sessions.
    const now = Date.now();
    if (isBanned(row, now)) return null;
    // Better Auth's clock and rules: expired, or old enough to be renewed (it writes the new expiry).
    const expired = row.expiresAt.getTime() < now;
    const dueForRenewal = row.expiresAt.getTime() - s.expiresInMs + s.updateAgeMs <= now;
    if (expired || dueForRenewal) return viaBetterAuth(withClientIp(c.req.raw.headers, c.get("clientIp")));
    return fromRow(row);
  };

  return async (c, next) => {
    const found = await resolve(c).catch((err) => {
      // A database too busy to answer in time is said so (503 / 429), never taken for signed out.
      const busy = busyError(err);
      if (busy) throw busy;
      // A session check that fails otherwise (the database is down) counts as signed out, and is logged.
      c.get("log").error({ err }, "session check failed; treated as signed out");
      return null;
    });
    if (found) {
      c.set("user", found.user);
      c.set("sessionId", found.sessionId);
      const userId = found.user.id;
      c.set(
        "log",
        lazyChild(c.get("log"), () => ({ userId })),
      );
    } else {
      c.set("user", null);
      c.set("sessionId", null);
    }
    await next();
  };
}

/** The signed-in person, or a 401. */
export function requireUser(c: Context<AppBindings>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return user;
}
