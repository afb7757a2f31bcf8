// Mounts Better Auth under /api/auth after validating the bodies of the calls our screens make with
// the shared schemas, so bad input gets our 400 shape and never reaches the auth tables.
import { Hono } from "hono";
import type { z } from "zod";
import {
  requestPasswordResetBody,
  resetPasswordBody,
  sendVerificationEmailBody,
  signInBody,
  signUpBody,
} from "#shared/contracts/auth.ts";
import {
  changePasswordBody,
  emptyBody,
  passwordConfirmBody,
  revokeSessionBody,
  verifyBackupCodeBody,
  verifyTotpBody,
} from "#shared/contracts/security.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppBindings } from "../http/types.ts";
import { parseWith } from "../http/validate.ts";
import type { Auth } from "./auth.ts";

/**
 * `forward: true` hands Better Auth the parsed body instead of the one sent: the schema normalises
 * it (a backup code typed in lower case with a dash) or fills in a rule (a password change always
 * signs out the other sessions).
 */
type Rule = { schema: z.ZodType; forward?: boolean };

const VALIDATED: Record<string, Rule> = {
  "/sign-up/email": { schema: signUpBody },
  "/sign-in/email": { schema: signInBody },
  "/request-password-reset": { schema: requestPasswordResetBody },
  "/reset-password": { schema: resetPasswordBody },
  "/send-verification-email": { schema: sendVerificationEmailBody },
  // -- security settings: password, two-factor, sessions
  "/change-password": { schema: changePasswordBody, forward: true },
  "/two-factor/enable": { schema: passwordConfirmBody, forward: true },
  "/two-factor/disable": { schema: passwordConfirmBody, forward: true },
  "/two-factor/get-totp-uri": { schema: passwordConfirmBody, forward: true },
  "/two-factor/generate-backup-codes": { schema: passwordConfirmBody, forward: true },
  "/two-factor/verify-totp": { schema: verifyTotpBody, forward: true },
  "/two-factor/verify-backup-code": { schema: verifyBackupCodeBody, forward: true },
  "/revoke-session": { schema: revokeSessionBody, forward: true },
  "/revoke-other-sessions": { schema: emptyBody, forward: true },
  "/revoke-sessions": { schema: emptyBody, forward: true },
};

/**
 * Better Auth also answers calls Kairo does not use and that would bypass its own rules: update-user
 * (the profile route validates names), change-email (the email is not editable), delete-user (the
 * account route keeps the data for the retention period and ends the subscription), set-password,
 * link-social and others. Only these calls, and sign-out, which takes no body, get through.
 */
const UNVALIDATED_POSTS = new Set(["/sign-out"]);

export function authRoutes(auth: Auth) {
  const app = new Hono<AppBindings>();
  app.on(["GET", "POST"], "/*", async (c) => {
    const sub = c.req.path.replace(/^\/api\/auth/, "");
    if (c.req.method !== "POST") return auth.handler(c.req.raw);
    const rule = VALIDATED[sub];
    if (!rule) {
      if (UNVALIDATED_POSTS.has(sub)) return auth.handler(c.req.raw);
      throw new AppError("NOT_FOUND", "No such API route.");
    }
    const text = await c.req.raw.clone().text();
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new AppError("BAD_JSON", "The request body is not valid JSON.");
    }
    const parsed = parseWith(rule.schema, raw);
    if (!rule.forward) return auth.handler(c.req.raw);
    const headers = new Headers(c.req.raw.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    return auth.handler(
      new Request(c.req.raw.url, { method: "POST", headers, body: JSON.stringify(parsed) }),
    );
  });
  return app;
}
