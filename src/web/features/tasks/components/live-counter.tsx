import { formatDuration } from "#shared/domain/tasks.ts";
import { cn } from "#web/lib/cn.ts";
import { useNow } from "../hooks/use-now.ts";

/**
 * The running task's hh:mm:ss, recomputed every second from the start time the server recorded
 * (spec section 4), so it survives reloads and throttled background tabs.
 */
export function LiveCounter({ startedAt, className }: { startedAt: string; className?: string }) {
  const now = useNow(1000);
  const elapsed = now - Date.parse(startedAt);
  return (
    <span
      role="timer"
      title="Time on this task since the timer started"
      className={cn("text-sm tabular-nums", className)}
    >
      {formatDuration(elapsed)}
    </span>
  );
}
