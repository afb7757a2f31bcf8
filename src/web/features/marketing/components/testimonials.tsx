import { Star } from "lucide-react";
import { sectionIds } from "../sections.ts";
import { Container } from "./container.tsx";
import { SectionHeading } from "./section-heading.tsx";

// Illustrative stories (the page says so): modest claims, no figures we cannot stand behind.
const testimonials = [
  {
    name: "Priya Raman",
    role: "Engineering lead",
    company: "Fernhill Labs",
    quote:
      "The timers made our estimates honest. Planning got shorter because we stopped guessing how long things take.",
    rating: 5,
  },
  {
    name: "Tom Becker",
    role: "Freelance designer",
    company: "Becker Studio",
    quote: "I like that it is quiet. One list, one timer, and a nudge when I have been at it too long.",
    rating: 5,
  },
  {
    name: "Aisha Okafor",
    role: "Operations manager",
    company: "Harbor & Co.",
    quote: "A couple of workflow rules replaced the spreadsheet we used to update by hand every Friday.",
    rating: 5,
  },
];

function initials(name: string): string {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
}

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
          {testimonials.map((t) => (
            <li key={t.name} className="flex">
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
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-foreground"
                  >
                    {initials(t.name)}
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
