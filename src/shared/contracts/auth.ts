// Request bodies of the authentication calls. The web forms and the server use the same schemas,
// so a rule (and its message) is written once.
import { z } from "zod";
import {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGN_IN_PASSWORD_MIN,
  TEXT_FIELD_MAX,
  URL_MAX,
} from "../domain/limits.ts";
import { AUTH_MESSAGES } from "../errors/auth-messages.ts";

/** "X is required" when absent, "X must be text" when something else was sent. */
export const textError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;

/** A simple email pattern, as the sign-in form checks live. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it refuses
export const EMAIL_PATTERN = /^[^\s@\u0000-\u001f]+@[^\s@\u0000-\u001f]+\.[^\s@\u0000-\u001f]+$/;

export const emailField = z
  .string({ error: textError("Email") })
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail);

export const newPasswordField = z
  .string({ error: textError("Password") })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** No NUL characters: PostgreSQL cannot store them in text. */
export const noNul = (s: string) => !s.includes("\u0000");
const NUL_MESSAGE = "Text must not contain control characters";

const callbackField = z.string().max(URL_MAX, "Address is too long").optional();

export const fullNameField = z
  .string({ error: textError("Full Name") })
  .trim()
  .min(1, "Full Name is required")
  .max(NAME_MAX, `Full Name must be at most ${NAME_MAX} characters`)
  .refine(noNul, NUL_MESSAGE);

/** Body of POST /api/auth/sign-up/email (Better Auth names the full name `name`). */
export const signUpBody = z
  .object({
    name: fullNameField,
    email: emailField,
    password: newPasswordField,
    callbackURL: callbackField,
  })
  .strict();

/** The sign-up form: the body plus the confirmation field, checked in the browser. */
export const signUpForm = z
  .object({
    fullName: fullNameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });

/**
 * Sign-in checks at least 6 characters, as the spec's sign-in form does (sign-up, reset and change
 * ask 8, so no stored password is shorter: a shorter one is refused here before Better Auth).
 */
export const signInBody = z
  .object({
    email: emailField,
    password: z
      .string({ error: textError("Password") })
      .min(1, "Password is required")
      .min(SIGN_IN_PASSWORD_MIN, AUTH_MESSAGES.signInPasswordTooShort)
      .max(PASSWORD_MAX),
    rememberMe: z.boolean().optional(),
    callbackURL: callbackField,
  })
  .strict();

export const signInForm = signInBody.pick({ email: true, password: true });

export const requestPasswordResetBody = z.object({ email: emailField, redirectTo: callbackField }).strict();

export const resetPasswordBody = z
  .object({
    newPassword: newPasswordField,
    token: z.string().min(1, "The reset link is incomplete").max(500).refine(noNul, NUL_MESSAGE),
  })
  .strict();

export const resetPasswordForm = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });

export const sendVerificationEmailBody = z.object({ email: emailField, callbackURL: callbackField }).strict();

export const profileUpdateBody = z
  .object({
    fullName: fullNameField.optional(),
    jobTitle: z
      .string()
      .trim()
      .max(TEXT_FIELD_MAX, `Job Title must be at most ${TEXT_FIELD_MAX} characters`)
      .refine(noNul, NUL_MESSAGE)
      .optional(),
    company: z
      .string()
      .trim()
      .max(TEXT_FIELD_MAX, `Company must be at most ${TEXT_FIELD_MAX} characters`)
      .refine(noNul, NUL_MESSAGE)
      .optional(),
  })
  .strict();

export type SignUpBody = z.infer<typeof signUpBody>;
export type SignUpForm = z.infer<typeof signUpForm>;
export type SignInForm = z.infer<typeof signInForm>;
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export { isAdminRole, ROLES, type Role } from "../domain/roles.ts";

import { ROLES } from "../domain/roles.ts";

/** The signed-in person as the API describes them (GET /api/me, PATCH /api/profile). */
export const meDto = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  preferences: z.object({ job_title: z.string().optional(), company: z.string().optional() }),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meDto>;

/**
 * The signed-in person as the session knows them: what the server's session check puts on each
 * request and what the web's session store reads from Better Auth's get-session.
 */
export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  /** Sent by Better Auth's get-session (null for an account that never set it); the server's own
   * session check does not read it. */
  twoFactorEnabled: z.boolean().nullish(),
});
export type SessionUser = z.infer<typeof sessionUser>;

// Better Auth's answers, as the web reads them: a library's shapes, so only the fields the web uses
// are named, and any others pass (looseObject; `sessionUser` drops the rest of the user row).

/** GET /api/auth/get-session: null when signed out. */
export const betterAuthSession = z
  .looseObject({ user: sessionUser, session: z.looseObject({ expiresAt: z.string() }) })
  .nullable();

/** POST /api/auth/sign-in/email: `twoFactorRedirect` when the account asks for its second factor. */
export const betterAuthSignIn = z.looseObject({ twoFactorRedirect: z.boolean().optional() });

/** POST /api/auth/two-factor/enable: the authenticator's otpauth URI and the backup codes. */
export const betterAuthTwoFactorEnrolment = z.looseObject({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof betterAuthTwoFactorEnrolment>;
