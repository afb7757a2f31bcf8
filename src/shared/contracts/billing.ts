// Checkout, billing portal and the local test checkout: request schemas shared by the web and the
// server, and the shapes the server answers with.
import { z } from "zod";
import { PLANS, TEAM_SIZE } from "../domain/plans.ts";
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

/** Checkout, portal and the local checkout's Pay and Cancel answer the address to send the browser to. */
export const redirectResponse = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponse>;

/** GET /api/billing/checkout-sessions/:id — what the local test checkout page shows. */
export const localCheckoutDto = z.object({
  id: z.string(),
  plan: z.enum(PURCHASABLE_PLANS),
  planName: z.string(),
  seats: z.number(),
  billing: z.enum(["monthly", "yearly"]),
  /** The amount of the first charge in USD (launch offer included). */
  amount: z.number(),
  /** The regular amount per period in USD. */
  regularAmount: z.number(),
  launchOffer: z.boolean(),
  status: z.enum(["open", "paid", "canceled", "expired"]),
  expiresAt: z.string(),
});
export type LocalCheckoutDto = z.infer<typeof localCheckoutDto>;

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
export const billingDetails = z.object({
  provider: z.enum(["local", "stripe"]),
  plan: z.enum(PURCHASABLE_PLANS).nullable(),
  status: z.string(),
  seats: z.number(),
  billing: z.enum(["monthly", "yearly"]),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The regular amount per period in USD; null without a paid plan. */
  amount: z.number().nullable(),
  /** True when the person belongs to someone else's team (they do not pay). */
  teamMember: z.boolean(),
});
export type BillingDetails = z.infer<typeof billingDetails>;

/**
 * POST /api/billing/launch-offer — the upgrade dialog shows the launch offer. The first call opens
 * the person's 600-second window; later calls answer the same window, so it never restarts.
 */
export const launchOfferDto = z.object({
  /** False for someone who has paid before: the offer is for a first purchase only. */
  eligible: z.boolean(),
  /** When the window opened and closes (ISO); null when not eligible. */
  openedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Milliseconds left at the server's time of answering; 0 once the window has closed. */
  msLeft: z.number(),
});
export type LaunchOfferDto = z.infer<typeof launchOfferDto>;

/** POST /api/billing/stripe/webhook — Stripe only reads the status; the body helps a person debugging. */
export const stripeWebhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** POST /api/demo and part of GET /api/subscription — the 30-minute preview of Pro and Team features. */
export const demoStatusDto = z.object({
  active: z.boolean(),
  plan: z.literal("team").nullable(),
  expiresAt: z.string().nullable(),
  /** Milliseconds left when the server answered: the browser counts from there, not from its own clock. */
  msLeft: z.number(),
  previewsLeft: z.number(),
});

/** GET /api/subscription — the plan as the person has it now, any live preview, and the plan's limits. */
export const subscriptionResponse = z.object({
  plan: z.enum(["free", "trial", "pro", "team"]),
  label: z.enum(["Free", "Trial", "Pro", "Team"]),
  trialEndsAt: z.string().nullable(),
  trialDaysLeft: z.number().nullable(),
  trialExpired: z.boolean(),
  demo: demoStatusDto,
  /** Null means unlimited. */
  limits: z.object({
    taskLimit: z.number().nullable(),
    historyDays: z.number().nullable(),
    workflowLimit: z.number().nullable(),
    calendarConnectionLimit: z.number().nullable(),
  }),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;
