// /api/billing: checkout and billing portal through the configured PaymentProvider, the person's
// billing details, the launch offer's window, and the local provider's test checkout and portal calls.
// Each route validates, calls one use case (checkout.ts, launch-offer.ts, local-checkout.ts) and
// answers through its response schema.
import { Hono } from "hono";
import {
  billingDetails,
  checkoutPlan,
  checkoutRequestSchema,
  launchOfferDto,
  localCheckoutDto,
  localPortalActionSchema,
  portalRequestSchema,
  redirectResponse,
} from "#shared/contracts/billing.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { openBillingPortal, startCheckout } from "./checkout.ts";
import { openLaunchOffer } from "./launch-offer.ts";
import {
  applyLocalPortalAction,
  cancelLocalCheckout,
  payLocalCheckout,
  readLocalCheckout,
} from "./local-checkout.ts";
import { getBillingDetails } from "./subscription.ts";

export function billingRoutes(
  deps: Pick<AppDeps, "database" | "clock" | "payments" | "publicUrl" | "events">,
) {
  const db = deps.database.db;
  const { clock, payments, publicUrl, events } = deps;
  const checkoutId = (c: Parameters<typeof idParam>[0]) => idParam(c, "id", "Checkout");

  return (
    new Hono<AppBindings>()
      .get("/", async (c) => {
        const person = requireUser(c);
        return reply(c, billingDetails, await getBillingDetails(db, person.id, clock()));
      })
      .post("/checkout", rateLimit(ROUTE_LIMITS.checkout), async (c) => {
        const person = requireUser(c);
        const body = await readJson(c, checkoutRequestSchema);
        const returnTo = { successUrl: body.successUrl, cancelUrl: body.cancelUrl };
        const plan = checkoutPlan(body);
        const { billing, quantity: seats } = body;
        const answer = await startCheckout({
          db,
          payments,
          person,
          plan,
          seats,
          billing,
          returnTo,
          publicUrl,
          clock,
        });
        return reply(c, redirectResponse, answer, 201);
      })
      // The upgrade dialog shows the launch offer: opens (once) and reads the person's offer window.
      .post("/launch-offer", async (c) => {
        const person = requireUser(c);
        return reply(c, launchOfferDto, await openLaunchOffer(db, person.id, clock()));
      })
      .post("/portal", rateLimit(ROUTE_LIMITS.billingPortal), async (c) => {
        const person = requireUser(c);
        const { returnUrl: returnTo } = await readJson(c, portalRequestSchema);
        return reply(
          c,
          redirectResponse,
          await openBillingPortal({ db, payments, person, returnTo, publicUrl }),
        );
      })
      .get("/checkout-sessions/:id", async (c) => {
        const personId = requireUser(c).id;
        const answer = await readLocalCheckout({ db, payments, personId, checkoutId: checkoutId(c), clock });
        return reply(c, localCheckoutDto, answer);
      })
      .post("/checkout-sessions/:id/pay", async (c) => {
        const personId = requireUser(c).id;
        const opts = { db, events, payments, personId, checkoutId: checkoutId(c), clock };
        return reply(c, redirectResponse, await payLocalCheckout(opts));
      })
      .post("/checkout-sessions/:id/cancel", async (c) => {
        const personId = requireUser(c).id;
        const answer = await cancelLocalCheckout({
          db,
          payments,
          personId,
          checkoutId: checkoutId(c),
          clock,
        });
        return reply(c, redirectResponse, answer);
      })
      .post("/local/subscription", rateLimit(ROUTE_LIMITS.billingPortal), async (c) => {
        const personId = requireUser(c).id;
        const action = await readJson(c, localPortalActionSchema);
        const answer = await applyLocalPortalAction({ db, events, payments, personId, action, clock });
        return reply(c, billingDetails, answer);
      })
  );
}
