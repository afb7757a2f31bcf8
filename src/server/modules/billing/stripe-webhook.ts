// POST /api/billing/stripe/webhook, the transport only: Stripe's signature is checked on the raw
// body (STRIPE_WEBHOOK_SECRET) and the verified event handed to `applyStripeEvent`
// (stripe-events.ts), where what it means for Kairo is decided and written.
import { Hono } from "hono";
import { stripeWebhookResponse } from "#shared/contracts/billing.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { reply } from "../../http/reply.ts";
import type { AppBindings } from "../../http/types.ts";
import { isStripePayments } from "../../providers/payments/stripe.ts";
import { applyStripeEvent } from "./stripe-events.ts";

export function stripeWebhookRoutes(deps: Pick<AppDeps, "database" | "clock" | "payments" | "events">) {
  return new Hono<AppBindings>().post("/", async (c) => {
    const payments = deps.payments;
    if (!isStripePayments(payments)) throw new AppError("NOT_FOUND", "Stripe is not configured.");
    // The signature covers the exact bytes Stripe sent, so the body is read as text, never re-encoded.
    const payload = await c.req.text();
    const event = await payments.verifyEvent(payload, c.req.header("stripe-signature"), deps.clock());
    const { duplicate } = await applyStripeEvent({
      db: deps.database.db,
      events: deps.events,
      payments,
      event,
      clock: deps.clock,
      log: c.get("log"),
    });
    return reply(c, stripeWebhookResponse, { received: true, duplicate });
  });
}
