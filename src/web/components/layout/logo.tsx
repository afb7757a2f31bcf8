// clsx rather than cn: the landing page shows the logo too, and tailwind-merge would cost it 8 KB of
// its script budget for one class list that never clashes.
import { clsx } from "clsx";

/** The Kairo mark and name; `compact` shows the mark only (collapsed sidebar). */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={clsx("inline-flex items-center gap-2 font-semibold text-foreground", className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-accent" />
        <path
          d="M10 8v16M10 16l9-8M13 14l7 10"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
          className="text-accent-foreground"
        />
      </svg>
      {!compact && <span className="text-lg tracking-tight">Kairo</span>}
    </span>
  );
}
