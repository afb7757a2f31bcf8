// The plan catalogue (spec section 6 "Plan contents", section 9 prices) and the price arithmetic that
// the landing page, the upgrade dialog, settings and the server's checkout all share.

export type PlanId = "free" | "pro" | "team" | "elite";
export type BillingCycle = "monthly" | "yearly";

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Monthly price in USD (per seat when `perUser`); null when the plan has no public price. */
  price: number | null;
  /** Environment-independent key the payment provider maps to its own price; null when not purchasable. */
  priceId: string | null;
  perUser: boolean;
  popular: boolean;
  comingSoon: boolean;
  features: readonly string[];
};

export const PLAN_IDS = ["free", "pro", "team", "elite"] as const satisfies readonly PlanId[];

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: "free",
    name: "Free",
    description: "For individuals getting their work in order.",
    price: 0,
    priceId: null,
    perUser: false,
    popular: false,
    comingSoon: false,
    features: [
      "Task management",
      "1 connected calendar",
      "Time tracking",
      "Basic analytics",
      "Up to 50 tasks",
      "7-day history",
    ],
  },
  pro: {
    id: "pro",
    name: "Pro",
    description: "For professionals who want AI help with their day.",
    price: 12,
    priceId: "pro_monthly",
    perUser: false,
    popular: true,
    comingSoon: false,
    features: [
      "AI task prioritization",
      "Smart meeting scheduler",
      "Advanced analytics",
      "5 workflows",
      "Email support",
      "Unlimited tasks",
      // Not "team collaboration for 5 members": team collaboration is the Team plan's (decision 158).
    ],
  },
  team: {
    id: "team",
    name: "Team",
    description: "For teams that plan, track and automate together.",
    price: 10,
    priceId: "team_monthly",
    perUser: true,
    popular: false,
    comingSoon: false,
    features: [
      "Team collaboration",
      "Shared workspaces",
      "Team analytics",
      "Unlimited workflows",
      "24/7 chat support",
      "10 custom apps",
      "Limited API access",
      "Advanced security",
      "Unlimited members",
      "Admin controls",
      "Role-based permissions",
      "API access",
      "Single sign-on (SSO)",
    ],
  },
  elite: {
    id: "elite",
    name: "Elite",
    description: "For organisations that need more. Not available yet.",
    price: null,
    priceId: null,
    perUser: false,
    popular: false,
    comingSoon: true,
    features: ["Dedicated support", "Unlimited integrations", "Full API access", "White-label branding"],
  },
};

/** The catalogue in display order. */
export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

export function getPlan(id: PlanId): Plan {
  return PLANS[id];
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** The short list shown where space is tight (the settings page shows the first 5). */
export function topFeatures(plan: Plan, count = 5): readonly string[] {
  return plan.features.slice(0, count);
}

export const YEARLY_DISCOUNT = 0.2;
export const LAUNCH_OFFER = { percentOff: 20, months: 3, plan: "pro" } as const satisfies {
  percentOff: number;
  months: number;
  plan: PlanId;
};
/** The upgrade dialog's launch-offer countdown, in seconds (spec section 9). */
export const LAUNCH_OFFER_COUNTDOWN_SECONDS = 600;
export const TEAM_SIZE = { min: 2, max: 100, step: 1, default: 5 } as const;

function roundCents(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

/** Twelve months at the monthly price with the yearly discount, rounded to cents. */
export function yearlyPrice(monthly: number): number {
  return roundCents(monthly * 12 * (1 - YEARLY_DISCOUNT));
}

/** What a yearly subscription costs per month, rounded to cents. */
export function monthlyEquivalentWhenYearly(monthly: number): number {
  return roundCents(yearlyPrice(monthly) / 12);
}

/** Seats a team is billed for: whole seats, never fewer than the minimum team size. */
export function billableSeats(seats: number): number {
  if (!Number.isFinite(seats)) return TEAM_SIZE.default;
  return Math.max(TEAM_SIZE.min, Math.ceil(seats));
}

/**
 * The amount charged per billing period (a month, or a year when billing is yearly), in USD.
 * Team multiplies by seats. Null when there is no listed price: elite, or a team above
 * `TEAM_SIZE.max` seats (custom pricing).
 */
export function planTotal(planId: PlanId, options: { seats?: number; billing: BillingCycle }): number | null {
  const plan = PLANS[planId];
  if (plan.price === null) return null;
  let perPeriod = options.billing === "yearly" ? yearlyPrice(plan.price) : plan.price;
  if (plan.perUser) {
    const seats = billableSeats(options.seats ?? TEAM_SIZE.default);
    if (seats > TEAM_SIZE.max) return null;
    perPeriod *= seats;
  }
  return roundCents(perPeriod);
}

export type TeamSizeHint = {
  label: "Small team" | "Growing team" | "Enterprise" | "Large organisation";
  /** More seats than the calculator prices: the team should contact us. */
  customPricing: boolean;
};

export function teamSizeHint(seats: number): TeamSizeHint {
  const customPricing = seats > TEAM_SIZE.max;
  if (seats <= 5) return { label: "Small team", customPricing };
  if (seats <= 20) return { label: "Growing team", customPricing };
  if (seats <= 50) return { label: "Enterprise", customPricing };
  return { label: "Large organisation", customPricing };
}

const wholeUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const centsUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$12", "$9.60", "$1,152": cents only when there are any. */
export function formatUsd(n: number): string {
  const rounded = roundCents(n);
  return Number.isInteger(rounded) ? wholeUsd.format(rounded) : centsUsd.format(rounded);
}
