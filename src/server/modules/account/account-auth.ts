// The account module's view of Better Auth: check the password against the credential account, and
// revoke one or every session (database and, when Redis is configured, its session cache) through
// Better Auth's own adapter rather than by deleting rows behind its back.
import type { Auth } from "../../auth/auth.ts";
import type { AccountAuth } from "./deletion.ts";

export function betterAuthAccountAuth(auth: Auth): AccountAuth {
  return {
    async verifyPassword(userId, password) {
      const ctx = await auth.$context;
      const credential = await ctx.internalAdapter.findCredentialAccount(userId);
      if (!credential?.password) return false;
      return ctx.password.verify({ hash: credential.password, password });
    },
    async revokeAllSessions(userId) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUserSessions(userId);
    },
    async revokeSession(token) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteSession(token);
    },
  };
}

/** Names and attributes of Better Auth's session cookies, so a response can expire them. */
export async function sessionCookies(auth: Auth) {
  const cookies = (await auth.$context).authCookies;
  return [cookies.sessionToken, cookies.sessionData, cookies.dontRememberToken].map((c) => ({
    name: c.name,
    secure: Boolean(c.attributes.secure),
    path: c.attributes.path ?? "/",
  }));
}
