// Use cases of buying a plan: starting a checkout with the configured PaymentProvider (the
// double-subscription rule, the seats a plan is bought with, the launch offer) and opening the
// billing portal. The route only validates the body and answers what these return.
import type { PurchasablePlan, RedirectResponse } from "#shared/contracts/billing.ts";
import type { BillingCycle } from "#shared/domain/plans.ts";
import { planStatus } from "#shared/domain/subscription.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import type { PaymentProvider } from "../../providers/payments/payment-provider.ts";
import { launchOfferForCheckout } from "./launch-offer.ts";
import { getSubscriptionRow } from "./subscription.ts";

/** The person buying: who they are and where their payment-provider emails go. */
export type Buyer = { id: string; email: string };

/**
 * A return address must lead back to Kairo itself: a path, or an absolute address on the public
 * origin. Anything else could send a paying person to someone else's site.
 */
export function sameOriginUrl(value: string, publicUrl: string, field: string): string {
  const origin = new URL(publicUrl).origin;
  const refuse = () =>
    new AppError("VALIDATION", "Return addresses must be on this site.", {
      fields: { [field]: "Return addresses must be on this site." },
    });
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    throw refuse();
  }
  if (url.origin !== origin || value.startsWith("//") || !/^(https?:|\/)/.test(value)) throw refuse();
  return url.toString();
}

/** Pro is bought for one person; the Team plan for the seats asked (the body schema bounds them). */
export const checkoutSeats = (plan: PurchasablePlan, seats: number) => (plan === "team" ? seats : 1);

/** What both billing calls are given: the database, the buyer, and Kairo's own address. */
type BuyerOptions = { db: Db; person: Buyer; publicUrl: string };

export type StartCheckoutOptions = BuyerOptions & {
  payments: Pick<PaymentProvider, "createCheckout">;
  plan: PurchasablePlan;
  seats: number;
  billing: BillingCycle;
  /** Where the provider sends the browser after paying or cancelling; must be on `publicUrl`. */
  returnTo: { successUrl: string; cancelUrl: string };
  clock: () => Date;
};

/**
 * Starts a checkout and answers the address of the provider's payment page. Refuses (409) a second
 * Stripe checkout while a Stripe subscription is live: it would bill a second subscription beside
 * the first; plan and seat changes of a live one go through its billing portal instead. The launch
 * discount is carried when this is a first monthly Pro purchase inside the person's offer window.
 */
export async function startCheckout(o: StartCheckoutOptions): Promise<RedirectResponse> {
  const successUrl = sameOriginUrl(o.returnTo.successUrl, o.publicUrl, "successUrl");
  const cancelUrl = sameOriginUrl(o.returnTo.cancelUrl, o.publicUrl, "cancelUrl");
  const now = o.clock();
  const sub = await getSubscriptionRow(o.db, o.person.id);
  const live = sub ? planStatus(sub, now).plan : "free";
  if (sub?.provider === "stripe" && sub.providerSubscriptionId && (live === "pro" || live === "team")) {
    throw new AppError(
      "CONFLICT",
      "You already have a subscription. Use Manage billing to change your plan or seats.",
    );
  }
  const { url } = await o.payments.createCheckout({
    user: { id: o.person.id, email: o.person.email },
    plan: o.plan,
    seats: checkoutSeats(o.plan, o.seats),
    billing: o.billing,
    successUrl,
    cancelUrl,
    customerId: sub?.providerCustomerId ?? null,
    launchOffer: await launchOfferForCheckout(o.db, o.person.id, { plan: o.plan, billing: o.billing }, now),
    now,
  });
  return { url };
}

export type OpenBillingPortalOptions = BuyerOptions & {
  payments: Pick<PaymentProvider, "createPortal">;
  returnTo: string;
};

/** The provider's billing portal for the person's own customer record. */
export async function openBillingPortal(o: OpenBillingPortalOptions): Promise<RedirectResponse> {
  const returnUrl = sameOriginUrl(o.returnTo, o.publicUrl, "returnUrl");
  const sub = await getSubscriptionRow(o.db, o.person.id);
  const { url } = await o.payments.createPortal({
    user: { id: o.person.id, email: o.person.email },
    customerId: sub?.providerCustomerId ?? null,
    returnUrl,
  });
  return { url };
}
