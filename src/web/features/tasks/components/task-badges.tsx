// The small facts of a task as they read in lists: category, priority, deadline, time.
import { CalendarClock, Flag, ListChecks, Timer } from "lucide-react";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { shownEstimateMinutes, subtaskProgress } from "#shared/domain/subtasks.ts";
import { formatMinutes } from "#shared/domain/tasks.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { cn } from "#web/lib/cn.ts";
import { describeDeadline } from "../lib/deadline.ts";
import { PRIORITY_LABELS, PRIORITY_TONES } from "../lib/task-labels.ts";

export function CategoryBadge({ category }: { category: TaskDto["category"] }) {
  return (
    <Badge>
      <span className="sr-only">Category: </span>
      {category}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TaskDto["priority"] }) {
  return (
    <Badge tone={PRIORITY_TONES[priority]}>
      <Flag className="size-3" aria-hidden="true" />
      {PRIORITY_LABELS[priority]}
      <span className="sr-only"> priority</span>
    </Badge>
  );
}

export function DeadlineText({ task, now }: { task: TaskDto; now: Date }) {
  if (!task.deadline) return null;
  const d = describeDeadline(task.deadline, now, task.completed);
  return (
    <span
      className={cn("inline-flex items-center gap-1", d.overdue ? "font-medium text-danger" : "text-muted")}
    >
      <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
      <time dateTime={task.deadline} title={d.full}>
        {d.text}
      </time>
    </span>
  );
}

/**
 * "Est. 45m · Actual 2m"; the actual time turns amber once it passes the estimate. The estimate is the
 * task's own plus its open subtasks' (decision 231), and says so on hover.
 */
export function TimeSpent({ task }: { task: TaskDto }) {
  const estimate = shownEstimateMinutes(task);
  const fromSubtasks = estimate - task.estimatedMinutes;
  const over = task.actualMinutes > estimate;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap text-muted">
      <Timer className="size-3.5 shrink-0" aria-hidden="true" />
      <span
        title={
          fromSubtasks > 0
            ? `${formatMinutes(task.estimatedMinutes)} for the task and ${formatMinutes(fromSubtasks)} for its open subtasks`
            : undefined
        }
      >
        Est. {formatMinutes(estimate)}
        {fromSubtasks > 0 && (
          <span className="sr-only"> (with {formatMinutes(fromSubtasks)} of open subtasks)</span>
        )}
      </span>
      <span aria-hidden="true">·</span>
      <span className={cn(over && "font-medium text-warning")}>
        Actual {formatMinutes(task.actualMinutes)}
      </span>
    </span>
  );
}

/** "2 of 5": the task's subtasks done of all; nothing for a task without subtasks. */
export function SubtaskProgress({ task }: { task: TaskDto }) {
  const progress = subtaskProgress(task);
  if (!progress) return null;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums text-muted">
      <ListChecks className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">Subtasks done: </span>
      {progress}
    </span>
  );
}
