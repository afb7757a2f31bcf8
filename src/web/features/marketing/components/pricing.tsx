import { clsx } from "clsx";
import { Check } from "lucide-react";
import { useId, useState } from "react";
import { TRIAL_DAYS } from "#shared/domain/limits.ts";
import {
  type BillingCycle,
  formatUsd,
  monthlyEquivalentWhenYearly,
  PLAN_LIST,
  type Plan,
  type PlanId,
  TEAM_SIZE,
  YEARLY_DISCOUNT,
  yearlyPrice,
} from "#shared/domain/plans.ts";
import { mailtoLink, siteConfig } from "#shared/domain/site-config.ts";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { StartLink } from "../navigation.tsx";
import { sectionIds } from "../sections.ts";
import { Container } from "./container.tsx";
import { SectionHeading } from "./section-heading.tsx";

const SAVE_PERCENT = Math.round(YEARLY_DISCOUNT * 100);

const includesPrevious: Partial<Record<PlanId, string>> = {
  pro: "Everything in Free, plus:",
  team: "Everything in Pro, plus:",
  elite: "Everything in Team, plus:",
};

export function Pricing() {
  const [billing, setBilling] = useState<BillingCycle>("monthly");
  const switchId = useId();
  const yearly = billing === "yearly";

  return (
    <section
      id={sectionIds.pricing}
      aria-labelledby="pricing-title"
      className="scroll-mt-16 border-y border-border bg-surface py-16 sm:py-24"
    >
      <Container>
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple pricing that grows with you">
          Start free and upgrade when you need AI help or a shared workspace. {TRIAL_DAYS}-day free trial on
          paid plans, no charge until it ends.
        </SectionHeading>

        <div className="mt-8 flex items-center justify-center gap-3">
          <button
            type="button"
            role="switch"
            id={switchId}
            aria-checked={yearly}
            data-billing-switch
            onClick={() => setBilling(yearly ? "monthly" : "yearly")}
            className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-muted transition-colors duration-150 after:absolute after:-inset-x-1 after:-inset-y-2.5 after:content-[''] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-checked:bg-accent"
          >
            <span
              aria-hidden="true"
              className="block size-5 translate-x-0.5 rounded-full bg-background shadow-sm transition-transform duration-150 group-aria-checked:translate-x-[22px]"
            />
          </button>
          <label
            htmlFor={switchId}
            className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium"
          >
            Yearly billing
            <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-foreground">
              (save {SAVE_PERCENT}%)
            </span>
          </label>
        </div>

        <ul className="mt-10 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {PLAN_LIST.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard plan={plan} billing={billing} />
            </li>
          ))}
        </ul>

        <p className="mt-8 text-center text-sm text-muted">
          Prices in US dollars. {TRIAL_DAYS}-day free trial on paid plans, no charge until it ends. Team plans
          cover {TEAM_SIZE.min} to {TEAM_SIZE.max} people; for more,{" "}
          <a
            href={mailtoLink(siteConfig.supportEmail, "Kairo for a large team")}
            className="font-medium text-accent underline-offset-4 hover:underline"
          >
            email us
          </a>
          .
        </p>
      </Container>
    </section>
  );
}

function PlanCard({ plan, billing }: { plan: Plan; billing: BillingCycle }) {
  const titleId = useId();

  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        "relative flex w-full flex-col rounded-lg border bg-background p-6",
        plan.popular ? "border-accent ring-1 ring-accent" : "border-border",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {plan.name}
        </h3>
        {plan.popular && (
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground">
            Most popular
          </span>
        )}
        {plan.comingSoon && (
          <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-medium text-foreground">
            Coming Soon
          </span>
        )}
      </div>
      <p className="mt-2 min-h-10 text-sm text-muted">{plan.description}</p>

      {plan.price !== null && plan.price > 0 ? (
        // Both prices in the page, one hidden: the pre-rendered landing page switches them without
        // React (landing/enhance.ts), the app's "/" route by its state.
        (["monthly", "yearly"] as const).map((cycle) => (
          <div key={cycle} data-billing={cycle} hidden={billing !== cycle}>
            <PlanPrice plan={plan} billing={cycle} />
          </div>
        ))
      ) : (
        <PlanPrice plan={plan} billing={billing} />
      )}

      {plan.comingSoon ? (
        <button
          type="button"
          className={buttonVariants({ variant: "outline", size: "lg", className: "mt-6 w-full" })}
          disabled
        >
          Coming Soon
        </button>
      ) : (
        <StartLink
          aria-describedby={titleId}
          className={buttonVariants({
            variant: plan.popular ? "primary" : "outline",
            size: "lg",
            className: "mt-6 w-full",
          })}
        >
          {plan.price === 0 ? "Get started free" : "Start Free Trial"}
        </StartLink>
      )}

      <div className="mt-6 border-t border-border pt-6">
        {includesPrevious[plan.id] && <p className="text-sm font-medium">{includesPrevious[plan.id]}</p>}
        <ul className={clsx("space-y-2.5 text-sm", includesPrevious[plan.id] && "mt-3")}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function PlanPrice({ plan, billing }: { plan: Plan; billing: BillingCycle }) {
  if (plan.price === null) {
    return (
      <div className="mt-5">
        <p className="text-2xl leading-10 font-semibold tracking-tight text-muted">No price yet</p>
        <p className="mt-1 text-sm text-muted">Not available to buy yet</p>
      </div>
    );
  }

  const yearly = billing === "yearly" && plan.price > 0;
  const perMonth = yearly ? monthlyEquivalentWhenYearly(plan.price) : plan.price;
  const unit = plan.perUser ? "per user/month" : "/month";

  let note = "Free forever";
  if (plan.price > 0) {
    const per = plan.perUser ? " per user" : "";
    note = yearly ? `${formatUsd(yearlyPrice(plan.price))}${per} billed yearly` : "Billed monthly";
  }

  return (
    <div className="mt-5">
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        {yearly && (
          <span className="text-lg text-muted tabular-nums line-through">
            <span className="sr-only">Was </span>
            {formatUsd(plan.price)}
          </span>
        )}
        <span className="text-[2rem] leading-10 font-semibold tracking-tight tabular-nums">
          {formatUsd(perMonth)}
        </span>
        <span className="text-sm text-muted">{unit}</span>
      </p>
      <p className="mt-1 text-sm text-muted tabular-nums">{note}</p>
    </div>
  );
}
