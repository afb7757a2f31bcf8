// Varied title widths, so the placeholder reads as a list rather than a grid.
const TITLE_WIDTHS = ["55%", "40%", "68%", "47%", "60%", "36%"];

/** Placeholder rows while the first page loads. */
export function TaskListSkeleton() {
  return (
    <div aria-busy="true" className="overflow-hidden rounded-lg border border-border bg-background">
      <span className="sr-only" role="status">
        Loading tasks...
      </span>
      {TITLE_WIDTHS.map((width) => (
        <div
          key={width}
          aria-hidden="true"
          className="flex items-center gap-3 border-b border-border px-4 py-4 last:border-b-0"
        >
          <div className="size-5 animate-pulse rounded bg-surface-2" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 animate-pulse rounded bg-surface-2" style={{ width }} />
            <div className="h-3 w-1/3 animate-pulse rounded bg-surface-2" />
          </div>
          <div className="hidden h-8 w-20 animate-pulse rounded-lg bg-surface-2 sm:block" />
        </div>
      ))}
    </div>
  );
}
