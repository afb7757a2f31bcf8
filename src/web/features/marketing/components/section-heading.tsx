import { clsx } from "clsx";
import type { ReactNode } from "react";

type SectionHeadingProps = {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
};

export function SectionHeading({ id, eyebrow, title, children, className }: SectionHeadingProps) {
  return (
    <div className={clsx("mx-auto max-w-2xl text-center", className)}>
      {eyebrow && <p className="text-sm font-medium text-accent">{eyebrow}</p>}
      <h2
        id={id}
        className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-[2rem] sm:leading-tight"
      >
        {title}
      </h2>
      {children && <p className="mt-4 text-base text-pretty text-muted">{children}</p>}
    </div>
  );
}
