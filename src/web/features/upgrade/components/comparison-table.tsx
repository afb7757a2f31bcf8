// Free, Pro, Team and Elite side by side. A real table (header cells for plans and for rows); on a
// phone it scrolls sideways inside its own focusable region, never the page.
import { Check, Minus } from "lucide-react";
import { PLANS, type PlanId } from "#shared/domain/plans.ts";
import { cn } from "#web/lib/cn.ts";
import { COMPARISON_PLANS, COMPARISON_ROWS, type ComparisonCell } from "../plan-comparison.ts";

function Cell({ value }: { value: ComparisonCell }) {
  if (value === true) {
    return (
      <>
        <Check className="mx-auto size-4 text-success" aria-hidden="true" />
        <span className="sr-only">Included</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus className="mx-auto size-4 text-muted" aria-hidden="true" />
        <span className="sr-only">Not included</span>
      </>
    );
  }
  return <span className="tabular-nums">{value}</span>;
}

export function ComparisonTable({ selected, current }: { selected: PlanId; current: PlanId | null }) {
  return (
    <section aria-labelledby="plan-comparison-title" className="min-w-0">
      <h3 id="plan-comparison-title" className="text-sm font-semibold">
        Compare plans
      </h3>
      <section
        aria-label="Plan comparison table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        data-testid="plan-comparison-scroll"
        className="mt-2 overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full min-w-[34rem] border-collapse text-sm">
          <caption className="sr-only">Plan comparison: Free, Pro, Team and Elite</caption>
          <thead>
            <tr className="bg-surface">
              <th scope="col" className="px-3 py-2 text-left font-medium text-muted">
                Feature
              </th>
              {COMPARISON_PLANS.map((id) => (
                <th
                  key={id}
                  scope="col"
                  className={cn(
                    "px-3 py-2 text-center font-semibold",
                    id === selected && "bg-accent-soft/60",
                  )}
                >
                  <span className="block">{PLANS[id].name}</span>
                  {PLANS[id].comingSoon && (
                    <span className="mt-0.5 inline-block rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium">
                      Coming Soon
                    </span>
                  )}
                  {id === current && (
                    <span className="mt-0.5 block text-xs font-medium text-muted">Your plan</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((row) => (
              <tr key={row.label} className="border-t border-border">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {row.label}
                </th>
                {COMPARISON_PLANS.map((id) => (
                  <td
                    key={id}
                    className={cn("px-3 py-2 text-center", id === selected && "bg-accent-soft/30")}
                  >
                    <Cell value={row.cells[id]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
