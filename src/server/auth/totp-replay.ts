// One use per authenticator code (RFC 6238 section 5.2: the verifier must not accept the second
// attempt of an OTP after a successful validation). Better Auth accepts a code throughout its
// window (the current 30-second step and one on either side), so a code seen over someone's
// shoulder would work again for up to 90 seconds. These hooks claim a code for its account before
// Better Auth checks it, refuse a code already claimed, and give the claim back when the check fails.
import { APIError, type createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { SECURITY_MESSAGES, TOTP_CODE_REUSED } from "#shared/errors/security-messages.ts";

const PATH = "/two-factor/verify-totp";
/** The two-factor plugin's pending sign-in cookie (constant.mjs of Better Auth's plugin). */
const TWO_FACTOR_COOKIE = "two_factor";
/** Longer than any window in which Better Auth still accepts a code (3 steps of 30 s). */
const CLAIM_SECONDS = 120;

type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

// The claim travels from the before hook to the after hook of the same request.
const claims = new WeakMap<object, string>();
const requestKey = (ctx: HookCtx): object => ctx.request ?? ctx.context;

/** Whose code it is: the signed-in person (enrolment) or the person halfway through sign-in. */
async function accountOf(ctx: HookCtx): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session?.user?.id) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!pending) return null;
  const row = await ctx.context.internalAdapter.findVerificationValue(pending);
  return row && new Date(row.expiresAt).getTime() > Date.now() ? row.value : null;
}

export async function claimTotpCode(ctx: HookCtx): Promise<void> {
  if (ctx.path !== PATH) return;
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string") return;
  const userId = await accountOf(ctx);
  // No account: Better Auth refuses the call itself (no session, no pending sign-in).
  if (!userId) return;
  const identifier = `totp-used-${userId}-${code}`;
  const used = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (used && new Date(used.expiresAt).getTime() > Date.now()) {
    throw new APIError("BAD_REQUEST", { code: TOTP_CODE_REUSED, message: SECURITY_MESSAGES.codeReused });
  }
  await ctx.context.internalAdapter.createVerificationValue({
    identifier,
    value: userId,
    expiresAt: new Date(Date.now() + CLAIM_SECONDS * 1000),
  });
  claims.set(requestKey(ctx), identifier);
}

/** After the check: a refused code is not "used", so the claim is given back. */
export async function settleTotpClaim(ctx: HookCtx): Promise<void> {
  if (ctx.path !== PATH) return;
  const identifier = claims.get(requestKey(ctx));
  if (!identifier) return;
  claims.delete(requestKey(ctx));
  if (ctx.context.returned instanceof Error) {
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
  }
}
