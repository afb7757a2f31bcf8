// The Better Auth instance: email + password with verification and reset, sessions, rate limits, and
// the admin, two-factor and organization plugins. Everything it needs is passed in.
import { APIError, betterAuth, type SecondaryStorage } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { admin, jwt, organization, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import { eq, sql } from "drizzle-orm";
import { BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH, generateBackupCodes } from "#shared/domain/backup-codes.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#shared/domain/limits.ts";
import { AUTH_MESSAGES } from "#shared/errors/auth-messages.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { CLIENT_IP_HEADER } from "../http/client-ip.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import type { Logger } from "../logger.ts";
import type { Mailer, MailMessage } from "../providers/mail/mailer.ts";
import { resetPasswordEmail, verificationEmail } from "../providers/mail/templates.ts";
import { claimTotpCode, settleTotpClaim } from "./totp-replay.ts";

// In their own file so that code the browser demo bundles (the session guards) names them without
// importing Better Auth.
export { CLIENT_IP_HEADER, withClientIp } from "../http/client-ip.ts";

/**
 * Requests allowed per window on the sensitive calls (also listed in the README). The first key
 * that matches a path wins, so the two-factor verifications come before the "/two-factor/*" rule.
 */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 300, max: 3 },
  "/reset-password": { window: 300, max: 10 },
  "/send-verification-email": { window: 300, max: 3 },
  "/change-password": { window: 60, max: 5 },
  // A 6-digit code: few guesses per address, on top of Better Auth's own 5 per sign-in attempt and
  // its account lock after 10 failures in a row.
  "/two-factor/verify-totp": { window: 60, max: 5 },
  "/two-factor/verify-backup-code": { window: 60, max: 5 },
  "/two-factor/*": { window: 60, max: 10 },
} as const;

const ac = createAccessControl(defaultStatements);
export const authRoles = {
  user: ac.newRole({ ...userAc.statements }),
  admin: ac.newRole({ ...adminAc.statements }),
  super_admin: ac.newRole({ ...adminAc.statements }),
};

export type AuthOptions = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  baseURL: string;
  secret: string;
  adminEmails: string[];
  /** Emails given super_admin (wins over adminEmails). */
  superAdminEmails: string[];
  sessionTtlSeconds: number;
  sessionRenewAfterSeconds: number;
  rateLimitEnabled: boolean;
  /** Redis, when configured: rate-limit counters shared across instances. */
  secondaryStorage?: SecondaryStorage;
  clock: () => Date; // the app's injectable clock: a trial started at sign-up follows moved time
  /** The one origin rule (http/origin-policy.ts): Better Auth trusts what it trusts. */
  originPolicy: OriginPolicy;
  /** Called after any of a person's sessions is deleted (sign-out, revocation, ban, deletion). */
  onSessionEnded?: (userId: string) => Promise<void>;
  /** Runs once a person's account exists (the composition root starts their trial here). */
  onUserCreated: (userId: string) => Promise<void>;
  /** Runs after a person's password is set (changed or reset): every app grant and API key ends. */
  onPasswordChanged?: (userId: string) => Promise<void>;
};

/** Where the API that OAuth access tokens are for lives: their audience (decision 190). */
export const apiAudience = (baseURL: string) => `${new URL(baseURL).origin}/api/v1`;
/** The MCP server's address: the audience of the tokens an AI assistant holds (decision 293). */
export const mcpAudience = (baseURL: string) => `${new URL(baseURL).origin}/mcp`;

export function createAuth(o: AuthOptions) {
  const secure = o.baseURL.startsWith("https://");
  // Mail leaves in the background: the request answers without waiting for the relay, and a
  // failure is logged (the person can ask again). The message is handed to the mailer right away.
  const sendLater = (message: MailMessage) => {
    o.mailer.send(message).catch((err) => o.logger.error({ err, to: message.to }, "could not send email"));
  };
  return betterAuth({
    appName: "Kairo",
    baseURL: o.baseURL,
    basePath: "/api/auth",
    secret: o.secret,
    // Better Auth adds baseURL's origin itself; with PUBLIC_URL unset that is the announced
    // http://localhost:PORT, which is the address the request was sent to whenever it matters.
    trustedOrigins: (request) =>
      request ? o.originPolicy.trustedFor(request.headers) : [new URL(o.baseURL).origin],
    database: drizzleAdapter(o.db, { provider: "pg", schema }),
    secondaryStorage: o.secondaryStorage,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Sent after answering: a known address must not take longer than an unknown one (the SMTP
      // relay's time would tell them apart; docs/decisions/019).
      sendResetPassword: async ({ user, url }) => {
        sendLater(resetPasswordEmail(user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        sendLater(verificationEmail(user.email, user.name, url));
      },
    },
    session: {
      expiresIn: o.sessionTtlSeconds,
      updateAge: o.sessionRenewAfterSeconds,
      storeSessionInDatabase: true,
    },
    rateLimit: {
      enabled: o.rateLimitEnabled,
      window: 60,
      max: 120,
      storage: o.secondaryStorage ? "secondary-storage" : "database",
      modelName: "rateLimit",
      customRules: AUTH_RATE_LIMITS,
    },
    advanced: {
      // Better Auth skips its origin and redirect checks under NODE_ENV=test; we want them tested.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    hooks: {
      // The spec wants an existing address named as such at sign-up; Better Auth hides it by default.
      // This runs after the rate limiter, so it cannot be used to list accounts quickly.
      before: createAuthMiddleware(async (ctx) => {
        await claimTotpCode(ctx);
        if (ctx.path !== "/sign-up/email") return;
        const email = String(ctx.body?.email ?? "")
          .trim()
          .toLowerCase();
        const existing = await o.db
          .select({ id: schema.user.id })
          .from(schema.user)
          .where(eq(schema.user.email, email))
          .limit(1);
        if (existing.length > 0) {
          throw new APIError("UNPROCESSABLE_ENTITY", {
            code: "USER_ALREADY_EXISTS",
            message: AUTH_MESSAGES.emailExists,
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        await settleTotpClaim(ctx);
      }),
    },
    databaseHooks: {
      session: {
        delete: {
          // Every way a session ends goes through Better Auth's adapter: its sockets end too.
          after: async (ended) => {
            await o.onSessionEnded?.(ended.userId);
          },
        },
      },
      account: {
        update: {
          // Better Auth writes the password on the credential account row: a change and a reset
          // both pass here.
          after: async (account) => {
            if (account.providerId === "credential" && account.password) {
              await o.onPasswordChanged?.(account.userId);
            }
          },
        },
      },
      user: {
        create: {
          before: async (user) => {
            const role = configuredRole(user.email, o.adminEmails, o.superAdminEmails);
            return { data: role ? { ...user, role } : user };
          },
          after: async (user) => {
            await o.onUserCreated(user.id);
          },
        },
      },
    },
    plugins: [
      admin({ ac, roles: authRoles, adminRoles: ["admin", "super_admin"], defaultRole: "user" }),
      twoFactor({
        issuer: "Kairo",
        // Our own codes (src/shared/domain/backup-codes.ts), stored encrypted by Better Auth.
        backupCodeOptions: {
          amount: BACKUP_CODE_COUNT,
          length: BACKUP_CODE_LENGTH,
          customBackupCodesGenerate: () => generateBackupCodes(),
          storeBackupCodes: "encrypted",
        },
      }),
      organization(),
      // Signing keys for OAuth access tokens (decision 190): the private half encrypted with the
      // secret, the public half served at /.well-known/jwks.json.
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        jwt: { issuer: new URL(o.baseURL).origin, audience: apiAudience(o.baseURL), expirationTime: "10m" },
        disableSettingJwtHeader: true,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The role the configuration gives an email at sign-up, if any (super_admin wins). */
function configuredRole(email: string, adminEmails: string[], superAdminEmails: string[]) {
  const e = email.toLowerCase();
  if (superAdminEmails.includes(e)) return "super_admin";
  if (adminEmails.includes(e)) return "admin";
  return null;
}

/**
 * Gives the configured roles at start-up: admin to `emails` still on user, super_admin to
 * `superAdminEmails` not yet super_admin. Never demotes anyone. Returns how many were promoted.
 */
export async function promoteConfiguredAdmins(
  db: Db,
  emails: string[],
  superAdminEmails: string[] = [],
): Promise<number> {
  let promoted = 0;
  if (superAdminEmails.length > 0) {
    const rows = await db
      .update(schema.user)
      .set({ role: "super_admin" })
      .where(sql`lower(${schema.user.email}) in ${superAdminEmails} and ${schema.user.role} <> 'super_admin'`)
      .returning({ id: schema.user.id });
    promoted += rows.length;
  }
  if (emails.length > 0) {
    const rows = await db
      .update(schema.user)
      .set({ role: "admin" })
      .where(sql`lower(${schema.user.email}) in ${emails} and ${schema.user.role} = 'user'`)
      .returning({ id: schema.user.id });
    promoted += rows.length;
  }
  return promoted;
}
