import { describe, expect, it } from "vitest";
import { SECURITY_MESSAGES, securityErrorMessage, TOTP_CODE_REUSED } from "./security-messages.ts";

describe("securityErrorMessage", () => {
  it.each([
    [{ status: 400, code: "INVALID_PASSWORD", message: "Invalid password" }, SECURITY_MESSAGES.wrongPassword],
    [{ status: 401, code: "INVALID_CODE", message: "Invalid code" }, SECURITY_MESSAGES.invalidCode],
    [{ status: 400, code: TOTP_CODE_REUSED, message: "x" }, SECURITY_MESSAGES.codeReused],
    [
      { status: 401, code: "INVALID_BACKUP_CODE", message: "Invalid backup code" },
      SECURITY_MESSAGES.invalidBackupCode,
    ],
    [{ status: 401, code: "INVALID_TWO_FACTOR_COOKIE" }, SECURITY_MESSAGES.challengeExpired],
    [
      { status: 429, code: "HTTP_429", message: "Too many requests" },
      "Too many attempts. Please wait a moment and try again.",
    ],
    [
      { status: 429, code: "ACCOUNT_TEMPORARILY_LOCKED", message: "Your account is temporarily locked." },
      "Your account is temporarily locked.",
    ],
    [{ status: 400, code: "VALIDATION", message: "Enter the 6-digit code" }, "Enter the 6-digit code"],
    [
      { status: 0, code: "NETWORK", message: "Failed to fetch" },
      "Unable to connect to our servers. Please try again.",
    ],
    [{}, "fallback"],
  ])("%j reads %j", (failure, expected) => {
    expect(securityErrorMessage(failure, "fallback")).toBe(expected);
  });

  it("keeps the spec's notices verbatim", () => {
    expect(SECURITY_MESSAGES.passwordUpdated).toBe("Password updated successfully");
    expect(SECURITY_MESSAGES.passwordUpdateFailed).toBe("Failed to update password");
    expect(SECURITY_MESSAGES.twoFactorEnabled).toBe("2FA enabled successfully");
    expect(SECURITY_MESSAGES.twoFactorDisabled).toBe("2FA disabled successfully");
    expect(SECURITY_MESSAGES.newPasswordsDoNotMatch).toBe("New passwords do not match");
    expect(SECURITY_MESSAGES.passwordTooShort).toBe("Password must be at least 8 characters");
    expect(SECURITY_MESSAGES.codePlaceholder).toBe("Enter 6-digit code");
  });
});
