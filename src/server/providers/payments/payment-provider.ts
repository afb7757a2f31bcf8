// How Kairo takes payments. A provider prepares a checkout and a billing portal and answers the
// address to send the browser to. The subscription itself changes only when the provider confirms a
// payment on the server (the local provider's Pay call, Stripe's signed webhook), never because a
// browser reached a return address.
import type { PurchasablePlan } from "#shared/contracts/billing.ts";
import type { BillingCycle } from "#shared/domain/plans.ts";

export type CheckoutInput = {
  user: { id: string; email: string };
  plan: PurchasablePlan;
  seats: number;
  billing: BillingCycle;
  /** Absolute addresses on Kairo's own origin. */
  successUrl: string;
  cancelUrl: string;
  /** The provider's customer id from an earlier purchase, if any. */
  customerId: string | null;
  /**
   * 20% off the first 3 months: a first monthly Pro purchase started inside the offer window
   * (modules/billing/launch-offer.ts decides).
   */
  launchOffer: boolean;
  now: Date;
};

export type PortalInput = {
  user: { id: string; email: string };
  customerId: string | null;
  /** Absolute address on Kairo's own origin. */
  returnUrl: string;
};

export type CancelInput = {
  /** The provider's id of the subscription (subscriptions.provider_subscription_id). */
  subscriptionId: string;
  /** Why, as the provider may record it. */
  reason: string;
};

export interface PaymentProvider {
  /** "none": no provider configured (production without Stripe and without PAYMENTS=test). */
  readonly name: "local" | "stripe" | "none";
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  createPortal(input: PortalInput): Promise<{ url: string }>;
  /**
   * Ends a subscription at once, with no further charge (an account being deleted must not be
   * billed through its retention period). A subscription the provider no longer knows counts as
   * ended. The caller updates Kairo's own subscription row.
   */
  cancelSubscription(input: CancelInput): Promise<void>;
}
