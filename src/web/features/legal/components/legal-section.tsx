import type { ReactNode } from "react";

/** Readable prose styles for legal text; paragraphs, lists, tables and links need no classes. */
export const proseClass =
  "text-base leading-7 [&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_li]:mt-2 [&_li]:pl-1 [&_p]:mt-4 [&_strong]:font-semibold [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-5";

type LegalSectionProps = {
  /** Id for the heading; also the anchor others can link to. */
  id: string;
  title: string;
  children: ReactNode;
};

export function LegalSection({ id, title, children }: LegalSectionProps) {
  return (
    <section aria-labelledby={id} className="mt-10 scroll-mt-8 first:mt-0">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className={proseClass}>{children}</div>
    </section>
  );
}
