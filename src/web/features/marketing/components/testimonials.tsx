import { TestimonialCard } from "#web/components/testimonial-card.tsx";
import { TESTIMONIALS } from "#web/config/testimonials.ts";
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
              <TestimonialCard testimonial={t} size="large" />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
