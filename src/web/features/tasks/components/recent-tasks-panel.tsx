// The Overview's Recent Tasks panel: up to five open tasks with their timers, the running one first.
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, ListChecks, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { dashboardSection } from "#web/config/paths.ts";
import { cn } from "#web/lib/cn.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { recentTasksQueryOptions } from "../api/get-recent-tasks.ts";
import { useTaskTimer } from "../hooks/use-task-timer.ts";
import { TaskFormDialog } from "./lazy-task-form-dialog.tsx";
import { LiveCounter } from "./live-counter.tsx";
import { CategoryBadge, TimeSpent } from "./task-badges.tsx";
import type { OnUpgrade } from "./task-form-dialog.tsx";
import { TimerButton } from "./timer-button.tsx";

/** `onUpgrade` opens the upgrade dialog when the plan refuses a new task (from the route). */
export function RecentTasksPanel({ className, onUpgrade }: { className?: string; onUpgrade?: OnUpgrade }) {
  // Without tasks to show the panel gives way to its boundary's load-error card (dashboard route).
  const recent = useQuery({ ...recentTasksQueryOptions(), throwOnError: throwWhenEmpty });
  const { startTimer, stopTimer, busyIds } = useTaskTimer();
  const [formOpen, setFormOpen] = useState(false);
  const headingId = useId();

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      data-tour="recent-tasks"
      className={cn("flex min-w-0 flex-col", className)}
    >
      <div className="flex items-center justify-between gap-3 p-5 pb-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            Recent Tasks
          </h2>
          <p className="text-sm text-muted">Track time on what you are working on.</p>
        </div>
        <Button asChild variant="ghost" size="sm" className="h-11 shrink-0 sm:h-8">
          <Link to={dashboardSection("tasks")}>
            View all
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <CardContent className="flex-1">
        {recent.data === undefined ? (
          <ul aria-busy="true" aria-label="Loading recent tasks" className="flex flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-14 animate-pulse rounded-lg bg-surface-2" />
            ))}
          </ul>
        ) : recent.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-4 py-8 text-center">
            <ListChecks className="size-8 text-muted" aria-hidden="true" />
            <p className="mt-3 text-sm font-medium">No open tasks</p>
            <p className="mt-1 text-sm text-muted">Add a task, then start its timer to track your time.</p>
            <Button className="mt-4" data-tour="new-task" onClick={() => setFormOpen(true)}>
              <Plus aria-hidden="true" />
              Add a task
            </Button>
          </div>
        ) : (
          <ul aria-label="Open tasks" className="flex flex-col gap-2">
            {recent.data.map((task, index) => (
              <li
                key={task.id}
                className={cn(
                  "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border px-3 py-2.5",
                  task.isActive && "border-accent/50 bg-accent-soft/25",
                )}
              >
                <div className="min-w-40 flex-1">
                  <p className="truncate text-sm font-medium">{task.title}</p>
                  <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                    <CategoryBadge category={task.category} />
                    <TimeSpent task={task} />
                  </div>
                </div>
                {/* Wraps under the title as a unit when the panel is narrow. */}
                <div
                  className="ml-auto flex items-center gap-3"
                  data-tour={index === 0 ? "task-timer" : undefined}
                >
                  {task.isActive && task.activeStartTime && (
                    <LiveCounter startedAt={task.activeStartTime} className="font-semibold text-accent" />
                  )}
                  <TimerButton
                    task={task}
                    busy={busyIds.has(task.id)}
                    onStart={startTimer}
                    onStop={stopTimer}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <TaskFormDialog open={formOpen} onOpenChange={setFormOpen} onUpgrade={onUpgrade} />
    </Card>
  );
}
