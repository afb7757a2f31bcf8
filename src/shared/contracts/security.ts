// Request bodies of the security settings and the two-factor sign-in step, all Better Auth calls:
// the server checks them (src/server/auth/routes.ts) before Better Auth sees them, and the web forms
// use the same rules and messages.
import { z } from "zod";
import { BACKUP_CODE_PATTERN, normalizeBackupCode } from "../domain/backup-codes.ts";
import { PASSWORD_MAX } from "../domain/limits.ts";
import { SECURITY_MESSAGES } from "../errors/security-messages.ts";
import { newPasswordField, textError } from "./auth.ts";

/** Spec section 9: a two-factor code has 6 characters (digits). */
export const TOTP_CODE_LENGTH = 6;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

const existingPassword = (label: string) =>
  z
    .string({ error: textError(label) })
    .min(1, `${label} is required`)
    .max(PASSWORD_MAX, `${label} must be at most ${PASSWORD_MAX} characters`);

export const totpCodeField = z
  .string({ error: textError("Code") })
  .trim()
  .min(1, "Code is required")
  .regex(TOTP_CODE_PATTERN, SECURITY_MESSAGES.codeFormat);

export const backupCodeField = z
  .string({ error: textError("Backup code") })
  .max(40, SECURITY_MESSAGES.backupCodeFormat)
  .transform(normalizeBackupCode)
  .pipe(
    z
      .string()
      .min(1, "Backup code is required")
      .regex(BACKUP_CODE_PATTERN, SECURITY_MESSAGES.backupCodeFormat),
  );

/** POST /api/auth/change-password. Changing the password always signs out the other sessions. */
export const changePasswordBody = z
  .object({
    currentPassword: existingPassword("Current password"),
    newPassword: newPasswordField,
    revokeOtherSessions: z
      .literal(true, { error: "Other sessions are always signed out when the password changes" })
      .default(true),
  })
  .strict();

/** The Change Password form: all three fields required, the new one twice the same. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, "Current password is required"),
    newPassword: z
      .string()
      .min(1, "New password is required")
      .min(8, SECURITY_MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirmPassword: z.string().min(1, "Please confirm your new password"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: SECURITY_MESSAGES.newPasswordsDoNotMatch,
  });

/** Enable or disable two-factor, or show the authenticator URI again: the password confirms it. */
export const passwordConfirmBody = z.object({ password: existingPassword("Password") }).strict();

/** POST /api/auth/two-factor/verify-totp, in settings (enrolment) and at sign-in. */
export const verifyTotpBody = z.object({ code: totpCodeField }).strict();

/** POST /api/auth/two-factor/verify-backup-code, at sign-in. */
export const verifyBackupCodeBody = z.object({ code: backupCodeField }).strict();

/** POST /api/auth/revoke-other-sessions and /revoke-sessions take no options. */
export const emptyBody = z.object({}).strict();

export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
