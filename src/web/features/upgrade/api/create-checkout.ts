// POST /api/billing/checkout from the upgrade dialog: the server answers the address of the payment
// page (the local test checkout, or Stripe Checkout) that the browser is then sent to.
import { useMutation } from "@tanstack/react-query";
import { type CheckoutRequest, redirectResponse } from "#shared/contracts/billing.ts";
import { apiFetch } from "#web/lib/api-client.ts";

export const createCheckout = (body: CheckoutRequest) =>
  apiFetch("/api/billing/checkout", { schema: redirectResponse, method: "POST", json: body });

export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
