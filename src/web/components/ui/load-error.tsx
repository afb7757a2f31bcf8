import { cn } from "#web/lib/cn.ts";
import { describeError } from "#web/lib/notify.ts";
import { Button } from "./button.tsx";

/** What a panel shows when its data could not be loaded: what failed, why, and a Retry button. */
export function LoadError({
  what,
  error,
  onRetry,
  className,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-lg border border-danger/30 bg-danger/10 p-3 text-sm text-danger",
        className,
      )}
    >
      <span>
        {what} could not be loaded. {describeError(error, "Please try again in a moment.").message}
      </span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
