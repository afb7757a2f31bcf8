// Billing calls: details, checkout and portal addresses, and the local provider's test checkout
// and portal actions.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  billingDetails,
  type CheckoutRequest,
  type LocalPortalAction,
  localCheckoutDto,
  type PortalRequest,
  redirectResponse,
} from "#shared/contracts/billing.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const billingQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.all,
    queryFn: () => apiFetch("/api/billing", { schema: billingDetails }),
  });

export const useBilling = () => useQuery(billingQueryOptions());

export const startCheckout = (body: CheckoutRequest) =>
  apiFetch("/api/billing/checkout", { schema: redirectResponse, method: "POST", json: body });

export const openBillingPortal = (body: PortalRequest) =>
  apiFetch("/api/billing/portal", { schema: redirectResponse, method: "POST", json: body });

export const localCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.billing.checkout(id),
    queryFn: () =>
      apiFetch(`/api/billing/checkout-sessions/${encodeURIComponent(id)}`, { schema: localCheckoutDto }),
    retry: false,
  });

export const completeLocalCheckout = (id: string, outcome: "pay" | "cancel") =>
  apiFetch(`/api/billing/checkout-sessions/${encodeURIComponent(id)}/${outcome}`, {
    schema: redirectResponse,
    method: "POST",
  });

/** Runs a local portal action and refreshes everything that shows the plan. */
export function useLocalPortalAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: LocalPortalAction) =>
      apiFetch("/api/billing/local/subscription", { schema: billingDetails, method: "POST", json: action }),
    onSuccess: (details) => {
      qc.setQueryData(queryKeys.billing.all, details);
      return qc.invalidateQueries({ queryKey: queryKeys.subscription });
    },
  });
}

/** Sends the browser to an address the server answered (a checkout page or a portal). */
export function goTo(url: string) {
  window.location.assign(url);
}
