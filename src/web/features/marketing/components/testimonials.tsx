import { Star } from "lucide-react";
import { TESTIMONIALS } from "../../../config/testimonials.ts";
import { sectionIds } from "../sections.ts";
import { Container } from "./container.tsx";
import { SectionHeading } from "./section-heading.tsx";

export function Testimonials() {
  return (
    <section
      id={sectionIds.testimonials}
      aria-labelledby="testimonials-title"
      className="scroll-mt-16 py-16 sm:py-24"
    >
      <Container>
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="How people use Kairo">
          Illustrative stories based on the kinds of teams Kairo is built for.
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.id} className="flex">
              <figure className="flex w-full flex-col rounded-lg border border-border bg-background p-6">
                <div
                  role="img"
                  aria-label={`Rated ${t.rating} out of 5`}
                  className="flex gap-0.5 text-warning"
                >
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star
                      // biome-ignore lint/suspicious/noArrayIndexKey: five identical stars in a fixed order
                      key={i}
                      className="size-4"
                      fill={i < t.rating ? "currentColor" : "none"}
                      aria-hidden="true"
                    />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-base leading-7 text-pretty">
                  <p>“{t.content}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-foreground"
                  >
                    {t.initials}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-muted">
                      {t.role}, {t.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
