import { Loader2 } from "lucide-react";
import { cn } from "#web/lib/cn.ts";

/** A spinner with a text for screen readers (and, when `visibleLabel`, for everyone). */
export function Spinner({
  label = "Loading...",
  visibleLabel = false,
  className,
}: {
  label?: string;
  visibleLabel?: boolean;
  className?: string;
}) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 text-muted", className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span className={visibleLabel ? "text-sm" : "sr-only"}>{label}</span>
    </div>
  );
}

export function FullPageSpinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner label={label} visibleLabel />
    </div>
  );
}
