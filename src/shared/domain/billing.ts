// What a checkout charges: the regular amount per period and the first charge, which carries the
// launch offer (20% off the first 3 months on Pro) when it applies.
import type { PurchasablePlan } from "../contracts/billing.ts";
import { type BillingCycle, LAUNCH_OFFER, planTotal } from "./plans.ts";

export type CheckoutAmounts = {
  /** USD per period (month or year). */
  regular: number;
  /** USD of the first charge. */
  firstCharge: number;
  launchOffer: boolean;
};

const cents = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export function checkoutAmounts(
  plan: PurchasablePlan,
  seats: number,
  billing: BillingCycle,
  launchOfferEligible: boolean,
): CheckoutAmounts {
  const regular = planTotal(plan, { seats, billing });
  if (regular === null) throw new RangeError(`No listed price for ${plan} with ${seats} seats`);
  // The offer discounts months; on a monthly plan the first charge is one of those months.
  const launchOffer = launchOfferEligible && plan === LAUNCH_OFFER.plan && billing === "monthly";
  const firstCharge = launchOffer ? cents(regular * (1 - LAUNCH_OFFER.percentOff / 100)) : regular;
  return { regular, firstCharge, launchOffer };
}

/** The monthly revenue a subscription brings: yearly plans count their monthly equivalent. */
export function monthlyRevenue(plan: PurchasablePlan, seats: number, billing: BillingCycle): number {
  const total = planTotal(plan, { seats, billing });
  if (total === null) return 0;
  return cents(billing === "yearly" ? total / 12 : total);
}
