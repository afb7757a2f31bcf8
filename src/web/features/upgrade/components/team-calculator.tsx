// The team size calculator (spec sections 5 and 9): a slider and a number input for 2 to 100
// people, the hint for the size, and the monthly and yearly totals. Above 100: custom pricing.
import { useId } from "react";
import { type BillingCycle, formatUsd, PLANS, TEAM_SIZE, YEARLY_DISCOUNT } from "#shared/domain/plans.ts";
import { mailtoLink, siteConfig } from "#shared/domain/site-config.ts";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Slider } from "#web/components/ui/slider.tsx";
import { cn } from "#web/lib/cn.ts";
import { sliderSeats, TEAM_SIZE_INPUT_MAX, type TeamQuote } from "../team-quote.ts";

const SAVE_PERCENT = Math.round(YEARLY_DISCOUNT * 100);

export const customPricingLink = (seats: number) =>
  mailtoLink(siteConfig.supportEmail, `Kairo Team for ${seats} people`);

export function TeamCalculator({
  value,
  onChange,
  quote,
  billing,
}: {
  /** What is typed in the number input; the slider follows it. */
  value: string;
  onChange: (value: string) => void;
  quote: TeamQuote;
  billing: BillingCycle;
}) {
  const inputId = useId();
  const messageId = useId();
  const seats = sliderSeats(value);
  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-lg border border-border p-4">
      <h3 id={`${inputId}-title`} className="text-sm font-semibold">
        Team size calculator
      </h3>
      <p className="text-xs text-muted">
        {formatUsd(PLANS.team.price ?? 0)} per user per month, {TEAM_SIZE.min} to {TEAM_SIZE.max} people.
      </p>

      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <span className="text-sm font-medium" aria-hidden="true">
            Team size
          </span>
          <Slider
            className="mt-3"
            label="Team size"
            valueText={`${seats} people`}
            min={TEAM_SIZE.min}
            max={TEAM_SIZE.max}
            step={TEAM_SIZE.step}
            value={seats}
            onValueChange={(v) => onChange(String(v))}
          />
          <div className="mt-1 flex justify-between text-xs text-muted tabular-nums" aria-hidden="true">
            <span>{TEAM_SIZE.min}</span>
            <span>{TEAM_SIZE.max}</span>
          </div>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-40">
          <Label htmlFor={inputId}>Number of people</Label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={TEAM_SIZE.min}
            max={TEAM_SIZE_INPUT_MAX}
            step={TEAM_SIZE.step}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={quote.kind === "invalid" || undefined}
            aria-describedby={messageId}
            className="tabular-nums"
          />
        </div>
      </div>

      <div id={messageId} aria-live="polite" className="mt-3 text-sm">
        {quote.kind === "invalid" && <p className="text-danger">{quote.message}</p>}
        {quote.kind === "priced" && (
          <p>
            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium">{quote.hint}</span>{" "}
            <span className="text-muted">
              {quote.seats} {quote.seats === 1 ? "person" : "people"}
            </span>
          </p>
        )}
        {quote.kind === "custom" && (
          <p className="font-medium">
            Custom pricing —{" "}
            <a
              href={customPricingLink(quote.seats)}
              className="text-accent underline-offset-4 hover:underline"
            >
              contact us
            </a>
          </p>
        )}
      </div>

      {quote.kind === "priced" && (
        <dl className="mt-3 grid gap-2 sm:grid-cols-2" aria-live="polite">
          <Total
            label="Monthly total"
            amount={`${formatUsd(quote.monthly)} per month`}
            chosen={billing === "monthly"}
          />
          <Total
            label="Yearly total"
            amount={`${formatUsd(quote.yearly)} per year`}
            note={`Save ${formatUsd(quote.yearlySaving)} (${SAVE_PERCENT}% off)`}
            chosen={billing === "yearly"}
          />
        </dl>
      )}
    </section>
  );
}

function Total({
  label,
  amount,
  note,
  chosen,
}: {
  label: string;
  amount: string;
  note?: string;
  chosen: boolean;
}) {
  return (
    <div
      className={cn("rounded-lg border p-3", chosen ? "border-accent ring-1 ring-accent" : "border-border")}
    >
      <dt className="text-xs font-medium text-muted">
        {label}
        {chosen && <span className="ml-1 text-foreground">· selected</span>}
      </dt>
      <dd className="text-lg font-semibold tabular-nums">{amount}</dd>
      {note && <dd className="text-xs text-success">{note}</dd>}
    </div>
  );
}
