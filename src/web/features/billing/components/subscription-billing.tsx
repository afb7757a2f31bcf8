// Settings → Subscription & Billing: the current plan (trial badge and end date, or the paid plan's
// renewal), plan cards with each plan's first 5 features, checkout and the billing portal.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { Check, CreditCard } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { BillingDetails, SubscriptionResponse } from "#shared/contracts/billing.ts";
import { formatUsd, PLAN_LIST, type Plan, TEAM_SIZE, topFeatures } from "#shared/domain/plans.ts";
import { trialDaysLeftText } from "#shared/domain/subscription.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { notifyError, notifyFailure, notifySuccess } from "#web/lib/notify.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { invalidate } from "#web/lib/query-keys.ts";
import { subscriptionQueryOptions } from "#web/lib/subscription.ts";
import { goTo, openBillingPortal, startCheckout, useBilling } from "../api/billing.ts";

const longDate = (iso: string) => format(new Date(iso), "MMMM d, yyyy");

/** Which card is the person's current plan: a live trial is not a purchase, so it marks none. */
function currentPlanId(sub: SubscriptionResponse | undefined): Plan["id"] | null {
  if (!sub) return null;
  if (sub.plan === "pro" || sub.plan === "team" || sub.plan === "free") return sub.plan;
  return null;
}

function PlanSummary({ sub, billing }: { sub: SubscriptionResponse; billing: BillingDetails | undefined }) {
  if (sub.plan === "trial" && sub.trialEndsAt) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="accent">Trial Period</Badge>
        <span className="text-sm">
          {sub.trialDaysLeft !== null && `${trialDaysLeftText(sub.trialDaysLeft)} · `}ends{" "}
          {longDate(sub.trialEndsAt)}
        </span>
      </div>
    );
  }
  if (sub.plan === "free") {
    return sub.trialExpired ? (
      <p className="text-sm font-medium text-warning">
        Trial expired - Subscribe to continue using Pro features
      </p>
    ) : (
      <p className="text-sm text-muted">You are on the Free plan.</p>
    );
  }
  if (billing?.teamMember) {
    return <p className="text-sm">You are a member of a team on the Team plan. Its owner manages billing.</p>;
  }
  return (
    <div className="space-y-1 text-sm">
      <p>
        <span className="font-medium">{sub.label}</span>
        {billing?.amount != null && (
          <>
            {" "}
            · {formatUsd(billing.amount)} per {billing.billing === "yearly" ? "year" : "month"}
          </>
        )}
        {billing?.plan === "team" && <> · {billing.seats} seats</>}
      </p>
      {billing?.currentPeriodEnd && (
        <p className="text-muted">
          {billing.cancelAtPeriodEnd ? "Ends on " : "Renews on "}
          {longDate(billing.currentPeriodEnd)}
          {billing.status === "past_due" && " · payment failed, please update your payment method"}
        </p>
      )}
    </div>
  );
}

export function SubscriptionBilling() {
  // A failed first load goes to the settings section's boundary (throwWhenEmpty).
  const sub = useQuery({ ...subscriptionQueryOptions(), throwOnError: throwWhenEmpty });
  const billing = useBilling();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState<"pro" | "team" | "portal" | null>(null);

  // Returns from checkout: /settings?success=true or ?canceled=true.
  const success = params.get("success") === "true";
  const canceled = params.get("canceled") === "true";
  useEffect(() => {
    if (!success && !canceled) return;
    if (success) notifySuccess("Subscription updated", "Thank you! Your plan is being activated.");
    else notifySuccess("Checkout canceled", "No payment was made.");
    void invalidate(qc, "plan");
    const next = new URLSearchParams(params);
    next.delete("success");
    next.delete("canceled");
    setParams(next, { replace: true });
  }, [success, canceled, params, setParams, qc]);

  const current = currentPlanId(sub.data);
  const paid = billing.data?.plan != null;

  const checkout = async (plan: Plan) => {
    if (!plan.priceId || (plan.id !== "pro" && plan.id !== "team")) return;
    setBusy(plan.id);
    try {
      const origin = window.location.origin;
      const { url } = await startCheckout({
        priceId: plan.priceId,
        quantity: plan.id === "team" ? TEAM_SIZE.default : 1,
        successUrl: `${origin}/settings?success=true`,
        cancelUrl: `${origin}/settings?canceled=true`,
      });
      goTo(url);
    } catch (err) {
      setBusy(null);
      // No payment provider on this server: the server's own sentence says so.
      if (err instanceof ApiError && err.status === 503 && err.code === "UNAVAILABLE") {
        return notifyFailure("Billing is not configured", err.message);
      }
      notifyError(err, { title: "Error", fallback: "Failed to start checkout" });
    }
  };

  const manage = async () => {
    setBusy("portal");
    try {
      const { url } = await openBillingPortal({ returnUrl: `${window.location.origin}/settings` });
      goTo(url);
    } catch (err) {
      setBusy(null);
      notifyError(err, { title: "Error", fallback: "Failed to open billing portal" });
    }
  };

  return (
    <section
      id="billing"
      aria-labelledby="billing-heading"
      className="scroll-mt-20 rounded-lg border border-border bg-background p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="billing-heading" className="text-lg font-semibold">
            Subscription &amp; Billing
          </h2>
          <p className="mt-1 text-sm text-muted">Your plan, and what each plan includes.</p>
        </div>
        {paid && !billing.data?.teamMember && (
          <Button variant="outline" onClick={manage} disabled={busy !== null}>
            <CreditCard aria-hidden="true" />
            {busy === "portal" ? "Opening…" : "Manage billing"}
          </Button>
        )}
      </div>
      {!sub.data ? (
        <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
      ) : (
        <>
          <div className="mt-4 rounded-md bg-surface p-3">
            <PlanSummary sub={sub.data} billing={billing.data} />
          </div>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {PLAN_LIST.map((plan) => {
              const isCurrent = plan.id === current;
              return (
                <li
                  key={plan.id}
                  aria-label={`${plan.name} plan`}
                  className={cn(
                    "flex flex-col rounded-lg border p-4",
                    isCurrent ? "border-accent ring-1 ring-accent" : "border-border",
                  )}
                >
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-semibold">{plan.name}</h3>
                    {plan.comingSoon ? (
                      <Badge>Coming Soon</Badge>
                    ) : plan.popular ? (
                      <Badge tone="accent">Popular</Badge>
                    ) : null}
                  </div>
                  <p className="mt-2 text-2xl font-semibold tabular-nums">
                    {plan.price === null ? "—" : formatUsd(plan.price)}
                    {plan.price !== null && (
                      <span className="whitespace-nowrap text-sm font-normal text-muted">
                        {plan.perUser ? " per user / month" : " / month"}
                      </span>
                    )}
                  </p>
                  <ul className="mt-3 flex-1 space-y-1.5 text-sm">
                    {topFeatures(plan).map((f) => (
                      <li key={f} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                        {f}
                      </li>
                    ))}
                  </ul>
                  <div className="mt-4">
                    {isCurrent ? (
                      <Button variant="secondary" className="w-full" disabled>
                        Current Plan
                      </Button>
                    ) : plan.comingSoon ? (
                      <Button variant="secondary" className="w-full" disabled>
                        Coming Soon
                      </Button>
                    ) : plan.id === "free" ? (
                      <p className="text-center text-sm text-muted">
                        {paid ? "Cancel from Manage billing" : "Always free"}
                      </p>
                    ) : paid ? (
                      <Button variant="outline" className="w-full" onClick={manage} disabled={busy !== null}>
                        Switch to {plan.name}
                      </Button>
                    ) : (
                      <Button className="w-full" onClick={() => checkout(plan)} disabled={busy !== null}>
                        {busy === plan.id ? "Preparing checkout…" : `Upgrade to ${plan.name}`}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="mt-4 text-xs text-muted">
            Team is billed per user; upgrading here starts with {TEAM_SIZE.default} seats, which you can
            change in Manage billing. Yearly billing saves 20%.
          </p>
        </>
      )}
    </section>
  );
}
