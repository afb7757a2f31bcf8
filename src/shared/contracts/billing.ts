// Checkout, billing portal and the local test checkout: request schemas shared by the web and the
// server, and the shapes the server answers with.
import { z } from "zod";
import { type BillingCycle, PLANS, TEAM_SIZE } from "../domain/plans.ts";
import { noNul } from "./auth.ts";

export const PURCHASABLE_PLANS = ["pro", "team"] as const;
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

const returnUrl = z
  .string({ error: "A return address is required." })
  .min(1, "A return address is required.")
  .max(2048, "The return address is too long.")
  .refine(noNul, "The return address contains invalid characters.");

const planField = z.string({ error: "Choose a plan." }).superRefine((value, ctx) => {
  if (value === "elite") {
    ctx.addIssue({ code: "custom", message: "Elite is coming soon and cannot be bought yet." });
  } else if (!(PURCHASABLE_PLANS as readonly string[]).includes(value)) {
    ctx.addIssue({ code: "custom", message: "Unknown plan. Choose Pro or Team." });
  }
});

const priceIdField = z.string().superRefine((value, ctx) => {
  if (!Object.values(PLANS).some((p) => p.priceId === value && !p.comingSoon)) {
    ctx.addIssue({ code: "custom", message: "Unknown price. Choose Pro or Team." });
  }
});

const quantity = z
  .number({ error: "The number of seats must be a whole number." })
  .int("The number of seats must be a whole number.")
  .min(1, "The number of seats must be at least 1.")
  .max(TEAM_SIZE.max, `Team size must be between ${TEAM_SIZE.min} and ${TEAM_SIZE.max}.`);

/**
 * POST /api/billing/checkout. The upgrade dialog sends `plan`; the settings page sends `priceId`
 * (spec section 7); one of them is required.
 */
export const checkoutRequestSchema = z
  .strictObject({
    plan: planField.optional(),
    priceId: priceIdField.optional(),
    quantity: quantity.default(1),
    billing: z
      .enum(["monthly", "yearly"], { error: "Billing must be monthly or yearly." })
      .default("monthly"),
    successUrl: returnUrl,
    cancelUrl: returnUrl,
  })
  .superRefine((body, ctx) => {
    const plan = body.plan ?? Object.values(PLANS).find((p) => p.priceId === body.priceId)?.id;
    if (!plan) {
      ctx.addIssue({ code: "custom", path: ["plan"], message: "Choose a plan." });
      return;
    }
    if (plan === "team" && (body.quantity < TEAM_SIZE.min || body.quantity > TEAM_SIZE.max)) {
      ctx.addIssue({
        code: "custom",
        path: ["quantity"],
        message: `Team size must be between ${TEAM_SIZE.min} and ${TEAM_SIZE.max}.`,
      });
    }
    if (plan === "pro" && body.quantity !== 1) {
      ctx.addIssue({ code: "custom", path: ["quantity"], message: "Pro is bought for one person." });
    }
  });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** The plan a checkout body asks for. */
export function checkoutPlan(body: z.output<typeof checkoutRequestSchema>): PurchasablePlan {
  const plan = body.plan ?? Object.values(PLANS).find((p) => p.priceId === body.priceId)?.id;
  return plan === "team" ? "team" : "pro";
}

export const portalRequestSchema = z.strictObject({ returnUrl });
export type PortalRequest = z.input<typeof portalRequestSchema>;

/** Checkout and portal both answer the address to send the browser to. */
export type RedirectResponse = { url: string };

/** GET /api/billing/checkout-sessions/:id — what the local test checkout page shows. */
export type LocalCheckoutDto = {
  id: string;
  plan: PurchasablePlan;
  planName: string;
  seats: number;
  billing: BillingCycle;
  /** The amount of the first charge in USD (launch offer included). */
  amount: number;
  /** The regular amount per period in USD. */
  regularAmount: number;
  launchOffer: boolean;
  status: "open" | "paid" | "canceled" | "expired";
  expiresAt: string;
};

/** POST /api/billing/local/subscription — what the local billing portal can do. */
export const localPortalActionSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("change_seats"), seats: quantity }),
    z.strictObject({ action: z.literal("switch_plan"), plan: planField }),
    z.strictObject({ action: z.literal("cancel") }),
    z.strictObject({ action: z.literal("resume") }),
  ],
  { error: "Unknown billing action." },
);
export type LocalPortalAction = z.input<typeof localPortalActionSchema>;

/** GET /api/billing — the person's billing details (settings page, portal). */
export type BillingDetails = {
  provider: "local" | "stripe";
  plan: "pro" | "team" | null;
  status: string;
  seats: number;
  billing: BillingCycle;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The regular amount per period in USD; null without a paid plan. */
  amount: number | null;
  /** True when the person belongs to someone else's team (they do not pay). */
  teamMember: boolean;
};

/**
 * POST /api/billing/launch-offer — the upgrade dialog shows the launch offer. The first call opens
 * the person's 600-second window; later calls answer the same window, so it never restarts.
 */
export type LaunchOfferDto = {
  /** False for someone who has paid before: the offer is for a first purchase only. */
  eligible: boolean;
  /** When the window opened and closes (ISO); null when not eligible. */
  openedAt: string | null;
  endsAt: string | null;
  /** Milliseconds left at the server's time of answering; 0 once the window has closed. */
  msLeft: number;
};
