// Monthly recurring revenue for the admin overview, from the plan catalogue's prices: plan price
// times seats, and a yearly subscription counts its monthly equivalent (20% off).
import { monthlyEquivalentWhenYearly, PLANS } from "./plans.ts";

export type PayingSubscription = { plan: "pro" | "team"; seats: number; interval: "month" | "year" };

/** USD per month one subscription brings in. Pro is one seat whatever the row says. */
export function monthlyRevenueOf(sub: PayingSubscription): number {
  const plan = PLANS[sub.plan];
  const perSeat = sub.interval === "year" ? monthlyEquivalentWhenYearly(plan.price!) : plan.price!;
  const seats = plan.perUser ? Math.max(1, Math.floor(sub.seats)) : 1;
  return Math.round(perSeat * seats * 100) / 100;
}

/** The sum over many subscriptions, counted in cents so the total has no float drift. */
export function monthlyRevenue(subs: readonly (PayingSubscription & { count?: number })[]): number {
  const cents = subs.reduce((sum, s) => sum + Math.round(monthlyRevenueOf(s) * 100) * (s.count ?? 1), 0);
  return cents / 100;
}
