// The upgrade dialog (spec section 2): Pro and Team tabs, monthly or yearly billing, the team size
// calculator, the launch-offer countdown, the plan comparison, testimonials, and the two ways on:
// Try Demo Mode and Upgrade (which prepares checkout on the server and goes to its address).
import { Check, Loader2 } from "lucide-react";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { checkoutAmounts } from "#shared/domain/billing.ts";
import {
  type BillingCycle,
  formatUsd,
  LAUNCH_OFFER,
  monthlyEquivalentWhenYearly,
  PLANS,
  type PlanId,
  TEAM_SIZE,
  YEARLY_DISCOUNT,
  yearlyPrice,
} from "#shared/domain/plans.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent } from "#web/components/ui/dialog.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyFailure } from "#web/lib/notify.ts";
import { useSession } from "#web/lib/session.ts";
import { useSubscription } from "#web/lib/subscription.ts";
import { useCreateCheckout } from "../api/create-checkout.ts";
import { useLaunchOffer } from "../api/open-launch-offer.ts";
import { teamQuote } from "../team-quote.ts";
import type { UpgradePlan } from "../upgrade-plan.ts";
import { upgradeReturnUrls } from "../upgrade-return.ts";
import { ComparisonTable } from "./comparison-table.tsx";
import { OfferBanner, useOfferCountdown } from "./offer-banner.tsx";
import { customPricingLink, TeamCalculator } from "./team-calculator.tsx";
import { TestimonialList } from "./testimonial-list.tsx";

export const UPGRADE_FAILED = {
  title: "Upgrade failed",
  description: "There was an error processing your upgrade. Please try again.",
};

export const BILLING_UNAVAILABLE_TITLE = "Billing is not configured";

const SAVE_PERCENT = Math.round(YEARLY_DISCOUNT * 100);

export default function UpgradeDialog({
  open,
  onOpenChange,
  initialPlan,
  demoAction,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialPlan: UpgradePlan;
  demoAction: ReactNode;
  onCloseAutoFocus: ComponentProps<typeof DialogContent>["onCloseAutoFocus"];
}) {
  const [plan, setPlan] = useState<UpgradePlan>(initialPlan);
  const [billing, setBilling] = useState<BillingCycle>("monthly");
  const [teamSize, setTeamSize] = useState(String(TEAM_SIZE.default));
  const quote = teamQuote(teamSize);
  const session = useSession();
  const subscription = useSubscription(session.status === "signed-in");
  // Showing the dialog shows the offer: this opens the person's window on the server (once).
  const offer = useLaunchOffer(session.status === "signed-in");
  const secondsLeft = useOfferCountdown(offer.data?.eligible ? offer.data.deadlineMs : null);
  const checkout = useCreateCheckout();
  const navigate = useNavigate();
  const location = useLocation();
  const billingSwitchId = useId();

  const current = subscription.data?.plan;
  const paidPlan: PlanId | null = current === "pro" || current === "team" ? current : null;
  const currentForTable: PlanId | null = current === "trial" ? null : (current ?? null);
  // The launch offer is for a first purchase (the server says who is eligible); someone already
  // paying is not offered it.
  const offerShown = paidPlan === null && offer.data?.eligible === true;
  const offerLive = offerShown && secondsLeft > 0;
  // Busy from the click until the browser has left for checkout.
  const [leaving, setLeaving] = useState(false);
  const busy = checkout.isPending || leaving;

  const pleaseLogIn = () => {
    notifyFailure("Please log in");
    onOpenChange(false);
    navigate(`${paths.login}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
  };

  const upgrade = () => {
    if (session.status !== "signed-in") return pleaseLogIn();
    const quantity = plan === "team" && quote.kind === "priced" ? quote.seats : 1;
    checkout.mutate(
      { plan, quantity, billing, ...upgradeReturnUrls(window.location.origin, plan) },
      {
        onSuccess: ({ url }) => {
          setLeaving(true);
          window.location.assign(url);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return pleaseLogIn();
          // No payment provider on this server: say so rather than "try again".
          if (error instanceof ApiError && error.status === 503 && error.code === "UNAVAILABLE") {
            return notifyFailure(BILLING_UNAVAILABLE_TITLE, error.message);
          }
          notifyFailure(UPGRADE_FAILED.title, UPGRADE_FAILED.description);
        },
      },
    );
  };

  const teamBlocked = plan === "team" && quote.kind === "invalid";
  const isCurrent = paidPlan === plan;

  return (
    <Dialog open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <DialogContent
        title="Upgrade your plan"
        description="Unlock AI insights, workflows and your team's shared workspace."
        className="max-w-3xl p-4 sm:p-6"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="flex flex-col gap-5">
          {offerShown && <OfferBanner secondsLeft={secondsLeft} />}

          <Tabs value={plan} onValueChange={(v) => setPlan(v === "team" ? "team" : "pro")}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <TabsList aria-label="Plan">
                <TabsTrigger value="pro" className="min-h-9 px-5">
                  Pro
                </TabsTrigger>
                <TabsTrigger value="team" className="min-h-9 px-5">
                  Team
                </TabsTrigger>
              </TabsList>
              <div className="flex items-center gap-2">
                <Switch
                  id={billingSwitchId}
                  checked={billing === "yearly"}
                  onCheckedChange={(checked) => setBilling(checked ? "yearly" : "monthly")}
                />
                <label
                  htmlFor={billingSwitchId}
                  className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium"
                >
                  Yearly billing
                  <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs">
                    save {SAVE_PERCENT}%
                  </span>
                </label>
              </div>
            </div>

            <TabsContent value="pro" className="mt-4 focus-visible:outline-2 focus-visible:outline-ring">
              <ProSummary billing={billing} offerLive={offerLive} />
            </TabsContent>
            <TabsContent value="team" className="mt-4 focus-visible:outline-2 focus-visible:outline-ring">
              <TeamCalculator value={teamSize} onChange={setTeamSize} quote={quote} billing={billing} />
            </TabsContent>
          </Tabs>

          <ComparisonTable selected={plan} current={currentForTable} />
          <TestimonialList plan={plan} />

          <div className="sticky -bottom-4 -mx-4 -mb-4 flex flex-col-reverse gap-2 border-t border-border bg-background px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex-row sm:items-center sm:justify-end sm:px-6">
            {demoAction}
            {plan === "team" && quote.kind === "custom" ? (
              <Button asChild>
                <a href={customPricingLink(quote.seats)}>Contact us</a>
              </Button>
            ) : isCurrent ? (
              <Button disabled>Current Plan</Button>
            ) : (
              <Button onClick={upgrade} disabled={busy || teamBlocked} aria-disabled={busy || undefined}>
                {busy ? (
                  <>
                    <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                    Preparing checkout…
                  </>
                ) : (
                  "Upgrade"
                )}
              </Button>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ProSummary({ billing, offerLive }: { billing: BillingCycle; offerLive: boolean }) {
  const pro = PLANS.pro;
  const price = pro.price ?? 0;
  const offer = checkoutAmounts("pro", 1, "monthly", true);
  return (
    <section aria-labelledby="upgrade-pro-title" className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="upgrade-pro-title" className="text-sm font-semibold">
          {pro.name}
        </h3>
        {billing === "monthly" ? (
          <p className="tabular-nums">
            <span className="text-2xl font-semibold">{formatUsd(price)}</span>{" "}
            <span className="text-sm text-muted">per month</span>
          </p>
        ) : (
          <p className="text-right tabular-nums">
            <span className="text-2xl font-semibold">{formatUsd(yearlyPrice(price))}</span>{" "}
            <span className="text-sm text-muted">per year</span>
            <span className="block text-xs text-muted">
              {formatUsd(monthlyEquivalentWhenYearly(price))} a month · save{" "}
              {formatUsd(price * 12 - yearlyPrice(price))} ({SAVE_PERCENT}% off)
            </span>
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">{pro.description}</p>
      {offerLive && (
        <p className="mt-2 text-sm">
          {billing === "monthly"
            ? `Launch offer: ${formatUsd(offer.firstCharge)} a month for your first ${LAUNCH_OFFER.months} months, then ${formatUsd(price)}.`
            : "The launch offer applies to monthly billing."}
        </p>
      )}
      <ul className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
        {pro.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            {f}
          </li>
        ))}
      </ul>
    </section>
  );
}
