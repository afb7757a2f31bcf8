import { useMutation } from "@tanstack/react-query";
import { betterAuthTwoFactorEnrolment } from "#shared/contracts/auth.ts";
import { apiFetch } from "#web/lib/api-client.ts";

export type { TwoFactorEnrolment } from "#shared/contracts/auth.ts";

/**
 * First step of turning two-factor on (the password confirms it): Better Auth answers the otpauth
 * URI and the backup codes; the factor counts only once a code from the app is verified.
 */
export const enableTwoFactor = (password: string) =>
  apiFetch("/api/auth/two-factor/enable", {
    method: "POST",
    json: { password },
    schema: betterAuthTwoFactorEnrolment,
  });

export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });
