// A quiet picture of the dashboard built from plain elements: no image to download, sharp at any size,
// and it follows the theme. It is decorative, so assistive technology skips it.

import { clsx } from "clsx";
import {
  CalendarDays,
  ChartColumn,
  Check,
  LayoutDashboard,
  ListChecks,
  Sparkles,
  Timer,
  Users,
  Workflow,
} from "lucide-react";

const nav = [
  { label: "Overview", icon: LayoutDashboard, active: true },
  { label: "Tasks", icon: ListChecks },
  { label: "Calendar", icon: CalendarDays },
  { label: "Analytics", icon: ChartColumn },
  { label: "Workflows", icon: Workflow },
  { label: "Team", icon: Users },
];

const tasks = [
  { title: "Review onboarding designs", category: "Design", time: "00:42:17", running: true },
  { title: "Write release notes", category: "Development", time: "30m" },
  { title: "Weekly sync with design", category: "Meeting", time: "45m", done: true },
  { title: "Synthesise interview notes", category: "Research", time: "1h 30m" },
  { title: "Renew team licences", category: "Admin", time: "15m" },
];

const week = [
  { id: "mon", day: "M", hours: 62 },
  { id: "tue", day: "T", hours: 80 },
  { id: "wed", day: "W", hours: 48 },
  { id: "thu", day: "T", hours: 90, today: true },
  { id: "fri", day: "F", hours: 56 },
];

export function ProductMock() {
  return (
    <div aria-hidden="true" className="mx-auto max-w-5xl select-none">
      <div className="rounded-xl border border-border bg-surface p-1.5 shadow-2xl shadow-foreground/10 sm:p-2">
        <div className="flex items-center gap-3 px-2 pt-1 pb-2.5">
          <div className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-border" />
            <span className="size-2.5 rounded-full bg-border" />
            <span className="size-2.5 rounded-full bg-border" />
          </div>
          <div className="mx-auto hidden h-6 w-64 items-center justify-center rounded-md bg-background text-[11px] text-muted sm:flex">
            Search or jump to... <span className="ml-2 rounded border border-border px-1">Ctrl K</span>
          </div>
          <div className="w-10 max-sm:hidden" />
        </div>

        <div className="grid overflow-hidden rounded-lg border border-border bg-background text-left md:grid-cols-[11rem_1fr] lg:grid-cols-[11rem_1fr_15rem]">
          <aside className="hidden border-r border-border bg-surface p-3 md:block">
            <ul className="space-y-0.5">
              {nav.map(({ label, icon: Icon, active }) => (
                <li
                  key={label}
                  className={clsx(
                    "flex items-center gap-2 rounded-md px-2 py-1.5 text-xs",
                    active ? "bg-accent-soft font-medium text-foreground" : "text-muted",
                  )}
                >
                  <Icon className={clsx("size-3.5", active && "text-accent")} />
                  {label}
                </li>
              ))}
            </ul>
            <div className="mt-6 rounded-md border border-border bg-background p-2.5">
              <p className="text-[11px] font-medium">Pro trial</p>
              <div className="mt-2 h-1 rounded-full bg-surface-2">
                <div className="h-1 w-3/5 rounded-full bg-accent" />
              </div>
              <p className="mt-1.5 text-[10px] text-muted">4 days left</p>
            </div>
          </aside>

          <div className="min-w-0 p-4 sm:p-5">
            <div className="flex items-baseline justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">Good morning, Sam</p>
                <p className="text-xs text-muted">Tuesday · 5 tasks planned</p>
              </div>
              <span className="shrink-0 rounded-md bg-accent px-2.5 py-1 text-[11px] font-medium text-accent-foreground">
                New task
              </span>
            </div>

            <div className="mt-4 grid grid-cols-3 gap-2">
              {[
                { label: "Focus today", value: "2h 15m" },
                { label: "Completed", value: "4 of 9" },
                { label: "Pomodoros", value: "5" },
              ].map((stat) => (
                <div key={stat.label} className="rounded-md border border-border p-2 sm:p-2.5">
                  <p className="truncate text-[10px] text-muted sm:text-[11px]">{stat.label}</p>
                  <p className="mt-0.5 text-sm font-semibold tabular-nums sm:text-base">{stat.value}</p>
                </div>
              ))}
            </div>

            <ul className="mt-4 divide-y divide-border rounded-md border border-border">
              {tasks.map((task) => (
                <li key={task.title} className="flex items-center gap-2.5 px-3 py-2.5">
                  <span
                    className={clsx(
                      "grid size-4 shrink-0 place-items-center rounded-full border",
                      task.done ? "border-accent bg-accent text-accent-foreground" : "border-muted/50",
                    )}
                  >
                    {task.done && <Check className="size-2.5" strokeWidth={3} />}
                  </span>
                  <span
                    className={clsx(
                      "min-w-0 flex-1 truncate text-xs",
                      task.done && "text-muted line-through",
                    )}
                  >
                    {task.title}
                  </span>
                  <span className="hidden rounded bg-surface-2 px-1.5 py-0.5 text-[10px] text-foreground sm:inline">
                    {task.category}
                  </span>
                  <span
                    className={clsx(
                      "flex w-16 shrink-0 items-center justify-end gap-1.5 text-[11px] tabular-nums",
                      task.running ? "font-medium text-accent" : "text-muted",
                    )}
                  >
                    {task.running && <span className="size-1.5 animate-pulse rounded-full bg-accent" />}
                    {task.time}
                  </span>
                </li>
              ))}
            </ul>
          </div>

          <div className="hidden space-y-3 border-l border-border bg-surface p-4 lg:block">
            <div className="rounded-md border border-border bg-background p-3">
              <p className="flex items-center gap-1.5 text-[11px] font-medium text-accent">
                <Sparkles className="size-3" />
                Suggested next
              </p>
              <p className="mt-1.5 text-xs font-medium">Review onboarding designs</p>
              <p className="mt-1 text-[11px] leading-4 text-muted">
                Due tomorrow, and it fits the focus block before your 11:00 meeting.
              </p>
            </div>

            <div className="rounded-md border border-border bg-background p-3">
              <p className="flex items-center gap-1.5 text-[11px] font-medium text-muted">
                <Timer className="size-3" />
                Focus
              </p>
              <p className="mt-1 text-2xl font-semibold tabular-nums">18:42</p>
              <div className="mt-2 h-1 rounded-full bg-surface-2">
                <div className="h-1 w-1/4 rounded-full bg-accent" />
              </div>
            </div>

            <div className="rounded-md border border-border bg-background p-3">
              <p className="text-[11px] font-medium text-muted">Hours this week</p>
              <div className="mt-3 flex h-16 items-end justify-between gap-2">
                {week.map((d) => (
                  <div key={d.id} className="flex flex-1 flex-col items-center justify-end gap-1">
                    <div
                      className={clsx("w-full rounded-sm", d.today ? "bg-accent" : "bg-accent/30")}
                      style={{ height: `${Math.round((d.hours / 100) * 48)}px` }}
                    />
                    <span className="text-[9px] text-muted">{d.day}</span>
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
