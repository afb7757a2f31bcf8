// /api/billing: checkout and billing portal through the configured PaymentProvider, the person's
// billing details, the launch offer's window, and the local provider's test checkout and portal calls.
import { Hono } from "hono";
import {
  checkoutPlan,
  checkoutRequestSchema,
  localPortalActionSchema,
  portalRequestSchema,
} from "#shared/contracts/billing.ts";
import { planStatus } from "#shared/domain/subscription.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { billingNotConfigured } from "../../providers/payments/unconfigured.ts";
import { launchOfferForCheckout, openLaunchOffer } from "./launch-offer.ts";
import {
  applyLocalPortalAction,
  cancelLocalCheckout,
  payLocalCheckout,
  readLocalCheckout,
} from "./local-checkout.ts";
import { getBillingDetails, getSubscriptionRow } from "./subscription.ts";

/**
 * A return address must lead back to Kairo itself: a path, or an absolute address on the public
 * origin. Anything else could send a paying person to someone else's site.
 */
export function sameOriginUrl(value: string, publicUrl: string, field: string): string {
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    throw new AppError("VALIDATION", "Return addresses must be on this site.", {
      fields: { [field]: "Return addresses must be on this site." },
    });
  }
  if (url.origin !== origin || value.startsWith("//") || !/^(https?:|\/)/.test(value)) {
    throw new AppError("VALIDATION", "Return addresses must be on this site.", {
      fields: { [field]: "Return addresses must be on this site." },
    });
  }
  return url.toString();
}

export function billingRoutes(
  deps: Pick<AppDeps, "database" | "clock" | "payments" | "publicUrl" | "events">,
) {
  const db = deps.database.db;
  const local = () => {
    if (deps.payments.name === "none") throw billingNotConfigured();
    if (deps.payments.name !== "local") {
      throw new AppError("NOT_FOUND", "Payments are handled by the payment provider's own pages.");
    }
  };

  return (
    new Hono<AppBindings>()
      .get("/", async (c) => {
        const user = requireUser(c);
        return c.json(await getBillingDetails(db, user.id, deps.clock()));
      })
      .post("/checkout", rateLimit(ROUTE_LIMITS.checkout), async (c) => {
        const user = requireUser(c);
        const body = await readJson(c, checkoutRequestSchema);
        const successUrl = sameOriginUrl(body.successUrl, deps.publicUrl, "successUrl");
        const cancelUrl = sameOriginUrl(body.cancelUrl, deps.publicUrl, "cancelUrl");
        const plan = checkoutPlan(body);
        const now = deps.clock();
        const sub = await getSubscriptionRow(db, user.id);
        // A second Stripe checkout would start a second subscription billing beside the first; plan
        // and seat changes of a live Stripe subscription go through its billing portal instead.
        const live = sub ? planStatus(sub, now).plan : "free";
        if (sub?.provider === "stripe" && sub.providerSubscriptionId && (live === "pro" || live === "team")) {
          throw new AppError(
            "CONFLICT",
            "You already have a subscription. Use Manage billing to change your plan or seats.",
          );
        }
        const { url } = await deps.payments.createCheckout({
          user: { id: user.id, email: user.email },
          plan,
          seats: plan === "team" ? body.quantity : 1,
          billing: body.billing,
          successUrl,
          cancelUrl,
          customerId: sub?.providerCustomerId ?? null,
          launchOffer: await launchOfferForCheckout(db, user.id, { plan, billing: body.billing }, now),
          now,
        });
        return c.json({ url }, 201);
      })
      // The upgrade dialog shows the launch offer: opens (once) and reads the person's offer window.
      .post("/launch-offer", async (c) => {
        const user = requireUser(c);
        return c.json(await openLaunchOffer(db, user.id, deps.clock()));
      })
      .post("/portal", rateLimit(ROUTE_LIMITS.billingPortal), async (c) => {
        const user = requireUser(c);
        const body = await readJson(c, portalRequestSchema);
        const returnUrl = sameOriginUrl(body.returnUrl, deps.publicUrl, "returnUrl");
        const sub = await getSubscriptionRow(db, user.id);
        const { url } = await deps.payments.createPortal({
          user: { id: user.id, email: user.email },
          customerId: sub?.providerCustomerId ?? null,
          returnUrl,
        });
        return c.json({ url });
      })
      .get("/checkout-sessions/:id", async (c) => {
        const user = requireUser(c);
        local();
        return c.json(await readLocalCheckout(db, user.id, idParam(c, "id", "Checkout"), deps.clock()));
      })
      .post("/checkout-sessions/:id/pay", async (c) => {
        const user = requireUser(c);
        local();
        return c.json({
          url: await payLocalCheckout(db, deps.events, user.id, idParam(c, "id", "Checkout"), deps.clock()),
        });
      })
      .post("/checkout-sessions/:id/cancel", async (c) => {
        const user = requireUser(c);
        local();
        return c.json({
          url: await cancelLocalCheckout(db, user.id, idParam(c, "id", "Checkout"), deps.clock()),
        });
      })
      .post("/local/subscription", rateLimit(ROUTE_LIMITS.billingPortal), async (c) => {
        const user = requireUser(c);
        local();
        const action = await readJson(c, localPortalActionSchema);
        await applyLocalPortalAction(db, deps.events, user.id, action, deps.clock());
        return c.json(await getBillingDetails(db, user.id, deps.clock()));
      })
  );
}
