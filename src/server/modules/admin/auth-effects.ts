// What an admin action must also tell Better Auth once the change is committed: a ban ends the
// person's sessions, a role change refreshes the copies of the user that Better Auth keeps with
// each session in Redis (when configured), so the new role shows on the person's next page load.
import type { Auth } from "../../auth/auth.ts";

export type AuthEffects = {
  revokeSessions(userId: string): Promise<void>;
  refreshSessions(userId: string): Promise<void>;
};

export function betterAuthEffects(auth: Auth): AuthEffects {
  return {
    async revokeSessions(userId) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUserSessions(userId);
    },
    async refreshSessions(userId) {
      const ctx = await auth.$context;
      const fresh = await ctx.internalAdapter.findUserById(userId);
      if (fresh) await ctx.internalAdapter.refreshUserSessions(fresh);
    },
  };
}
