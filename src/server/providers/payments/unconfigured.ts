// The payment provider of a production server with no real one: no checkout and no portal, each
// refused with a 503 that says why. The built-in test checkout grants paid plans for a click, so in
// production it runs only when the operator asks for it (PAYMENTS=test; docs/decisions/017).
import { AppError } from "#shared/errors/app-error.ts";
import type { PaymentProvider } from "./payment-provider.ts";

export const BILLING_NOT_CONFIGURED =
  "Billing is not configured on this server, so plans cannot be bought yet. Please contact the site's operator.";

export function billingNotConfigured(): AppError {
  return new AppError("UNAVAILABLE", BILLING_NOT_CONFIGURED);
}

export function createUnconfiguredPayments(): PaymentProvider {
  return {
    name: "none",
    async createCheckout() {
      throw billingNotConfigured();
    },
    async createPortal() {
      throw billingNotConfigured();
    },
    async cancelSubscription() {
      // Nothing was ever sold through it, so there is nothing to end at a provider.
    },
  };
}
