import { Play, Square } from "lucide-react";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";

/** Start or stop one task's timer; the name says which task, for lists read by screen readers. */
export function TimerButton({
  task,
  busy,
  onStart,
  onStop,
  className,
}: {
  task: TaskDto;
  busy: boolean;
  onStart: (task: TaskDto) => void;
  onStop: (task: TaskDto) => void;
  className?: string;
}) {
  const running = task.isActive;
  return (
    <Button
      variant={running ? "primary" : "outline"}
      size="sm"
      aria-label={`${running ? "Stop timer" : "Start timer"} for ${task.title}`}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => (running ? onStop(task) : onStart(task))}
      className={cn("h-11 min-w-11 px-3 sm:h-9", className)}
    >
      {running ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
      <span>{running ? "Stop" : "Start"}</span>
    </Button>
  );
}
