// One testimonial as a figure: the stars, the quote and who said it. The landing page shows it large,
// the upgrade dialog compact with the plan the person is on.
import { Star } from "lucide-react";
import type { ReactNode } from "react";
import type { Testimonial } from "#web/config/testimonials.ts";
import { cn } from "#web/lib/cn.ts";

const SIZES = {
  large: {
    figure: "w-full p-6",
    star: "size-4",
    quote: "mt-4 text-base leading-7 text-pretty",
    caption: "mt-6 gap-3 text-sm",
    initials: "size-10 text-sm text-foreground",
  },
  compact: {
    figure: "h-full p-3",
    star: "size-3.5",
    quote: "mt-2 text-sm leading-6",
    caption: "mt-3 gap-2 text-xs",
    initials: "size-8",
  },
} as const;

export function TestimonialCard({
  testimonial: t,
  size,
  byline,
}: {
  testimonial: Testimonial;
  size: keyof typeof SIZES;
  /** Added after the company, e.g. the plan's name. */
  byline?: ReactNode;
}) {
  const s = SIZES[size];
  return (
    <figure className={cn("flex flex-col rounded-lg border border-border bg-background", s.figure)}>
      <div role="img" aria-label={`Rated ${t.rating} out of 5`} className="flex gap-0.5 text-warning">
        {Array.from({ length: 5 }, (_, i) => (
          <Star
            // biome-ignore lint/suspicious/noArrayIndexKey: five identical stars in a fixed order
            key={i}
            className={s.star}
            fill={i < t.rating ? "currentColor" : "none"}
            aria-hidden="true"
          />
        ))}
      </div>
      <blockquote className={cn("flex-1", s.quote)}>
        <p>“{t.content}”</p>
      </blockquote>
      <figcaption className={cn("flex items-center", s.caption)}>
        <span
          aria-hidden="true"
          className={cn(
            "grid shrink-0 place-items-center rounded-full bg-accent-soft font-semibold",
            s.initials,
          )}
        >
          {t.initials}
        </span>
        <span className="min-w-0">
          <span className="block font-semibold">{t.name}</span>
          <span className="block text-muted">
            {t.role}, {t.company}
            {byline}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
