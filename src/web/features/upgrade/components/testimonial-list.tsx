// What people on the paid plans say (sample display data, labelled as illustrative). The stories
// of the selected plan come first.
import { PLANS } from "#shared/domain/plans.ts";
import { TestimonialCard } from "#web/components/testimonial-card.tsx";
import { TESTIMONIALS } from "#web/config/testimonials.ts";
import type { UpgradePlan } from "../upgrade-plan.ts";

export function TestimonialList({ plan }: { plan: UpgradePlan }) {
  const ordered = [...TESTIMONIALS].sort((a, b) => Number(b.plan === plan) - Number(a.plan === plan));
  return (
    <section aria-labelledby="upgrade-testimonials-title">
      <h3 id="upgrade-testimonials-title" className="text-sm font-semibold">
        What people say
      </h3>
      <p className="text-xs text-muted">
        Illustrative stories based on the kinds of teams Kairo is built for.
      </p>
      <ul className="mt-2 grid gap-3 sm:grid-cols-3">
        {ordered.map((t) => (
          <li key={t.id}>
            <TestimonialCard testimonial={t} size="compact" byline={` · ${PLANS[t.plan].name}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
