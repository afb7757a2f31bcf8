// The Stripe PaymentProvider (used when STRIPE_SECRET_KEY is set): Checkout Sessions in subscription
// mode with the configured price ids and the seat quantity, and the Stripe Billing Portal. The
// subscription itself changes only through Stripe's signed webhooks
// (see modules/billing/stripe-webhook.ts), which use `verifyEvent`, `retrieveSubscription` and
// `priceOf` from here.
import Stripe from "stripe";
import type { PurchasablePlan } from "#shared/contracts/billing.ts";
import { checkoutAmounts } from "#shared/domain/billing.ts";
import type { BillingCycle } from "#shared/domain/plans.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/** Stripe price id of each plan and billing cycle (team prices are per seat). */
export type StripePrices = Record<PurchasablePlan, Record<BillingCycle, string>>;

export type StripePaymentsOptions = {
  secretKey: string;
  webhookSecret: string;
  prices: StripePrices;
  /** Coupon for the launch offer (20% off, repeating for 3 months); without it no discount is sent. */
  launchCoupon?: string;
  /** Another address for the API (tests point the SDK to a local fake). */
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: "http" | "https";
  logger?: Logger;
};

/** Metadata keys Kairo puts on the Checkout Session and on the subscription it creates. */
export const STRIPE_METADATA = {
  userId: "kairo_user_id",
  plan: "kairo_plan",
  billing: "kairo_billing",
} as const;

export interface StripePayments extends PaymentProvider {
  readonly name: "stripe";
  /** Checks the Stripe-Signature of a webhook body; a missing or bad signature is a 400. */
  verifyEvent(payload: string, signature: string | undefined, now: Date): Promise<Stripe.Event>;
  /** The subscription as Stripe holds it now; null when Stripe does not know it. */
  retrieveSubscription(id: string): Promise<Stripe.Subscription | null>;
  /** Which plan and billing cycle a Stripe price id stands for; null for a price Kairo does not sell. */
  priceOf(priceId: string): { plan: PurchasablePlan; billing: BillingCycle } | null;
}

export function isStripePayments(p: PaymentProvider): p is StripePayments {
  return p.name === "stripe" && typeof (p as Partial<StripePayments>).verifyEvent === "function";
}

const UNAVAILABLE = "The payment provider is not available right now. Please try again.";

/** Only ids Stripe issued count as customers (a local provider's `local_cus_...` does not). */
const isStripeCustomer = (id: string | null): id is string => !!id && id.startsWith("cus_");

export function createStripePayments(o: StripePaymentsOptions): StripePayments {
  const stripe = new Stripe(o.secretKey, {
    ...(o.apiHost ? { host: o.apiHost } : {}),
    ...(o.apiPort ? { port: o.apiPort } : {}),
    ...(o.apiProtocol ? { protocol: o.apiProtocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Kairo" },
  });
  const byPrice = new Map<string, { plan: PurchasablePlan; billing: BillingCycle }>();
  for (const plan of ["pro", "team"] as const) {
    for (const billing of ["monthly", "yearly"] as const)
      byPrice.set(o.prices[plan][billing], { plan, billing });
  }

  /** Stripe's failures reach the person as one readable 503; the details go to the log only. */
  function unavailable(what: string, err: unknown): AppError {
    const e = err as Partial<Stripe.errors.StripeError>;
    o.logger?.error(
      {
        stripe: {
          type: e.type,
          code: e.code,
          statusCode: e.statusCode,
          requestId: e.requestId,
          message: e.message,
        },
      },
      `stripe ${what} failed`,
    );
    return new AppError("UNAVAILABLE", UNAVAILABLE, { cause: err });
  }

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw unavailable(what, err);
    }
  }

  return {
    name: "stripe",

    async createCheckout(input) {
      const metadata = {
        [STRIPE_METADATA.userId]: input.user.id,
        [STRIPE_METADATA.plan]: input.plan,
        [STRIPE_METADATA.billing]: input.billing,
      };
      const { launchOffer } = checkoutAmounts(input.plan, input.seats, input.billing, input.launchOffer);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: "subscription",
        line_items: [
          { price: o.prices[input.plan][input.billing], quantity: input.plan === "team" ? input.seats : 1 },
        ],
        client_reference_id: input.user.id,
        metadata,
        subscription_data: { metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        ...(isStripeCustomer(input.customerId)
          ? { customer: input.customerId }
          : { customer_email: input.user.email }),
        ...(launchOffer && o.launchCoupon ? { discounts: [{ coupon: o.launchCoupon }] } : {}),
      };
      const session = await call("checkout", () => stripe.checkout.sessions.create(params));
      if (!session.url) {
        o.logger?.error({ session: session.id }, "stripe checkout session has no url");
        throw new AppError("UNAVAILABLE", UNAVAILABLE);
      }
      return { url: session.url };
    },

    async createPortal(input) {
      if (!isStripeCustomer(input.customerId)) {
        throw new AppError("CONFLICT", "You have no subscription to manage yet.");
      }
      const customer = input.customerId;
      const session = await call("billing portal", () =>
        stripe.billingPortal.sessions.create({ customer, return_url: input.returnUrl }),
      );
      return { url: session.url };
    },

    async cancelSubscription(input) {
      // Only ids Stripe issued: a subscription bought through the local test checkout never reached it.
      if (!input.subscriptionId.startsWith("sub_")) return;
      try {
        // At once, without a final invoice or proration: nothing more is charged. The
        // customer.subscription.deleted webhook that follows finds the row already ended.
        await stripe.subscriptions.cancel(input.subscriptionId, {
          invoice_now: false,
          prorate: false,
          cancellation_details: { comment: input.reason },
        });
      } catch (err) {
        if ((err as Partial<Stripe.errors.StripeError>).code === "resource_missing") return;
        throw unavailable("subscription cancellation", err);
      }
    },

    async verifyEvent(payload, signature, now) {
      if (!signature) throw new AppError("VALIDATION", "The Stripe signature is missing.");
      try {
        return await stripe.webhooks.constructEventAsync(
          payload,
          signature,
          o.webhookSecret,
          undefined,
          undefined,
          now.getTime(),
        );
      } catch {
        throw new AppError("VALIDATION", "The Stripe signature is not valid.");
      }
    },

    async retrieveSubscription(id) {
      try {
        return await stripe.subscriptions.retrieve(id);
      } catch (err) {
        if ((err as Partial<Stripe.errors.StripeError>).code === "resource_missing") return null;
        throw unavailable("subscription lookup", err);
      }
    },

    priceOf(priceId) {
      return byPrice.get(priceId) ?? null;
    },
  };
}

/** The Stripe settings of the environment, or null when Stripe is not configured. */
export function stripeOptionsFromEnv(env: Env, logger?: Logger): StripePaymentsOptions | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const need = (name: keyof Env): string => {
    const value = env[name];
    if (typeof value !== "string" || !value) {
      throw new Error(`STRIPE_SECRET_KEY is set, so Stripe takes payments, but ${name} is not set.`);
    }
    return value;
  };
  let api: Pick<StripePaymentsOptions, "apiHost" | "apiPort" | "apiProtocol"> = {};
  if (env.STRIPE_API_BASE) {
    const url = new URL(env.STRIPE_API_BASE);
    const protocol = url.protocol === "http:" ? "http" : "https";
    api = {
      apiHost: url.hostname,
      apiPort: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
      apiProtocol: protocol,
    };
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: need("STRIPE_WEBHOOK_SECRET"),
    prices: {
      pro: { monthly: need("STRIPE_PRICE_PRO_MONTHLY"), yearly: need("STRIPE_PRICE_PRO_YEARLY") },
      team: { monthly: need("STRIPE_PRICE_TEAM_MONTHLY"), yearly: need("STRIPE_PRICE_TEAM_YEARLY") },
    },
    launchCoupon: env.STRIPE_LAUNCH_COUPON,
    ...api,
    logger,
  };
}
