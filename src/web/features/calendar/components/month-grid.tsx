// The calendar's month: Monday-first weeks, each day a drop target for tasks. Wide screens show up
// to three items per day; phones show coloured dots and list the chosen day below the grid.
import { format, isSameDay, isSameMonth, isToday } from "date-fns";
import { cn } from "#web/lib/cn.ts";
import { type CalendarItem, dayKey, isOnDay } from "../calendar-items.ts";
import { DropZone } from "./calendar-dnd.tsx";
import { KIND_DOT } from "./item-appearance.ts";
import { ItemChip } from "./item-chip.tsx";

const VISIBLE = 3;

export function MonthGrid({
  month,
  days,
  items,
  selected,
  onSelect,
  onOpen,
  compact,
}: {
  month: Date;
  days: Date[];
  items: CalendarItem[];
  selected: Date;
  onSelect: (day: Date) => void;
  onOpen: (item: CalendarItem) => void;
  compact: boolean;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <div className="grid grid-cols-7 border-b border-border bg-surface" aria-hidden="true">
        {days.slice(0, 7).map((d) => (
          <div key={dayKey(d)} className="py-2 text-center text-xs font-medium text-muted">
            {format(d, compact ? "EEEEE" : "EEE")}
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7">
        {days.map((d, i) => {
          const dayItems = items.filter((item) => isOnDay(item, d));
          const inMonth = isSameMonth(d, month);
          const isSelected = isSameDay(d, selected);
          const label = format(d, "EEEE, MMMM d");
          const kinds = [...new Set(dayItems.map((x) => x.kind))];
          return (
            <li
              key={dayKey(d)}
              className={cn("min-w-0 border-border", i % 7 !== 0 && "border-l", i >= 7 && "border-t")}
            >
              <DropZone
                id={`day:${dayKey(d)}`}
                target={{ day: d, label }}
                className={cn(
                  "flex h-full flex-col gap-1 p-1",
                  compact ? "min-h-14" : "min-h-28",
                  !inMonth && "bg-surface/60",
                  isSelected && "ring-2 ring-inset ring-accent/60",
                )}
              >
                <button
                  type="button"
                  onClick={() => onSelect(d)}
                  aria-pressed={isSelected}
                  aria-label={`${label}${dayItems.length ? `, ${dayItems.length} ${dayItems.length === 1 ? "item" : "items"}` : ""}`}
                  className={cn(
                    "grid size-7 place-items-center self-center rounded-full text-xs tabular-nums hover:bg-surface-2 sm:self-start",
                    !inMonth && "text-muted",
                    isToday(d) && "bg-accent font-semibold text-accent-foreground hover:bg-accent-hover",
                  )}
                >
                  {format(d, "d")}
                </button>
                {compact ? (
                  kinds.length > 0 && (
                    <span className="flex justify-center gap-0.5" aria-hidden="true">
                      {kinds.map((k) => (
                        <span key={k} className={cn("size-1.5 rounded-full", KIND_DOT[k])} />
                      ))}
                    </span>
                  )
                ) : (
                  <ul className="flex min-w-0 flex-col gap-0.5">
                    {dayItems.slice(0, VISIBLE).map((item) => (
                      <li key={item.key} className="min-w-0">
                        <ItemChip item={item} onOpen={onOpen} showTime={false} className="w-full" />
                      </li>
                    ))}
                    {dayItems.length > VISIBLE && (
                      <li>
                        <button
                          type="button"
                          onClick={() => onSelect(d)}
                          className="px-1.5 text-xs font-medium text-muted hover:text-foreground"
                        >
                          +{dayItems.length - VISIBLE} more
                        </button>
                      </li>
                    )}
                  </ul>
                )}
              </DropZone>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
