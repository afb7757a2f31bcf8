// The overview's week at a glance (spec section 2): Monday to Friday, 9:00 to 17:00, with tasks due,
// tracked time and synced events, stepping week by week, and a one-line summary.
import { addDays, isToday } from "date-fns";
import { CalendarDays, ChevronLeft, ChevronRight, Repeat } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { MOBILE_BREAKPOINT_PX } from "#shared/domain/limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { dashboardSection } from "#web/config/paths.ts";
import { cn } from "#web/lib/cn.ts";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { useCalendarItems } from "../api/get-calendar-items.ts";
import {
  assignLanes,
  type CalendarItem,
  daysFrom,
  formatDayRange,
  formatSummary,
  isOnDay,
  placeInWindow,
  shiftWeeks,
  summarize,
  toCalendarItems,
  trackedHistoryNote,
  weekStart,
} from "../calendar-items.ts";
import { dayOfMonth, monthDay, weekdayMonthDay, weekdayShort } from "../date-labels.ts";
import {
  itemClass,
  itemDescription,
  itemTime,
  KIND_DOT,
  KIND_LABEL,
  kindLabel,
  repeatsLabel,
} from "./item-appearance.ts";

const FROM_HOUR = 9;
const TO_HOUR = 17;
const HOUR_PX = 44;
const WORKDAYS = 5;

export function WeeklyCalendarPanel({ className }: { className?: string }) {
  const [monday, setMonday] = useState(() => weekStart(new Date()));
  const days = useMemo(() => daysFrom(monday, WORKDAYS), [monday]);
  const from = monday;
  const to = useMemo(() => addDays(monday, WORKDAYS), [monday]);
  const query = useCalendarItems(from, to);
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);

  // While the next week loads, the previous week's items stay out of its columns.
  const items = useMemo(
    () => (query.isPlaceholderData ? [] : toCalendarItems(query.data, new Date())),
    [query.data, query.isPlaceholderData],
  );
  const summary = summarize(items, from, to);
  const isCurrentWeek = monday.getTime() === weekStart(new Date()).getTime();
  const loading = query.isPending || query.isPlaceholderData;
  const historyNote = loading || query.isError ? null : trackedHistoryNote(query.data, from);
  const empty = !loading && !query.isError && summary.events + summary.tasksDue === 0 && !hasBlocks(items);

  return (
    <Card data-tour="weekly-calendar" className={cn("flex flex-col", className)}>
      <section aria-labelledby="weekly-panel-heading" className="flex flex-col gap-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-muted">Week</p>
            <h3 id="weekly-panel-heading" className="text-base font-semibold" aria-live="polite">
              {formatDayRange(days[0]!, days[WORKDAYS - 1]!)}
            </h3>
          </div>
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label="Previous week"
              onClick={() => setMonday((m) => shiftWeeks(m, -1))}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="h-9"
              disabled={isCurrentWeek}
              onClick={() => setMonday(weekStart(new Date()))}
            >
              This week
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label="Next week"
              onClick={() => setMonday((m) => shiftWeeks(m, 1))}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>

        <div className="flex min-h-5 flex-wrap items-center justify-between gap-2 text-sm text-muted tabular-nums">
          {loading ? (
            <Spinner label="Loading the week..." visibleLabel className="justify-start" />
          ) : query.isError ? null : (
            <p>{formatSummary(summary)}</p>
          )}
          <Link
            to={`${dashboardSection("calendar")}&view=upcoming`}
            className="text-sm font-medium text-accent underline-offset-2 hover:underline"
          >
            Upcoming (next 7 days)
          </Link>
        </div>
        {historyNote && <p className="text-xs text-muted">{historyNote}</p>}

        {query.isError ? (
          <LoadError what="This week" error={query.error} onRetry={() => void query.refetch()} />
        ) : narrow ? (
          <WeekList days={days} items={items} empty={empty} />
        ) : (
          <WeekGrid days={days} items={items} empty={empty} />
        )}

        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legend">
          {(["task", "block", "event"] as const).map((k) => (
            <li key={k} className="flex items-center gap-1.5">
              <span className={cn("size-2.5 rounded-sm", KIND_DOT[k])} aria-hidden="true" />
              {KIND_LABEL[k]}
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <Repeat className="size-3 text-accent" aria-hidden="true" />
            Repeats
          </li>
        </ul>
      </section>
    </Card>
  );
}

function hasBlocks(items: readonly CalendarItem[]) {
  return items.some((i) => i.kind === "block");
}

function WeekGrid({ days, items, empty }: { days: Date[]; items: CalendarItem[]; empty: boolean }) {
  const hours = Array.from({ length: TO_HOUR - FROM_HOUR }, (_, i) => FROM_HOUR + i);
  const height = hours.length * HOUR_PX;
  return (
    <div className="relative">
      <div className="grid grid-cols-[2.75rem_repeat(5,minmax(0,1fr))]">
        <div />
        {days.map((d) => (
          <div
            key={d.toISOString()}
            className={cn("pb-2 text-center text-xs font-medium text-muted", isToday(d) && "text-accent")}
          >
            <span className="block">{weekdayShort(d)}</span>
            <span
              className={cn(
                "mt-0.5 inline-grid size-7 place-items-center rounded-full text-sm tabular-nums text-foreground",
                isToday(d) && "bg-accent text-accent-foreground",
              )}
            >
              {dayOfMonth(d)}
            </span>
          </div>
        ))}
        <div className="relative" style={{ height }} aria-hidden="true">
          {hours.map((h, i) => (
            <span
              key={h}
              className="absolute right-2 -translate-y-1/2 text-[11px] text-muted tabular-nums"
              style={{ top: i * HOUR_PX }}
            >
              {h}:00
            </span>
          ))}
          <span
            className="absolute right-2 -translate-y-1/2 text-[11px] text-muted tabular-nums"
            style={{ top: height }}
          >
            {TO_HOUR}:00
          </span>
        </div>
        {days.map((d) => (
          <DayColumn key={d.toISOString()} day={d} items={items} height={height} hours={hours.length} />
        ))}
      </div>
      {empty && (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 top-12 ml-11 grid place-items-center">
          <p className="flex items-center gap-2 rounded-lg border border-border bg-background px-3 py-2 text-sm text-muted shadow-sm">
            <CalendarDays className="size-4" aria-hidden="true" />
            Nothing scheduled this week
          </p>
        </div>
      )}
    </div>
  );
}

function DayColumn({
  day,
  items,
  height,
  hours,
}: {
  day: Date;
  items: CalendarItem[];
  height: number;
  hours: number;
}) {
  const placed = assignLanes(
    items.flatMap((item) => {
      const p = placeInWindow(item, day, FROM_HOUR, TO_HOUR);
      return p ? [{ ...p, item }] : [];
    }),
  );
  return (
    <section aria-label={weekdayMonthDay(day)} className="relative border-l border-border" style={{ height }}>
      {Array.from({ length: hours + 1 }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: hour lines are positional
          key={i}
          aria-hidden="true"
          className="absolute inset-x-0 border-t border-border"
          style={{ top: i * HOUR_PX }}
        />
      ))}
      <ul>
        {placed.map(({ item, top, height: h, lane, lanes }) => {
          const time = itemTime(item);
          return (
            <li
              key={item.key}
              title={`${item.title} (${time})${item.repeats ? `. ${repeatsLabel(item)}` : ""}`}
              className={cn(
                "absolute overflow-hidden rounded-md px-1.5 py-0.5 text-[11px] leading-tight text-foreground",
                itemClass(item),
                item.completed && "opacity-60",
              )}
              style={{
                top: top * height + 1,
                height: Math.max(h * height - 2, 18),
                left: `calc(${(lane / lanes) * 100}% + 2px)`,
                width: `calc(${100 / lanes}% - 4px)`,
              }}
            >
              <span className="sr-only">{itemDescription(item, time)}</span>
              <span
                aria-hidden="true"
                className={cn(
                  "flex min-w-0 items-center gap-1 font-medium",
                  item.completed && "line-through",
                )}
              >
                {item.repeats && <Repeat className="size-3 shrink-0 text-accent" />}
                <span className="truncate">{item.title}</span>
              </span>
              {h * height >= 30 && (
                <span aria-hidden="true" className="block truncate text-foreground/70 tabular-nums">
                  {time}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function WeekList({ days, items, empty }: { days: Date[]; items: CalendarItem[]; empty: boolean }) {
  if (empty) {
    return (
      <p className="flex items-center justify-center gap-2 rounded-lg border border-dashed border-border px-3 py-6 text-sm text-muted">
        <CalendarDays className="size-4" aria-hidden="true" />
        Nothing scheduled this week
      </p>
    );
  }
  return (
    <ol className="flex flex-col divide-y divide-border rounded-lg border border-border">
      {days.map((d) => {
        const dayItems = items.filter((i) => isOnDay(i, d));
        return (
          <li key={d.toISOString()} className="flex gap-3 px-3 py-2.5">
            <div
              className={cn("w-12 shrink-0 text-xs text-muted", isToday(d) && "font-semibold text-accent")}
            >
              <span className="block">{weekdayShort(d)}</span>
              <span className="text-sm tabular-nums text-foreground">{monthDay(d)}</span>
            </div>
            {dayItems.length === 0 ? (
              <p className="self-center text-sm text-muted">Free</p>
            ) : (
              <ul className="flex min-w-0 flex-1 flex-col gap-1">
                {dayItems.map((item) => (
                  <li key={item.key} className={cn("min-w-0 rounded-md px-2 py-1 text-xs", itemClass(item))}>
                    <span className="sr-only">{kindLabel(item)}: </span>
                    <span
                      className={cn(
                        "flex min-w-0 items-center gap-1 font-medium",
                        item.completed && "line-through",
                      )}
                    >
                      {item.repeats && <Repeat className="size-3 shrink-0 text-accent" aria-hidden="true" />}
                      <span className="truncate">{item.title}</span>
                    </span>
                    <span className="text-foreground/70 tabular-nums">{itemTime(item)}</span>
                    {item.repeats && <span className="sr-only">. {repeatsLabel(item)}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
