// What a checkout charges: the regular amount per period and the first charge, which carries the
// launch offer (20% off the first 3 months on Pro) when it applies, and when it applies: a first
// monthly Pro purchase started inside the offer's 600-second window.
import type { PurchasablePlan } from "../contracts/billing.ts";
import { type BillingCycle, LAUNCH_OFFER, LAUNCH_OFFER_COUNTDOWN_SECONDS, planTotal } from "./plans.ts";

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

/** How long the launch offer stays open once the upgrade dialog has first shown it. */
export const LAUNCH_OFFER_WINDOW_MS = LAUNCH_OFFER_COUNTDOWN_SECONDS * 1000;

/**
 * Milliseconds left in a launch-offer window opened at `openedAt`: the window is
 * [openedAt, openedAt + 600 s). Zero when it never opened, has closed, or (a clock set back) has not
 * begun yet, so a moved clock can never stretch it.
 */
export function launchOfferMsLeft(openedAt: Date | null, now: Date): number {
  if (!openedAt) return 0;
  const elapsed = now.getTime() - openedAt.getTime();
  if (elapsed < 0 || elapsed >= LAUNCH_OFFER_WINDOW_MS) return 0;
  return LAUNCH_OFFER_WINDOW_MS - elapsed;
}

export type LaunchOfferFacts = {
  plan: PurchasablePlan;
  billing: BillingCycle;
  /** The person has never paid: no paid checkout, no provider customer or subscription. */
  firstPurchase: boolean;
  /** When the upgrade dialog first showed them the offer; null if it never has. */
  windowOpenedAt: Date | null;
  now: Date;
};

/** The launch offer discounts a checkout only for a first monthly Pro purchase inside the window. */
export function launchOfferApplies(f: LaunchOfferFacts): boolean {
  return (
    f.firstPurchase &&
    f.plan === LAUNCH_OFFER.plan &&
    f.billing === "monthly" &&
    launchOfferMsLeft(f.windowOpenedAt, f.now) > 0
  );
}
