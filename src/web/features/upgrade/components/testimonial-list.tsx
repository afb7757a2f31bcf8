// What people on the paid plans say (sample display data, labelled as illustrative). The stories
// of the selected plan come first.
import { Star } from "lucide-react";
import { PLANS } from "#shared/domain/plans.ts";
import { TESTIMONIALS } from "../../../config/testimonials.ts";
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
            <figure className="flex h-full flex-col rounded-lg border border-border p-3">
              <div role="img" aria-label={`Rated ${t.rating} out of 5`} className="flex gap-0.5 text-warning">
                {Array.from({ length: 5 }, (_, i) => (
                  <Star
                    // biome-ignore lint/suspicious/noArrayIndexKey: five identical stars in a fixed order
                    key={i}
                    className="size-3.5"
                    fill={i < t.rating ? "currentColor" : "none"}
                    aria-hidden="true"
                  />
                ))}
              </div>
              <blockquote className="mt-2 flex-1 text-sm leading-6">
                <p>“{t.content}”</p>
              </blockquote>
              <figcaption className="mt-3 flex items-center gap-2 text-xs">
                <span
                  aria-hidden="true"
                  className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft font-semibold"
                >
                  {t.initials}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold">{t.name}</span>
                  <span className="block text-muted">
                    {t.role}, {t.company} · {PLANS[t.plan].name}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
