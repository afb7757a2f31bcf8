// The details of one calendar item; for a task also its estimate and a way to change or clear the
// deadline without dragging (keyboard and touch friendly). A future or completed occurrence of a
// repeating task is read-only: its rule in words or when it was done, and a link to the task.
import { format } from "date-fns";
import { useId, useState } from "react";
import { Link } from "react-router";
import { formatMinutes } from "#shared/domain/tasks.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent } from "#web/components/ui/dialog.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { dashboardSection } from "#web/config/paths.ts";
import { type CalendarItem, formatTime } from "../calendar-items.ts";
import { itemTime, kindLabel } from "./item-appearance.ts";

/** The tasks section with the task's edit view open. */
const taskLink = (id: string) => `${dashboardSection("tasks")}&task=${encodeURIComponent(id)}`;

const toLocalInput = (d: Date) => format(d, "yyyy-MM-dd'T'HH:mm");

export function ItemDetailsDialog({
  item,
  onClose,
  onChangeDeadline,
}: {
  item: CalendarItem | null;
  onClose: () => void;
  onChangeDeadline: (item: CalendarItem, deadline: Date | null) => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent title={item.title} description={kindLabel(item)}>
          <Details item={item} onClose={onClose} onChangeDeadline={onChangeDeadline} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function Details({
  item,
  onClose,
  onChangeDeadline,
}: {
  item: CalendarItem;
  onClose: () => void;
  onChangeDeadline: (item: CalendarItem, deadline: Date | null) => void;
}) {
  const inputId = useId();
  const [value, setValue] = useState(() => toLocalInput(item.start));
  const parsed = value ? new Date(value) : null;
  const valid = parsed !== null && !Number.isNaN(parsed.getTime());
  const changed = valid && parsed.getTime() !== item.start.getTime();

  const rows: Array<[string, string]> = [
    ["When", `${format(item.start, "EEEE, MMMM d, yyyy")}, ${itemTime(item)}`],
  ];
  if (item.completedAt)
    rows.push([
      "Completed",
      `${format(item.completedAt, "EEEE, MMMM d, yyyy")}, ${formatTime(item.completedAt)}`,
    ]);
  if (item.repeats) rows.push(["Repeats", item.repeats]);
  if (item.category) rows.push(["Category", item.category]);
  if (item.kind === "task" && item.estimatedMinutes !== undefined)
    rows.push(["Estimate", formatMinutes(item.estimatedMinutes)]);
  if (item.kind === "task" && item.priority)
    rows.push(["Priority", item.priority.charAt(0).toUpperCase() + item.priority.slice(1)]);
  if (item.location) rows.push(["Location", item.location]);
  if (item.provider) rows.push(["Calendar", providerName(item.provider)]);

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd className="min-w-0 break-words">{v}</dd>
          </div>
        ))}
      </dl>
      {item.kind === "task" && item.completed && <Badge tone="success">Completed</Badge>}
      {item.ongoing && <Badge tone="success">Timer running</Badge>}

      {item.occurrence && !item.completed && (
        <p className="text-sm text-muted">
          A future repeat: it opens when the one before it is completed or skipped.
        </p>
      )}
      {item.occurrence && item.completed && (
        <p className="text-sm text-muted">A completed repeat, kept as it was when it was done.</p>
      )}
      {item.kind === "task" && (item.repeats || item.occurrence) && (
        <Link
          to={taskLink(item.id)}
          className="self-start text-sm font-medium text-accent underline-offset-2 hover:underline"
        >
          Open the task
        </Link>
      )}

      {item.kind === "task" && !item.occurrence && (
        <form
          className="flex flex-col gap-3 border-t border-border pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid || !changed) return;
            onChangeDeadline(item, parsed);
            onClose();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              Deadline
            </label>
            <Input
              id={inputId}
              type="datetime-local"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={value !== "" && !valid ? true : undefined}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              onClick={() => {
                onChangeDeadline(item, null);
                onClose();
              }}
            >
              Clear deadline
            </Button>
            <Button type="submit" disabled={!changed}>
              Save deadline
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function providerName(provider: string): string {
  if (provider === "google") return "Google Calendar";
  if (provider === "microsoft" || provider === "outlook") return "Outlook";
  return provider;
}
