import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";

/** Previous / next through a paged list, with where we are. Hidden when there is one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is paged, for screen readers ("People", "Audit log"). */
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="tabular-nums text-muted" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** A table that scrolls sideways on a phone instead of widening the page. */
export function ScrollTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="w-full overflow-x-auto rounded-lg border border-border bg-background"
    >
      {children}
    </section>
  );
}

export const TH =
  "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted";
export const TD = "whitespace-nowrap px-3 py-2 align-top";
