// The calendar's Upcoming view (issue 24 point 3): today and the next 7 days, grouped by day ("Today",
// "Tomorrow", then weekdays), with the open tasks due and the future occurrences of repeating tasks.
import { CalendarCheck } from "lucide-react";
import { cn } from "#web/lib/cn.ts";
import { type CalendarItem, dayKey, upcomingGroups } from "../calendar-items.ts";
import { monthLongDay } from "../date-labels.ts";
import { ItemChip } from "./item-chip.tsx";

export function UpcomingList({
  items,
  now,
  onOpen,
}: {
  items: CalendarItem[];
  now: Date;
  onOpen: (item: CalendarItem) => void;
}) {
  const groups = upcomingGroups(items, now);
  if (groups.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-border px-3 py-2.5 text-sm text-muted">
        <CalendarCheck className="size-4 shrink-0" aria-hidden="true" />
        Nothing due today or in the next 7 days. Tasks with a deadline and their repeats show up here.
      </p>
    );
  }
  return (
    <ol aria-label="Upcoming days" className="flex flex-col gap-3">
      {groups.map((g) => {
        const headingId = `upcoming-${dayKey(g.day)}`;
        return (
          <li key={dayKey(g.day)}>
            <section aria-labelledby={headingId} className="rounded-lg border border-border p-3">
              <h3
                id={headingId}
                className={cn(
                  "flex items-baseline gap-2 text-sm font-semibold",
                  g.heading === "Today" && "text-accent",
                )}
              >
                {g.heading}
                <span className="text-xs font-normal text-muted">{monthLongDay(g.day)}</span>
              </h3>
              <ul className="mt-2 flex flex-col gap-1.5">
                {g.items.map((item) => (
                  <li key={item.key}>
                    <ItemChip
                      item={item}
                      onOpen={onOpen}
                      dragId={`upcoming:${item.key}`}
                      className="min-h-11 w-full px-2 py-1.5"
                    />
                  </li>
                ))}
              </ul>
            </section>
          </li>
        );
      })}
    </ol>
  );
}
