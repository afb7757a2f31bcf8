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

/** The signed-in administrator, or a 401/403. */
export function requireAdmin(c: Context<AppBindings>): SessionUser {
  const user = requireUser(c);
  if (!isAdminRole(user.role)) throw new AppError("FORBIDDEN", "Administrators only.");
  return user;
}
