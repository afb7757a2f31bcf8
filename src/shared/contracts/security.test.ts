// The shared rules of the security settings and the two-factor sign-in step (spec section 5).
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  changePasswordBody,
  changePasswordForm,
  emptyBody,
  passwordConfirmBody,
  verifyBackupCodeBody,
  verifyTotpBody,
} from "./security.ts";

function firstMessage(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return result.error.issues[0]!.message;
}

describe("change password form", () => {
  const ok = {
    currentPassword: "old-secret-1",
    newPassword: "New-Secret-22",
    confirmPassword: "New-Secret-22",
  };

  it("accepts three filled fields with a matching new password", () => {
    expect(changePasswordForm.parse(ok)).toEqual(ok);
  });

  it.each<[string, Partial<typeof ok>, string, string]>([
    ["current missing", { currentPassword: "" }, "currentPassword", "Current password is required"],
    ["new missing", { newPassword: "", confirmPassword: "" }, "newPassword", "New password is required"],
    ["confirmation missing", { confirmPassword: "" }, "confirmPassword", "Please confirm your new password"],
    [
      "new too short",
      { newPassword: "Short1!", confirmPassword: "Short1!" },
      "newPassword",
      "Password must be at least 8 characters",
    ],
    [
      "confirmation different",
      { confirmPassword: "New-Secret-23" },
      "confirmPassword",
      "New passwords do not match",
    ],
  ])("%s: %s says %j", (_, change, path, message) => {
    const result = changePasswordForm.safeParse({ ...ok, ...change });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join(".") === path);
    expect(issue?.message).toBe(message);
  });

  it("accepts exactly 8 characters", () => {
    expect(
      changePasswordForm.safeParse({ ...ok, newPassword: "abcdefgh", confirmPassword: "abcdefgh" }).success,
    ).toBe(true);
  });
});

describe("change password body", () => {
  it("always signs the other sessions out", () => {
    expect(changePasswordBody.parse({ currentPassword: "a", newPassword: "abcdefgh" })).toEqual({
      currentPassword: "a",
      newPassword: "abcdefgh",
      revokeOtherSessions: true,
    });
    expect(
      firstMessage(changePasswordBody, {
        currentPassword: "a",
        newPassword: "abcdefgh",
        revokeOtherSessions: false,
      }),
    ).toBe("Other sessions are always signed out when the password changes");
  });

  it("refuses an over-long current password and unknown fields", () => {
    expect(
      firstMessage(changePasswordBody, { currentPassword: "x".repeat(129), newPassword: "abcdefgh" }),
    ).toBe("Current password must be at most 128 characters");
    expect(
      changePasswordBody.safeParse({ currentPassword: "a", newPassword: "abcdefgh", x: 1 }).success,
    ).toBe(false);
  });
});

describe("two-factor codes", () => {
  it.each(["123456", "000000", " 123456 "])("accepts the authenticator code %j", (code) => {
    expect(verifyTotpBody.parse({ code })).toEqual({ code: code.trim() });
  });

  it.each([
    ["", "Code is required"],
    ["12345", "Enter the 6-digit code from your authenticator app"],
    ["1234567", "Enter the 6-digit code from your authenticator app"],
    ["12a456", "Enter the 6-digit code from your authenticator app"],
    ["١٢٣٤٥٦", "Enter the 6-digit code from your authenticator app"],
  ])("refuses the authenticator code %j: %s", (code, message) => {
    expect(firstMessage(verifyTotpBody, { code })).toBe(message);
  });

  it("refuses a number, a missing code and extra fields", () => {
    expect(firstMessage(verifyTotpBody, { code: 123456 })).toBe("Code must be text");
    expect(firstMessage(verifyTotpBody, {})).toBe("Code is required");
    expect(verifyTotpBody.safeParse({ code: "123456", trustDevice: true }).success).toBe(false);
  });

  it.each([
    ["ABCDEFGH", "ABCDEFGH"],
    ["abcd-efgh", "ABCDEFGH"],
    [" ABCD EFGH ", "ABCDEFGH"],
  ])("normalizes the backup code %j", (code, expected) => {
    expect(verifyBackupCodeBody.parse({ code })).toEqual({ code: expected });
  });

  it.each(["", "ABCDEFG", "ABCDEFGHJ", "ABCD0EFG", "ABCDIEFG", "x".repeat(41)])(
    "refuses the backup code %j",
    (code) => {
      expect(verifyBackupCodeBody.safeParse({ code }).success).toBe(false);
    },
  );
});

describe("password confirmation and sessions", () => {
  it("needs a password to turn two-factor on or off", () => {
    expect(passwordConfirmBody.parse({ password: "p" })).toEqual({ password: "p" });
    expect(firstMessage(passwordConfirmBody, {})).toBe("Password is required");
    expect(firstMessage(passwordConfirmBody, { password: "" })).toBe("Password is required");
    expect(passwordConfirmBody.safeParse({ password: "p", method: "otp" }).success).toBe(false);
  });

  it("signs out the other sessions with no options", () => {
    expect(emptyBody.parse({})).toEqual({});
    expect(emptyBody.safeParse({ all: true }).success).toBe(false);
  });
});
