// The dashboard's Calendar section: week and month views of tasks due, tracked time and synced
// events; click an item for its details; drag a task to a day or hour to move its deadline.
import { addDays, format, isSameMonth, startOfDay, startOfMonth } from "date-fns";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useMemo, useState } from "react";
import { MOBILE_BREAKPOINT_PX } from "#shared/domain/limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { useCalendarItems } from "../api/get-calendar-items.ts";
import { useMoveTaskDeadline } from "../api/move-task-deadline.ts";
import {
  type CalendarItem,
  daysFrom,
  formatDayRange,
  formatSummary,
  monthGrid,
  shiftMonths,
  shiftWeeks,
  summarize,
  toCalendarItems,
  trackedHistoryNote,
  weekStart,
} from "../calendar-items.ts";
import { CalendarDnd } from "./calendar-dnd.tsx";
import { DayList } from "./day-list.tsx";
import { ItemDetailsDialog } from "./item-details-dialog.tsx";
import { MonthGrid } from "./month-grid.tsx";
import { WeekTimeGrid } from "./week-time-grid.tsx";

type View = "week" | "month";

export function CalendarSection() {
  const [view, setView] = useState<View>("week");
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [selectedDay, setSelectedDay] = useState(() => startOfDay(new Date()));
  const [openItem, setOpenItem] = useState<CalendarItem | null>(null);
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const move = useMoveTaskDeadline();

  const week = useMemo(() => daysFrom(weekStart(anchor), 7), [anchor]);
  const month = useMemo(() => startOfMonth(anchor), [anchor]);
  const monthDays = useMemo(() => monthGrid(month), [month]);
  const days = view === "week" ? week : monthDays;
  const from = days[0]!;
  const to = addDays(days[days.length - 1]!, 1);

  const query = useCalendarItems(from, to);
  const loading = query.isPending || query.isPlaceholderData;
  const items = useMemo(
    () => (query.isPlaceholderData ? [] : toCalendarItems(query.data, new Date())),
    [query.data, query.isPlaceholderData],
  );
  // The summary covers what the view is about: the week, or the month's own days.
  const summary =
    view === "week"
      ? summarize(items, from, to)
      : summarize(items, month, startOfMonth(shiftMonths(month, 1)));
  const historyNote = loading || query.isError ? null : trackedHistoryNote(query.data, from);
  const empty = !loading && summary.events + summary.tasksDue === 0 && summary.trackedHours === 0;

  const unit = view === "week" ? "week" : "month";
  const heading = view === "week" ? formatDayRange(week[0]!, week[6]!) : format(month, "MMMM yyyy");
  const step = (n: number) => {
    const next = view === "week" ? shiftWeeks(anchor, n) : shiftMonths(anchor, n);
    setAnchor(next);
    setSelectedDay(next);
  };
  const goToday = () => {
    const today = startOfDay(new Date());
    setAnchor(today);
    setSelectedDay(today);
  };
  const selected = isSameMonth(selectedDay, month) ? selectedDay : month;

  const changeDeadline = (item: CalendarItem, deadline: Date | null) =>
    move.mutate({ id: item.id, deadline: deadline ? deadline.toISOString() : null });

  return (
    <Card className="p-4 sm:p-5">
      <Tabs value={view} onValueChange={(v) => setView(v as View)} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label={`Previous ${unit}`}
              onClick={() => step(-1)}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" className="h-9" onClick={goToday}>
              Today
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label={`Next ${unit}`}
              onClick={() => step(1)}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
            <h2 className="ml-1 truncate text-base font-semibold sm:text-lg" aria-live="polite">
              {heading}
            </h2>
          </div>
          <TabsList aria-label="Calendar view">
            <TabsTrigger value="week" className="text-foreground/75">
              Week
            </TabsTrigger>
            <TabsTrigger value="month" className="text-foreground/75">
              Month
            </TabsTrigger>
          </TabsList>
        </div>

        <div className="flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted tabular-nums">
          {loading ? (
            <Spinner label={`Loading the ${unit}...`} visibleLabel className="justify-start" />
          ) : query.isError ? null : (
            <p>{formatSummary(summary)}</p>
          )}
          {historyNote && <p className="text-xs">{historyNote}</p>}
          {!loading && !query.isError && (
            <p className="text-xs">
              Drag a task to another day{view === "week" && !narrow ? " or hour" : ""} to move its deadline.
            </p>
          )}
        </div>

        {query.isError && (
          <LoadError what="The calendar" error={query.error} onRetry={() => void query.refetch()} />
        )}
        {empty && !query.isError && (
          <p className="flex items-center gap-2 rounded-lg border border-dashed border-border px-3 py-2.5 text-sm text-muted">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            Nothing scheduled this {unit}. Tasks with a deadline, tracked time and synced events show up here.
          </p>
        )}

        <CalendarDnd onMove={(item, deadline) => changeDeadline(item, deadline)}>
          <TabsContent value="week" className="focus-visible:outline-none">
            {narrow ? (
              <DayList days={week} items={items} onOpen={setOpenItem} />
            ) : (
              <WeekTimeGrid days={week} items={items} onOpen={setOpenItem} />
            )}
          </TabsContent>
          <TabsContent value="month" className="flex flex-col gap-4 focus-visible:outline-none">
            <MonthGrid
              month={month}
              days={monthDays}
              items={items}
              selected={selected}
              onSelect={setSelectedDay}
              onOpen={setOpenItem}
              compact={narrow}
            />
            <DayList days={[selected]} items={items} onOpen={setOpenItem} dropTargets={false} />
          </TabsContent>
        </CalendarDnd>
      </Tabs>

      <ItemDetailsDialog
        item={openItem}
        onClose={() => setOpenItem(null)}
        onChangeDeadline={changeDeadline}
      />
    </Card>
  );
}
