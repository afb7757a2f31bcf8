import { AlertTriangle, Pencil, Repeat, SkipForward, Trash, UserRound } from "lucide-react";
import { memo, useState } from "react";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { repeatWords } from "../lib/repeat-words.ts";
import { useAssigneeLabel } from "./assignee-names.ts";
import { LiveCounter } from "./live-counter.tsx";
import { CategoryBadge, DeadlineText, PriorityBadge, SubtaskProgress, TimeSpent } from "./task-badges.tsx";
import { TimerButton } from "./timer-button.tsx";

export type TaskRowActions = {
  /** Settles when the server has answered (and the list is fresh again). */
  onToggle: (task: TaskDto, completed: boolean) => Promise<void>;
  onEdit: (task: TaskDto) => void;
  /** A repeating task: skip its open occurrence (the next one opens). */
  onSkip?: (task: TaskDto) => void;
  onDelete: (task: TaskDto) => void;
  onStartTimer: (task: TaskDto) => void;
  onStopTimer: (task: TaskDto) => void;
};

/** One task in the list. Memoised: with thousands of rows, only the changed task re-renders. */
export const TaskRow = memo(function TaskRow({
  task,
  timerBusy,
  now,
  actions,
  atRisk = null,
}: {
  task: TaskDto;
  /** Why the planner says this task's deadline is at risk, or null. */
  atRisk?: string | null;
  timerBusy: boolean;
  /** Minute-precise time for the deadline words; passed in so rows re-render once a minute at most. */
  now: number;
  actions: TaskRowActions;
}) {
  const checkboxId = `task-done-${task.id}`;
  // The box follows the click at once, even before the cache's optimistic update lands.
  const [pendingDone, setPendingDone] = useState<boolean | null>(null);
  const done = pendingDone ?? task.completed;
  const assignee = useAssigneeLabel(task.assigneeId);
  return (
    <div
      data-task-id={task.id}
      className={cn(
        "flex flex-col gap-2 border-b border-border px-3 py-3 sm:flex-row sm:items-center sm:gap-3 sm:px-4",
        task.isActive && "bg-accent-soft/25 shadow-[inset_3px_0_0_var(--accent)]",
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-1 sm:gap-2">
        {/* A 44 px target around a 20 px box. */}
        <label
          htmlFor={checkboxId}
          className="-my-2.5 grid size-11 shrink-0 cursor-pointer place-items-center"
        >
          <input
            id={checkboxId}
            type="checkbox"
            checked={done}
            onChange={(e) => {
              setPendingDone(e.target.checked);
              void actions.onToggle(task, e.target.checked).finally(() => setPendingDone(null));
            }}
            aria-label={done ? `Mark ${task.title} as not done` : `Complete ${task.title}`}
            className="size-5 cursor-pointer accent-accent"
          />
        </label>
        <div className="min-w-0 flex-1">
          <p className={cn("break-words text-sm font-medium sm:truncate", done && "text-muted line-through")}>
            {task.title}
          </p>
          {task.description && <p className="mt-0.5 truncate text-xs text-muted">{task.description}</p>}
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs">
            <CategoryBadge category={task.category} />
            <PriorityBadge priority={task.priority} />
            <DeadlineText task={task} now={new Date(now)} />
            {atRisk && !task.completed && (
              <Badge tone="warning" title={atRisk}>
                <AlertTriangle className="size-3" aria-hidden="true" />
                Deadline at risk
                <span className="sr-only">: {atRisk}</span>
              </Badge>
            )}
            {task.recurrence && (
              <span className="inline-flex items-center gap-1 text-muted" data-testid="repeat-rule">
                <Repeat className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">Repeats: </span>
                {repeatWords(task.recurrence)}
              </span>
            )}
            <SubtaskProgress task={task} />
            <TimeSpent task={task} />
            {assignee && (
              <span className="inline-flex items-center gap-1 text-muted">
                <UserRound className="size-3.5 shrink-0" aria-hidden="true" />
                {assignee}
              </span>
            )}
          </div>
        </div>
      </div>
      <div className="flex shrink-0 items-center justify-end gap-1 pl-12 sm:pl-0">
        {task.isActive && task.activeStartTime && (
          <LiveCounter startedAt={task.activeStartTime} className="mr-1 font-semibold text-accent" />
        )}
        {!task.completed && (
          <TimerButton
            task={task}
            busy={timerBusy}
            onStart={actions.onStartTimer}
            onStop={actions.onStopTimer}
          />
        )}
        {task.recurrence && !task.completed && actions.onSkip && (
          <Button
            variant="ghost"
            size="icon"
            className="size-11 sm:size-9"
            aria-label={`Skip this occurrence of ${task.title}`}
            title="Skip this occurrence"
            onClick={() => actions.onSkip?.(task)}
          >
            <SkipForward aria-hidden="true" />
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="size-11 sm:size-9"
          aria-label={`Edit ${task.title}`}
          onClick={() => actions.onEdit(task)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-11 text-muted hover:text-danger sm:size-9"
          aria-label={`Delete ${task.title}`}
          onClick={() => actions.onDelete(task)}
        >
          <Trash aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
});
