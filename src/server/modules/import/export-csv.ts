// Tasks and time logs as CSV (decision 277): the person's own rows, times on their wall clock, and
// every text cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
// return, as OWASP's CSV injection guidance lists) prefixed with an apostrophe.
import { stringify } from "csv-stringify/sync";
import { asc, eq } from "drizzle-orm";
import { type Day, wallClock } from "#shared/domain/zoned-time.ts";
import type { Db } from "../../db/client.ts";
import { milestones, projects } from "../../db/schema/projects.ts";
import { tasks, timeLogs } from "../../db/schema/tasks.ts";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as a spreadsheet will show it and never run it. */
export function spreadsheetSafe(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>) {
  return stringify([header, ...rows.map((r) => r.map(spreadsheetSafe))], { record_delimiter: "windows" });
}

const two = (n: number) => String(n).padStart(2, "0");
const dayText = (d: Day) => `${d.year}-${two(d.month)}-${two(d.day)}`;
/** "2026-11-27 09:30" on the person's wall clock. */
export function wallText(at: Date | null, timeZone: string): string | null {
  if (!at) return null;
  const w = wallClock(at.getTime(), timeZone);
  return `${dayText(w)} ${two(w.hour)}:${two(w.minute)}`;
}

export const TASK_COLUMNS = [
  "Title",
  "Project",
  "Milestone",
  "Status",
  "Priority",
  "Category",
  "Due",
  "Repeat",
  "Estimated minutes",
  "Tracked minutes",
  "Subtasks done",
  "Subtasks",
  "Description",
  "Created",
  "Completed",
] as const;

export async function tasksCsv(db: Db, personId: string, timeZone: string): Promise<string> {
  const rows = await db
    .select({ task: tasks, project: projects.name, milestone: milestones.name })
    .from(tasks)
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(milestones, eq(milestones.id, tasks.milestoneId))
    .where(eq(tasks.userId, personId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
  return toCsv(
    TASK_COLUMNS,
    rows.map(({ task: t, project, milestone }) => [
      t.title,
      project ?? "Inbox",
      milestone,
      t.status,
      t.priority,
      t.category,
      wallText(t.deadline, timeZone),
      t.recurrenceRule,
      t.estimatedMinutes,
      t.actualMinutes,
      t.subtasksDone,
      t.subtasksTotal,
      t.description,
      wallText(t.createdAt, timeZone),
      wallText(t.completedAt, timeZone),
    ]),
  );
}

export const TIME_LOG_COLUMNS = ["Date", "Start", "End", "Minutes", "Task", "Project", "Category"] as const;

/** A timesheet: one row per finished time log, oldest first (a running timer is not yet a row). */
export async function timeLogsCsv(db: Db, personId: string, timeZone: string): Promise<string> {
  const rows = await db
    .select({
      start: timeLogs.startTime,
      end: timeLogs.endTime,
      minutes: timeLogs.durationMinutes,
      task: tasks.title,
      category: tasks.category,
      project: projects.name,
    })
    .from(timeLogs)
    .innerJoin(tasks, eq(tasks.id, timeLogs.taskId))
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(timeLogs.userId, personId))
    .orderBy(asc(timeLogs.startTime), asc(timeLogs.id));
  return toCsv(
    TIME_LOG_COLUMNS,
    rows
      .filter((r) => r.end !== null)
      .map((r) => [
        dayText(wallClock(r.start.getTime(), timeZone)),
        wallText(r.start, timeZone)!.slice(11),
        wallText(r.end, timeZone)!.slice(11),
        r.minutes ?? 0,
        r.task,
        r.project ?? "Inbox",
        r.category,
      ]),
  );
}
