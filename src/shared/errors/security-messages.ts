// What the security settings and the two-factor sign-in step say (spec section 8, "Settings"), and
// how a failed call of theirs reads: Better Auth's error codes first, then the server's own message.
import { AUTH_MESSAGES } from "./auth-messages.ts";

export const SECURITY_MESSAGES = {
  passwordUpdated: "Password updated successfully",
  passwordUpdateFailed: "Failed to update password",
  newPasswordsDoNotMatch: "New passwords do not match",
  passwordTooShort: AUTH_MESSAGES.passwordTooShort,
  wrongCurrentPassword: "Your current password is incorrect.",
  wrongPassword: "Incorrect password. Please try again.",
  twoFactorEnabled: "2FA enabled successfully",
  twoFactorDisabled: "2FA disabled successfully",
  codePlaceholder: "Enter 6-digit code",
  codeFormat: "Enter the 6-digit code from your authenticator app",
  backupCodeFormat: "A backup code is 8 letters and digits",
  invalidCode: "That code is not correct. Check your authenticator app and try again.",
  codeReused: "This code has already been used. Wait for the next code in your authenticator app.",
  invalidBackupCode: "That backup code is not valid or has already been used.",
  challengeExpired: "Your sign-in has timed out. Please enter your email and password again.",
  tooManyCodes: "Too many wrong codes. Please enter your email and password again.",
  sessionRevoked: "Session signed out",
  otherSessionsRevoked: "Signed out everywhere else",
  tooManyAttempts: AUTH_MESSAGES.tooManyAttempts,
} as const;

/** Error code our replay guard answers for a TOTP code that already signed someone in. */
export const TOTP_CODE_REUSED = "TOTP_CODE_REUSED";

export type SecurityFailure = { status?: number; code?: string; message?: string };

const BY_CODE: Record<string, string> = {
  INVALID_PASSWORD: SECURITY_MESSAGES.wrongPassword,
  INVALID_CODE: SECURITY_MESSAGES.invalidCode,
  [TOTP_CODE_REUSED]: SECURITY_MESSAGES.codeReused,
  INVALID_BACKUP_CODE: SECURITY_MESSAGES.invalidBackupCode,
  INVALID_TWO_FACTOR_COOKIE: SECURITY_MESSAGES.challengeExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: SECURITY_MESSAGES.tooManyCodes,
  TOO_MANY_REQUESTS: SECURITY_MESSAGES.tooManyAttempts,
};

/**
 * A readable message for a failed security call. `fallback` is used when the failure carries no
 * message of its own (a network error has one: the spec's mapping reads it).
 */
export function securityErrorMessage(error: SecurityFailure, fallback: string): string {
  // Better Auth's rate limiter and its account lock both answer 429; the lock explains itself.
  if (error.status === 429 && error.code !== "ACCOUNT_TEMPORARILY_LOCKED")
    return SECURITY_MESSAGES.tooManyAttempts;
  const known = error.code ? BY_CODE[error.code] : undefined;
  if (known) return known;
  if (error.message && error.message !== "Failed to fetch") return error.message;
  if (error.message === "Failed to fetch") return "Unable to connect to our servers. Please try again.";
  return fallback;
}
