// The calendar's week (or day) on wide screens: seven days (or one) by 24 hour slots, opened scrolled to 8:00. Every
// slot takes a dropped task; items sit at their times, side by side when they overlap.
import { format, isToday } from "date-fns";
import { useLayoutEffect, useRef } from "react";
import { cn } from "#web/lib/cn.ts";
import { assignLanes, type CalendarItem, dayKey, placeInWindow } from "../calendar-items.ts";
import { DropZone } from "./calendar-dnd.tsx";
import { ItemChip } from "./item-chip.tsx";

const HOUR_PX = 48;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const SCROLL_TO_HOUR = 8;
/** The hour labels' column, then one column per day shown (seven for a week, one for a day). */
const columns = (n: number) => ({ gridTemplateColumns: `3.25rem repeat(${n}, minmax(0, 1fr))` });

export function WeekTimeGrid({
  days,
  items,
  onOpen,
}: {
  days: Date[];
  items: CalendarItem[];
  onOpen: (item: CalendarItem) => void;
}) {
  const scrollRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = SCROLL_TO_HOUR * HOUR_PX - 12;
  }, []);

  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <div className="grid border-b border-border bg-surface" style={columns(days.length)}>
        <div />
        {days.map((d) => (
          <div key={dayKey(d)} className="border-l border-border px-1 py-2 text-center text-xs text-muted">
            <span className="block font-medium">{format(d, "EEE")}</span>
            <span
              className={cn(
                "mt-0.5 inline-grid size-7 place-items-center rounded-full text-sm tabular-nums text-foreground",
                isToday(d) && "bg-accent text-accent-foreground",
              )}
            >
              {format(d, "d")}
            </span>
          </div>
        ))}
      </div>
      <section
        ref={scrollRef}
        aria-label={days.length === 1 ? "Hours of the day" : "Hours of the week"}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="max-h-[min(560px,65dvh)] overflow-y-auto"
      >
        <div className="relative grid" style={{ ...columns(days.length), height: HOURS.length * HOUR_PX }}>
          <div className="relative" aria-hidden="true">
            {HOURS.slice(1).map((h) => (
              <span
                key={h}
                className="absolute right-2 -translate-y-1/2 text-[11px] text-muted tabular-nums"
                style={{ top: h * HOUR_PX }}
              >
                {h}:00
              </span>
            ))}
          </div>
          {days.map((d) => (
            <DayColumn key={dayKey(d)} day={d} items={items} onOpen={onOpen} />
          ))}
        </div>
      </section>
    </div>
  );
}

function DayColumn({
  day,
  items,
  onOpen,
}: {
  day: Date;
  items: CalendarItem[];
  onOpen: (item: CalendarItem) => void;
}) {
  const height = HOURS.length * HOUR_PX;
  const placed = assignLanes(
    items.flatMap((item) => {
      const p = placeInWindow(item, day, 0, 24);
      return p ? [{ ...p, item }] : [];
    }),
  );
  const dayLabel = format(day, "EEEE, MMMM d");
  const now = new Date();
  const nowTop = isToday(day) ? ((now.getHours() * 60 + now.getMinutes()) / (24 * 60)) * height : null;
  return (
    <div className="relative border-l border-border">
      {HOURS.map((h) => (
        <DropZone
          key={h}
          id={`slot:${dayKey(day)}:${h}`}
          target={{ day, hour: h, label: `${dayLabel}, ${h}:00` }}
          className="border-t border-border first:border-t-0"
          style={{ height: HOUR_PX }}
        />
      ))}
      {nowTop !== null && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 z-20 border-t-2 border-danger"
          style={{ top: nowTop }}
        />
      )}
      <ul aria-label={dayLabel}>
        {placed.map(({ item, top, height: h, lane, lanes }) => (
          <li
            key={item.key}
            className="absolute z-10"
            style={{
              top: top * height + 1,
              height: Math.max(h * height - 2, 20),
              left: `calc(${(lane / lanes) * 100}% + 2px)`,
              width: `calc(${100 / lanes}% - 4px)`,
            }}
          >
            <ItemChip item={item} onOpen={onOpen} className="size-full" showTime={h * height >= 36} />
          </li>
        ))}
      </ul>
    </div>
  );
}
