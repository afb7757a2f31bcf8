// Resolves the Better Auth session once per request and offers the guards routes use.
import type { Context, MiddlewareHandler } from "hono";
import { isAdminRole } from "#shared/contracts/auth.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Auth } from "../auth/auth.ts";
import type { AppBindings, SessionUser } from "./types.ts";

export function sessionMiddleware(auth: Auth): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (result) {
      const u = result.user as typeof result.user & { role?: string | null };
      c.set("user", {
        id: u.id,
        email: u.email,
        name: u.name,
        role: u.role ?? "user",
        emailVerified: u.emailVerified,
      });
      c.set("sessionId", result.session.id);
      c.set("log", c.get("log").child({ userId: u.id }));
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

/** Reads a person's current role from the database (null when there is no such person). */
export type RoleLookup = (userId: string) => Promise<string | null>;

export const ADMINS_ONLY_MESSAGE = "Only Kairo administrators can do this.";

/**
 * The signed-in administrator (admin or super_admin), or a 401/403. The role is looked up afresh,
 * not taken from the session, so a promotion or demotion counts from the next request; a lookup
 * that fails counts as "not admin" and is logged (spec section 8).
 */
export async function requireAdmin(c: Context<AppBindings>, lookupRole: RoleLookup): Promise<SessionUser> {
  const user = requireUser(c);
  let role: string | null;
  try {
    role = await lookupRole(user.id);
  } catch (err) {
    c.get("log").error({ err }, "admin role lookup failed; treated as not admin");
    role = null;
  }
  if (!isAdminRole(role)) throw new AppError("FORBIDDEN", ADMINS_ONLY_MESSAGE);
  return { ...user, role: role! };
}
