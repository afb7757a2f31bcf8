// The Better Auth calls our screens make, over plain fetch (keeps the auth client out of the bundle).
import { betterAuthSignIn } from "#shared/contracts/auth.ts";
import { paths } from "#web/config/paths.ts";
import { apiFetch, apiSend } from "./api-client.ts";
import { refreshSession, setSignedOut } from "./session.ts";

export const authApi = {
  signUp: (body: { name: string; email: string; password: string }) =>
    apiSend("/api/auth/sign-up/email", {
      method: "POST",
      json: { ...body, callbackURL: paths.authCallback },
    }),

  async signIn(body: { email: string; password: string }) {
    const res = await apiFetch("/api/auth/sign-in/email", {
      method: "POST",
      json: body,
      schema: betterAuthSignIn,
    });
    await refreshSession();
    return res;
  },

  /** Second step of a sign-in with two-factor: a code from the authenticator app. */
  async verifyTotp(code: string) {
    await apiSend("/api/auth/two-factor/verify-totp", { method: "POST", json: { code } });
    await refreshSession();
  },

  /** Second step of a sign-in with two-factor: one of the backup codes (each works once). */
  async verifyBackupCode(code: string) {
    await apiSend("/api/auth/two-factor/verify-backup-code", { method: "POST", json: { code } });
    await refreshSession();
  },

  /** Signs out; `leavingTo` is the page the caller is taking the person to (see setSignedOut). */
  async signOut(leavingTo?: string) {
    await apiSend("/api/auth/sign-out", { method: "POST", json: {} });
    setSignedOut(leavingTo);
  },

  sendVerificationEmail: (email: string) =>
    apiSend("/api/auth/send-verification-email", {
      method: "POST",
      json: { email, callbackURL: paths.authCallback },
    }),

  requestPasswordReset: (email: string) =>
    apiSend("/api/auth/request-password-reset", {
      method: "POST",
      json: { email, redirectTo: paths.resetPassword },
    }),

  resetPassword: (newPassword: string, token: string) =>
    apiSend("/api/auth/reset-password", { method: "POST", json: { newPassword, token } }),
};
