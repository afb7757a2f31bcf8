// Days as a list: the week view on phones (each day takes a dropped task, keeping its time of day)
// and the chosen day under the month grid.
import { format, isToday } from "date-fns";
import { cn } from "#web/lib/cn.ts";
import { type CalendarItem, dayKey, isOnDay } from "../calendar-items.ts";
import { DropZone } from "./calendar-dnd.tsx";
import { ItemChip } from "./item-chip.tsx";

export function DayList({
  days,
  items,
  onOpen,
  dropTargets = true,
}: {
  days: Date[];
  items: CalendarItem[];
  onOpen: (item: CalendarItem) => void;
  dropTargets?: boolean;
}) {
  return (
    <ol className="flex flex-col gap-2">
      {days.map((d) => {
        const dayItems = items.filter((i) => isOnDay(i, d));
        const label = format(d, "EEEE, MMMM d");
        const body = (
          <>
            <h3 className={cn("text-sm font-semibold", isToday(d) && "text-accent")}>
              {label}
              {isToday(d) && <span className="ml-2 text-xs font-medium">Today</span>}
            </h3>
            {dayItems.length === 0 ? (
              <p className="mt-1 text-sm text-muted">Nothing planned</p>
            ) : (
              <ul className="mt-2 flex flex-col gap-1.5">
                {dayItems.map((item) => (
                  <li key={item.key}>
                    <ItemChip
                      item={item}
                      onOpen={onOpen}
                      dragId={`list:${item.key}`}
                      className="min-h-11 w-full px-2 py-1.5"
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        );
        return (
          <li key={dayKey(d)}>
            {dropTargets ? (
              <DropZone
                id={`day:${dayKey(d)}`}
                target={{ day: d, label }}
                className="rounded-lg border border-border p-3"
              >
                {body}
              </DropZone>
            ) : (
              <section className="rounded-lg border border-border p-3">{body}</section>
            )}
          </li>
        );
      })}
    </ol>
  );
}
