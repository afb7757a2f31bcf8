// "Adjust Schedule": the tasks due this week, lowest priority first, each with Postpone a day and
// Postpone a week. A task postponed past the week leaves the list.
import { CalendarClock } from "lucide-react";
import type { ScheduleTask } from "#shared/contracts/ai-insights.ts";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { usePostpone, useSchedule } from "../api/adjust-schedule.ts";

/** The id of the button that opens the dialog, where focus goes back on close. */
export const ADJUST_BUTTON_ID = "adjust-schedule";

const PRIORITY = {
  low: ["Low", "neutral"],
  medium: ["Medium", "accent"],
  high: ["High", "warning"],
  urgent: ["Urgent", "danger"],
} as const;

const dueText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

export function ScheduleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Adjust Schedule"
        description="Your open tasks due this week, lowest priority first. Postponing keeps the time of day."
        onCloseAutoFocus={(e) => {
          // Back to the alert's Adjust Schedule button, which opened it.
          const opener = document.getElementById(ADJUST_BUTTON_ID);
          if (opener) {
            e.preventDefault();
            opener.focus();
          }
        }}
      >
        <SectionBoundary what="This week's tasks" className="py-8">
          <ScheduleList />
        </SectionBoundary>
        <div className="mt-4 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Done</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ScheduleRow({
  task,
  busy,
  onPostpone,
}: {
  task: ScheduleTask;
  busy: boolean;
  onPostpone: (days: 1 | 7) => void;
}) {
  const [label, tone] = PRIORITY[task.priority];
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium">{task.title}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted">
          <Badge tone={tone}>{label}</Badge>
          <span>Due {dueText(task.deadline)}</span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={`Postpone ${task.title} by a day`}
          onClick={() => onPostpone(1)}
        >
          +1 day
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={`Postpone ${task.title} by a week`}
          onClick={() => onPostpone(7)}
        >
          +1 week
        </Button>
      </div>
    </li>
  );
}

/** The list, mounted with the open dialog: its first load's failure goes to the boundary around it. */
function ScheduleList() {
  const schedule = useSchedule();
  const postpone = usePostpone();
  const busyId = postpone.isPending ? postpone.variables?.id : undefined;
  if (!schedule.data) return <Spinner label="Loading this week's tasks..." visibleLabel className="py-8" />;
  if (schedule.data.tasks.length === 0)
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-muted">
        <CalendarClock className="size-4" aria-hidden="true" />
        Nothing open is due this week.
      </p>
    );
  return (
    <ul aria-label="Tasks due this week" className="divide-y divide-border rounded-md border border-border">
      {schedule.data.tasks.map((t) => (
        <ScheduleRow
          key={t.id}
          task={t}
          busy={busyId === t.id}
          onPostpone={(days) => postpone.mutate({ id: t.id, days })}
        />
      ))}
    </ul>
  );
}
