// What the authentication screens say for a failed call: Better Auth's error codes first, then the
// spec's substring mapping, then the screen's own fallback text.
import { AUTH_MESSAGES } from "./auth-messages.ts";
import { mapError } from "./message-mapping.ts";

export type AuthAction =
  | "sign-in"
  | "sign-up"
  | "reset-request"
  | "reset"
  | "resend"
  | "sign-out"
  | "profile";

const FALLBACK: Record<AuthAction, string> = {
  "sign-in": AUTH_MESSAGES.signInFailed,
  "sign-up": AUTH_MESSAGES.signUpFailed,
  "reset-request": AUTH_MESSAGES.resetEmailFailed,
  reset: AUTH_MESSAGES.updatePasswordFailed,
  resend: "Failed to send the verification email. Please try again.",
  "sign-out": AUTH_MESSAGES.signOutFailed,
  profile: AUTH_MESSAGES.updateProfileFailed,
};

export const INVALID_RESET_LINK = "This reset link is invalid or has expired. Please ask for a new one.";

export type AuthFailure = { status?: number; code?: string; message?: string };

export function authErrorMessage(error: AuthFailure, action: AuthAction): string {
  const code = error.code ?? "";
  if (error.status === 429 || code === "TOO_MANY_REQUESTS") return AUTH_MESSAGES.tooManyAttempts;
  if (code === "INVALID_EMAIL_OR_PASSWORD") return AUTH_MESSAGES.wrongCredentials;
  if (code === "EMAIL_NOT_VERIFIED") return AUTH_MESSAGES.verifyBeforeSignIn;
  if (code.startsWith("USER_ALREADY_EXISTS")) return AUTH_MESSAGES.emailExists;
  if (code === "INVALID_TOKEN" && action === "reset") return INVALID_RESET_LINK;
  if (code === "VALIDATION" && error.message) return error.message;
  if (code === "UNAUTHENTICATED" && action === "profile") return AUTH_MESSAGES.mustBeSignedIn;
  const mapped = mapError(error.message ?? "");
  if (mapped.kind !== "unknown") return mapped.message;
  return FALLBACK[action];
}
