// Mounts Better Auth under /api/auth after validating the bodies of the calls our screens make with
// the shared schemas, so bad input gets our 400 shape and never reaches the auth tables. Session
// tokens never reach the browser: the calls that answer other sessions' tokens are closed (Active
// sessions has its own routes, by session id, in modules/account), and the browser's own token is
// taken out of every answer, since the HttpOnly cookie already carries it.
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
  verifyBackupCodeBody,
  verifyTotpBody,
} from "#shared/contracts/security.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { RATE_LIMIT_MESSAGE } from "../http/rate-limit.ts";
import type { AppBindings } from "../http/types.ts";
import { parseWith } from "../http/validate.ts";
import type { Auth } from "./auth.ts";

/**
 * `forward: true` hands Better Auth the parsed body instead of the one sent: the schema normalises
 * it (a backup code typed in lower case with a dash) or fills in a rule (a password change always
 * signs out the other sessions).
 */
type Rule = { schema: z.ZodType; forward?: boolean };

export const VALIDATED: Record<string, Rule> = {
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

/**
 * Better Auth calls that hand a page session tokens: the list answers every session's token, and
 * revoking takes one. GET and DELETE /api/account/sessions replace them.
 */
export const CLOSED_AUTH_PATHS = ["/list-sessions", "/revoke-session"] as const;

/** The answer without its session token (top level, and `session.token` of get-session). */
async function withoutSessionTokens(res: Response): Promise<Response> {
  if (!res.headers.get("content-type")?.includes("application/json")) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  if (body && typeof body === "object") {
    const o = body as { token?: unknown; session?: { token?: unknown } | null };
    delete o.token;
    if (o.session && typeof o.session === "object") delete o.session.token;
  }
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: res.status, statusText: res.statusText, headers });
}

/**
 * The GET calls that are open: the session of the page, and the two links mailed to people (verify
 * the address, open a password reset), plus Better Auth's error page those links may land on. Every
 * other GET (list-accounts and the like) answers 404, as unlisted POSTs do.
 */
const OPEN_GETS = [/^\/get-session$/, /^\/verify-email$/, /^\/reset-password\/[^/]+$/, /^\/error$/];

/** Better Auth's own 429 (its shape, X-Retry-After) as Kairo's error shape with Retry-After. */
function ourRateLimitAnswer(res: Response): Response {
  if (res.status !== 429) return res;
  const retryAfter = res.headers.get("x-retry-after") ?? res.headers.get("retry-after") ?? "60";
  return Response.json(new AppError("RATE_LIMITED", RATE_LIMIT_MESSAGE).toBody(), {
    status: 429,
    headers: { "Retry-After": retryAfter },
  });
}

export function authRoutes(auth: Auth) {
  const app = new Hono<AppBindings>();
  const handle = async (req: Request) => withoutSessionTokens(ourRateLimitAnswer(await auth.handler(req)));
  app.on(["GET", "POST"], "/*", async (c) => {
    const sub = c.req.path.replace(/^\/api\/auth/, "");
    if ((CLOSED_AUTH_PATHS as readonly string[]).includes(sub)) {
      throw new AppError("NOT_FOUND", "No such API route.");
    }
    if (c.req.method === "GET") {
      if (!OPEN_GETS.some((open) => open.test(sub))) throw new AppError("NOT_FOUND", "No such API route.");
      return handle(c.req.raw);
    }
    const rule = VALIDATED[sub];
    if (!rule) {
      if (UNVALIDATED_POSTS.has(sub)) return handle(c.req.raw);
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
    if (!rule.forward) return handle(c.req.raw);
    const headers = new Headers(c.req.raw.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    return handle(new Request(c.req.raw.url, { method: "POST", headers, body: JSON.stringify(parsed) }));
  });
  return app;
}
