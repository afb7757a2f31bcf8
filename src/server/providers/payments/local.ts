// The default PaymentProvider: an in-app test checkout. Checkout records a checkout_sessions row
// and sends the browser to /billing/checkout/{id}, a page that says plainly that no real charge is
// made; its Pay button asks the server to confirm the payment (see modules/billing/local-checkout.ts).
// The portal is the in-app page /billing/portal.
import { checkoutAmounts } from "#shared/domain/billing.ts";
import type { Db } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/billing.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/** A prepared checkout stays payable for an hour, like a hosted checkout page. */
export const LOCAL_CHECKOUT_TTL_MS = 60 * 60_000;

export function createLocalPayments(db: Db, publicUrl: string): PaymentProvider {
  return {
    name: "local",
    async createCheckout(input) {
      const { firstCharge } = checkoutAmounts(input.plan, input.seats, input.billing, input.launchOffer);
      const [row] = await db
        .insert(checkoutSessions)
        .values({
          userId: input.user.id,
          plan: input.plan,
          seats: input.seats,
          billingInterval: input.billing === "yearly" ? "year" : "month",
          amountCents: Math.round(firstCharge * 100),
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          createdAt: input.now,
          expiresAt: new Date(input.now.getTime() + LOCAL_CHECKOUT_TTL_MS),
        })
        .returning({ id: checkoutSessions.id });
      return { url: new URL(`/billing/checkout/${row!.id}`, publicUrl).toString() };
    },
    async createPortal(input) {
      const url = new URL("/billing/portal", publicUrl);
      url.searchParams.set("return", input.returnUrl);
      return { url: url.toString() };
    },
    async cancelSubscription() {
      // The test checkout charges nothing and renews nothing: the subscription lives only in Kairo's
      // own row, which the caller ends. There is no one else to tell.
    },
  };
}
