// /billing/portal?return=… — the local payment provider's billing portal: change seats, switch
// plan, or cancel at the end of the period (and undo that), then return to Kairo.
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { LocalPortalAction } from "#shared/contracts/billing.ts";
import { formatUsd, PLANS, planTotal, TEAM_SIZE } from "#shared/domain/plans.ts";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { billingQueryOptions, goTo, useLocalPortalAction } from "#web/features/billing/api/billing.ts";
import { BillingPageShell } from "#web/features/billing/components/billing-page-shell.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";

/** Only addresses on this site are followed back. */
function safeReturn(value: string | null): string {
  if (!value) return paths.settings;
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : paths.settings;
  } catch {
    return paths.settings;
  }
}

export function Component() {
  return (
    <BillingPageShell>
      <title>Billing · Kairo</title>
      <SectionBoundary what="Your billing details">
        <BillingPortal />
      </SectionBoundary>
    </BillingPageShell>
  );
}

function BillingPortal() {
  const [params] = useSearchParams();
  const back = safeReturn(params.get("return"));
  // A failed first load goes to the boundary around the page's section (throwWhenEmpty).
  const billing = useQuery({ ...billingQueryOptions(), throwOnError: throwWhenEmpty });
  const act = useLocalPortalAction();
  const [seats, setSeats] = useState(String(TEAM_SIZE.default));
  const details = billing.data;

  useEffect(() => {
    if (details?.plan === "team") setSeats(String(details.seats));
  }, [details?.plan, details?.seats]);

  const run = async (action: LocalPortalAction, done: string) => {
    try {
      await act.mutateAsync(action);
      notifySuccess(done);
    } catch (err) {
      notifyError(err, {
        title: "Error",
        fallback: "Your subscription could not be changed. Please try again.",
      });
    }
  };

  const seatCount = Number(seats);
  const seatsValid = Number.isInteger(seatCount) && seatCount >= TEAM_SIZE.min && seatCount <= TEAM_SIZE.max;
  const other = details?.plan === "team" ? PLANS.pro : PLANS.team;

  return (
    <section aria-labelledby="portal-heading" className="rounded-lg border border-border bg-background p-6">
      <h1 id="portal-heading" className="text-xl font-semibold">
        Manage billing
      </h1>
      <Alert tone="info" className="mt-4">
        <p className="font-medium">Test billing — no real charge is made</p>
      </Alert>
      {!details ? (
        <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
      ) : !details.plan ? (
        <p className="mt-6 text-sm">You have no paid plan to manage.</p>
      ) : details.provider !== "local" ? (
        <p className="mt-6 text-sm">This subscription is managed by the payment provider's billing portal.</p>
      ) : (
        <div className="mt-6 space-y-6">
          <dl className="divide-y divide-border text-sm">
            <div className="flex justify-between py-2">
              <dt className="text-muted">Plan</dt>
              <dd className="font-medium">{PLANS[details.plan].name}</dd>
            </div>
            {details.plan === "team" && (
              <div className="flex justify-between py-2">
                <dt className="text-muted">Seats</dt>
                <dd className="font-medium tabular-nums">{details.seats}</dd>
              </div>
            )}
            <div className="flex justify-between py-2">
              <dt className="text-muted">Amount</dt>
              <dd className="font-medium tabular-nums">
                {details.amount != null ? formatUsd(details.amount) : "—"} per{" "}
                {details.billing === "yearly" ? "year" : "month"}
              </dd>
            </div>
            {details.currentPeriodEnd && (
              <div className="flex justify-between py-2">
                <dt className="text-muted">{details.cancelAtPeriodEnd ? "Ends on" : "Renews on"}</dt>
                <dd className="font-medium">{format(new Date(details.currentPeriodEnd), "MMMM d, yyyy")}</dd>
              </div>
            )}
          </dl>

          {details.plan === "team" && (
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (seatsValid) void run({ action: "change_seats", seats: seatCount }, "Seats updated");
              }}
            >
              <FormField
                id="portal-seats"
                label="Seats"
                error={
                  seatsValid ? undefined : `Team size must be between ${TEAM_SIZE.min} and ${TEAM_SIZE.max}.`
                }
              >
                <Input
                  id="portal-seats"
                  type="number"
                  inputMode="numeric"
                  min={TEAM_SIZE.min}
                  max={TEAM_SIZE.max}
                  step={1}
                  value={seats}
                  onChange={(e) => setSeats(e.target.value)}
                  className="w-28"
                />
              </FormField>
              <Button type="submit" variant="outline" disabled={!seatsValid || act.isPending}>
                Update seats
              </Button>
              {seatsValid && (
                <p className="w-full text-xs text-muted">
                  New amount:{" "}
                  {formatUsd(planTotal("team", { seats: seatCount, billing: details.billing }) ?? 0)} per{" "}
                  {details.billing === "yearly" ? "year" : "month"}
                </p>
              )}
            </form>
          )}

          <div className="flex flex-wrap gap-3">
            <Button
              variant="outline"
              disabled={act.isPending}
              onClick={() =>
                run({ action: "switch_plan", plan: other.id as "pro" | "team" }, `Switched to ${other.name}`)
              }
            >
              Switch to {other.name}
            </Button>
            {details.cancelAtPeriodEnd ? (
              <Button
                variant="outline"
                disabled={act.isPending}
                onClick={() => run({ action: "resume" }, "Subscription resumed")}
              >
                Resume subscription
              </Button>
            ) : (
              <Button
                variant="danger"
                disabled={act.isPending}
                onClick={() => run({ action: "cancel" }, "Subscription cancelled")}
              >
                Cancel subscription
              </Button>
            )}
          </div>
          {details.cancelAtPeriodEnd && (
            <p className="text-sm text-muted">
              Your plan stays active until the end of the period, then you move to Free.
            </p>
          )}
        </div>
      )}
      <div className="mt-8 border-t border-border pt-4">
        <Button variant="link" onClick={() => goTo(back)}>
          Return to Kairo
        </Button>
      </div>
    </section>
  );
}
