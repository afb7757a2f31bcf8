// /billing/checkout/:id — the local payment provider's test checkout. It shows what would be bought
// and says plainly that no real charge is made; Pay asks the server to confirm the payment, which
// is what activates the plan, then returns to the success address.
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useParams } from "react-router";
import { formatUsd, LAUNCH_OFFER } from "#shared/domain/plans.ts";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { completeLocalCheckout, goTo, localCheckoutQueryOptions } from "#web/features/billing/api/billing.ts";
import { BillingPageShell } from "#web/features/billing/components/billing-page-shell.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { describeError, notifyError } from "#web/lib/notify.ts";
import { throwFailureWhenEmpty } from "#web/lib/query-client.ts";

export function Component() {
  return (
    <BillingPageShell>
      <title>Checkout · Kairo</title>
      <SectionBoundary what="The checkout">
        <Checkout />
      </SectionBoundary>
    </BillingPageShell>
  );
}

function Checkout() {
  const { id = "" } = useParams();
  // A failure goes to the boundary; "no such checkout" (404) is this page's own answer.
  const checkout = useQuery({ ...localCheckoutQueryOptions(id), throwOnError: throwFailureWhenEmpty });
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);

  const finish = async (outcome: "pay" | "cancel") => {
    setBusy(outcome);
    try {
      const { url } = await completeLocalCheckout(id, outcome);
      goTo(url);
    } catch (err) {
      setBusy(null);
      notifyError(err, {
        title: "Payment failed",
        fallback: "The payment could not be completed. Please try again.",
      });
      void checkout.refetch();
    }
  };

  return (
    <section aria-labelledby="checkout-heading" className="rounded-lg border border-border bg-background p-6">
      <h1 id="checkout-heading" className="text-xl font-semibold">
        Checkout
      </h1>
      <Alert tone="info" className="mt-4">
        <p className="font-medium">Test checkout — no real charge is made</p>
        <p className="mt-1 text-muted">
          This Kairo server uses its built-in payment provider. Paying here activates the plan without
          charging any card.
        </p>
      </Alert>
      {checkout.isPending ? (
        <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
      ) : checkout.isError ? (
        <div className="mt-6 space-y-4">
          <p role="alert" className="text-sm text-danger">
            {checkout.error instanceof ApiError && checkout.error.status === 404
              ? "This checkout does not exist."
              : describeError(checkout.error, "The checkout could not be loaded.").message}
          </p>
          <Button variant="outline" onClick={() => goTo(paths.dashboard)}>
            Back to dashboard
          </Button>
        </div>
      ) : (
        <>
          <dl className="mt-6 divide-y divide-border text-sm">
            <div className="flex justify-between py-2">
              <dt className="text-muted">Plan</dt>
              <dd className="font-medium">Kairo {checkout.data.planName}</dd>
            </div>
            <div className="flex justify-between py-2">
              <dt className="text-muted">Seats</dt>
              <dd className="font-medium tabular-nums">{checkout.data.seats}</dd>
            </div>
            <div className="flex justify-between py-2">
              <dt className="text-muted">Billing</dt>
              <dd className="font-medium">
                {checkout.data.billing === "yearly" ? "Yearly (20% off)" : "Monthly"}
              </dd>
            </div>
            {checkout.data.launchOffer && (
              <div className="flex justify-between py-2">
                <dt className="text-muted">Launch offer</dt>
                <dd className="font-medium text-success">
                  {LAUNCH_OFFER.percentOff}% off the first {LAUNCH_OFFER.months} months
                </dd>
              </div>
            )}
            <div className="flex justify-between py-3 text-base">
              <dt className="font-medium">Amount due today</dt>
              <dd className="font-semibold tabular-nums">{formatUsd(checkout.data.amount)}</dd>
            </div>
          </dl>
          <p className="text-xs text-muted">
            Then {formatUsd(checkout.data.regularAmount)} per{" "}
            {checkout.data.billing === "yearly" ? "year" : "month"}
            {checkout.data.launchOffer ? ` after the first ${LAUNCH_OFFER.months} months` : ""}. Cancel
            anytime.
          </p>
          {checkout.data.status === "open" ? (
            <>
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => finish("cancel")} disabled={busy !== null}>
                  {busy === "cancel" ? "Cancelling…" : "Cancel"}
                </Button>
                <Button onClick={() => finish("pay")} disabled={busy !== null}>
                  <ShieldCheck aria-hidden="true" />
                  {busy === "pay" ? "Processing…" : `Pay ${formatUsd(checkout.data.amount)}`}
                </Button>
              </div>
              <p className="mt-3 text-right text-xs text-muted">
                Valid until {format(new Date(checkout.data.expiresAt), "HH:mm")}
              </p>
            </>
          ) : (
            <div className="mt-6 space-y-4">
              <p role="status" className="text-sm">
                {checkout.data.status === "paid"
                  ? "This checkout has been paid."
                  : checkout.data.status === "expired"
                    ? "This checkout has expired. Please start the upgrade again."
                    : "This checkout was cancelled."}
              </p>
              <Button variant="outline" onClick={() => goTo(paths.dashboard)}>
                Back to dashboard
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
