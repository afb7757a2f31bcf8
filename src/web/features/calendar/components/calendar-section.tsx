// The dashboard's Calendar section: Upcoming (today and the next 7 days), day, week and month views
// of tasks due (with the future occurrences of repeating tasks), tracked time and synced events;
// click an item for its details; drag a task to a day or hour to move its deadline. The view and the
// project it is narrowed to live in the address (?view=, ?project=), like the other sections' filters.
import { addDays, format, isSameMonth, startOfDay, startOfMonth } from "date-fns";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { MOBILE_BREAKPOINT_PX } from "#shared/domain/limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { type ProjectFilterSlot, useProjectParam } from "#web/lib/project-param.ts";
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
  UPCOMING_DAYS,
  upcomingDays,
  weekStart,
} from "../calendar-items.ts";
import { CalendarDnd } from "./calendar-dnd.tsx";
import { DayList } from "./day-list.tsx";
import { ItemDetailsDialog } from "./item-details-dialog.tsx";
import { MonthGrid } from "./month-grid.tsx";
import { UpcomingList } from "./upcoming-list.tsx";
import { WeekTimeGrid } from "./week-time-grid.tsx";

const VIEWS = ["upcoming", "day", "week", "month"] as const;
type View = (typeof VIEWS)[number];
const isView = (v: string | null): v is View => VIEWS.includes(v as View);

/** The view in the address (?view=), week when absent; choosing replaces the history entry. */
function useViewParam(): [View, (view: View) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("view");
  const view: View = isView(raw) ? raw : "week";
  const setView = useCallback(
    (next: View) =>
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next === "week") updated.delete("view");
          else updated.set("view", next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [view, setView];
}

export function CalendarSection({ projectFilter }: { projectFilter?: ProjectFilterSlot }) {
  const [view, setView] = useViewParam();
  const [projectParam, setProject] = useProjectParam();
  const projectId = projectFilter ? projectParam : null;
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [selectedDay, setSelectedDay] = useState(() => startOfDay(new Date()));
  const [openItem, setOpenItem] = useState<CalendarItem | null>(null);
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const move = useMoveTaskDeadline();
  // Upcoming starts today whatever day the other views show.
  const todayKey = startOfDay(new Date()).getTime();

  const week = useMemo(() => daysFrom(weekStart(anchor), 7), [anchor]);
  const day = useMemo(() => [startOfDay(anchor)], [anchor]);
  const month = useMemo(() => startOfMonth(anchor), [anchor]);
  const monthDays = useMemo(() => monthGrid(month), [month]);
  const upcoming = useMemo(() => upcomingDays(new Date(todayKey)), [todayKey]);
  const days = { upcoming, day, week, month: monthDays }[view];
  const from = days[0]!;
  const to = addDays(days[days.length - 1]!, 1);

  const query = useCalendarItems(from, to, projectId);
  const loading = query.isPending || query.isPlaceholderData;
  const items = useMemo(
    () => (query.isPlaceholderData ? [] : toCalendarItems(query.data, new Date())),
    [query.data, query.isPlaceholderData],
  );
  // The summary covers what the view is about: the day, the week, or the month's own days.
  const summary =
    view === "month"
      ? summarize(items, month, startOfMonth(shiftMonths(month, 1)))
      : summarize(items, from, to);
  const historyNote =
    loading || query.isError || view === "upcoming" ? null : trackedHistoryNote(query.data, from);
  const empty =
    !loading && view !== "upcoming" && summary.events + summary.tasksDue === 0 && summary.trackedHours === 0;

  const unit = view === "upcoming" ? "days ahead" : view;
  const heading = {
    upcoming: `Upcoming: ${formatDayRange(upcoming[0]!, upcoming[UPCOMING_DAYS - 1]!)}`,
    day: format(day[0]!, "EEEE, MMMM d, yyyy"),
    week: formatDayRange(week[0]!, week[6]!),
    month: format(month, "MMMM yyyy"),
  }[view];
  const dragHint = {
    upcoming: null,
    day: narrow ? null : "Drag a task to another hour to move its deadline.",
    week: `Drag a task to another day${narrow ? "" : " or hour"} to move its deadline.`,
    month: "Drag a task to another day to move its deadline.",
  }[view];
  const step = (n: number) => {
    const next =
      view === "day"
        ? addDays(startOfDay(anchor), n)
        : view === "week"
          ? shiftWeeks(anchor, n)
          : shiftMonths(anchor, n);
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
        <div className="flex flex-wrap items-end justify-between gap-3">
          <TabsList aria-label="Calendar view">
            <TabsTrigger value="upcoming" className="text-foreground/75">
              Upcoming
            </TabsTrigger>
            <TabsTrigger value="day" className="text-foreground/75">
              Day
            </TabsTrigger>
            <TabsTrigger value="week" className="text-foreground/75">
              Week
            </TabsTrigger>
            <TabsTrigger value="month" className="text-foreground/75">
              Month
            </TabsTrigger>
          </TabsList>
          {projectFilter?.({ value: projectId, onChange: setProject })}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2">
            {view !== "upcoming" && (
              <>
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
              </>
            )}
            <h2 className="ml-1 truncate text-base font-semibold sm:text-lg" aria-live="polite">
              {heading}
            </h2>
          </div>
        </div>

        <div className="flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted tabular-nums">
          {loading ? (
            <Spinner
              label={view === "upcoming" ? "Loading what is coming up..." : `Loading the ${unit}...`}
              visibleLabel
              className="justify-start"
            />
          ) : query.isError ? null : view === "upcoming" ? (
            <p>
              {summary.tasksDue === 1 ? "1 task due" : `${summary.tasksDue} tasks due`} today and in the next
              7 days
            </p>
          ) : (
            <p>{formatSummary(summary)}</p>
          )}
          {historyNote && <p className="text-xs">{historyNote}</p>}
          {!loading && query.data?.occurrencesCapped && (
            <p className="text-xs">
              Not every repeat fits: the latest ones are left out. Choose a project or a shorter view to see
              them all.
            </p>
          )}
          {!loading && !query.isError && dragHint && <p className="text-xs">{dragHint}</p>}
        </div>

        {query.isError && (
          <LoadError what="The calendar" error={query.error} onRetry={() => void query.refetch()} />
        )}
        {empty && !query.isError && (
          <p className="flex items-center gap-2 rounded-lg border border-dashed border-border px-3 py-2.5 text-sm text-muted">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            Nothing scheduled {view === "day" ? "this day" : `this ${unit}`}. Tasks with a deadline, repeating
            tasks, tracked time and synced events show up here.
          </p>
        )}

        <CalendarDnd onMove={(item, deadline) => changeDeadline(item, deadline)}>
          <TabsContent value="upcoming" className="focus-visible:outline-none">
            {!loading && !query.isError && (
              <UpcomingList items={items} now={new Date()} onOpen={setOpenItem} />
            )}
          </TabsContent>
          <TabsContent value="day" className="focus-visible:outline-none">
            {narrow ? (
              <DayList days={day} items={items} onOpen={setOpenItem} />
            ) : (
              <WeekTimeGrid days={day} items={items} onOpen={setOpenItem} />
            )}
          </TabsContent>
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
