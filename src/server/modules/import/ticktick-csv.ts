// TickTick's CSV backup (Settings → Backup & restore → Generate backup), read into an import plan
// (decision 278). A few preamble lines (date, version, the status legend) come before the header
// row; each list becomes a project (its Inbox the person's Inbox), a kanban column a milestone, tags
// labels, "Repeat" is already an RRULE, a checklist's items and the rows whose parentId names
// another task become subtasks; completed and archived tasks come in completed.
import type { ImportProblem } from "#shared/contracts/import.ts";
import { PROJECT_NAME_MAX } from "#shared/contracts/projects.ts";
import { QUICK_CAPTURE_DEFAULT_HOUR } from "#shared/domain/quick-capture.ts";
import { startAt } from "#shared/domain/recurrence-rule.ts";
import { SUBTASK_TITLE_MAX, SUBTASKS_PER_TASK } from "#shared/domain/subtasks.ts";
import { DESCRIPTION_MAX, ESTIMATE_MINUTES, type TaskPriority, TITLE_MAX } from "#shared/domain/tasks.ts";
import { wallClock, zonedInstant } from "#shared/domain/zoned-time.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { readRecurrence, seriesColumns } from "../tasks/series.ts";
import { csvRecords, isBlank } from "./csv-rows.ts";
import type { ImportPlan, PlannedProject, PlannedTask } from "./plan.ts";
import { categoryOf, validTimeZone } from "./todoist-csv.ts";

/** TickTick's 5 (high), 3 (medium), 1 (low) keep their names; 0 (none) is Kairo's lowest. */
export const TICKTICK_PRIORITIES: Readonly<Record<string, TaskPriority>> = {
  high: "high",
  medium: "medium",
  low: "low",
  none: "low",
};
export const TICKTICK_PRIORITY_ORDER = ["high", "medium", "low", "none"] as const;
const PRIORITY_NAMES: Readonly<Record<string, string>> = {
  "5": "high",
  "3": "medium",
  "1": "low",
  "0": "none",
  "": "none",
};

const WHAT = "TickTick backup (CSV)";
const REQUIRED = ["List Name", "Title"] as const;
/** The preamble is a few lines; the header is looked for among the first records. */
const HEADER_SEARCH = 20;

/** A TickTick time ("2026-11-20T09:00:00+0000"), or null. */
function instant(text: string): Date | null {
  if (!text) return null;
  const t = new Date(text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(t.getTime()) ? null : t;
}

export function readTickTickCsv(text: string, o: { now: Date; timeZone: string }): ImportPlan {
  const records = csvRecords(text, WHAT);
  const at0 = records
    .slice(0, HEADER_SEARCH)
    .findIndex((r) => REQUIRED.every((c) => r.some((cell) => cell.trim() === c)));
  if (at0 === -1) {
    const message = `This is not a ${WHAT}: no row names the columns "List Name" and "Title".`;
    throw new AppError("VALIDATION", message, { fields: { data: message } });
  }
  const header = records[at0]!.map((h) => h.trim());
  const at = (record: readonly string[], name: string) => {
    const i = header.indexOf(name);
    return i === -1 ? "" : (record[i] ?? "").trim();
  };

  const problems: ImportProblem[] = [];
  const warn = (row: number, message: string) => problems.push({ row, severity: "warning", message });
  const error = (row: number, message: string) => problems.push({ row, severity: "error", message });
  const projects = new Map<string, PlannedProject>();
  const byId = new Map<string, PlannedTask>();
  const children: Array<{ row: number; parentId: string; title: string; done: boolean }> = [];

  for (let i = at0 + 1; i < records.length; i++) {
    const record = records[i]!;
    const row = i + 1;
    if (isBlank(record)) continue;
    const title = at(record, "Title").replace(/\s+/g, " ");
    const kind = at(record, "Kind").toUpperCase();
    if (kind === "NOTE") {
      warn(row, "A TickTick note is not a task: it is not imported.");
      continue;
    }
    if (!title) {
      error(row, "A task needs its name in Title.");
      continue;
    }
    const status = at(record, "Status") || "0";
    if (!["0", "1", "2"].includes(status)) {
      error(row, `Status must be 0, 1 or 2 (this row says "${status.slice(0, 20)}").`);
      continue;
    }
    const done = status !== "0";
    const parentId = at(record, "parentId");
    if (parentId) {
      children.push({ row, parentId, title: title.slice(0, SUBTASK_TITLE_MAX), done });
      continue;
    }
    const priorityText = at(record, "Priority");
    const priorityFrom = PRIORITY_NAMES[priorityText];
    if (!priorityFrom) {
      error(row, `Priority must be 0, 1, 3 or 5 (this row says "${priorityText.slice(0, 20)}").`);
      continue;
    }
    const listName = (at(record, "List Name") || "Inbox").slice(0, PROJECT_NAME_MAX);
    const project =
      projects.get(listName) ??
      projects.set(listName, { name: listName, sections: [], tasks: [] }).get(listName)!;
    const column = at(record, "Column Name").slice(0, PROJECT_NAME_MAX) || null;
    if (column && !project.sections.includes(column)) project.sections.push(column);
    const labels = at(record, "Tags")
      .split(/[,\s]+/)
      .map((t) => t.replace(/^#/, ""))
      .filter(Boolean);
    const checklist = at(record, "Is Check list").toUpperCase() === "Y" || kind === "CHECKLIST";
    const content = at(record, "Content");
    const subtasks = checklist ? checklistItems(content) : [];
    let description = checklist ? "" : content;
    if (labels.length > 0)
      description = `${description}${description ? "\n\n" : ""}Labels: ${labels.join(", ")}`;
    if (title.length > TITLE_MAX) warn(row, `The task's name is cut to ${TITLE_MAX} characters.`);
    if (description.length > DESCRIPTION_MAX)
      warn(row, `The description is cut to ${DESCRIPTION_MAX.toLocaleString("en-US")} characters.`);
    const zone = validTimeZone(at(record, "Timezone")) ?? o.timeZone;
    const task: PlannedTask = {
      row,
      title: title.slice(0, TITLE_MAX),
      description: description ? description.slice(0, DESCRIPTION_MAX) : null,
      priority: TICKTICK_PRIORITIES[priorityFrom]!,
      priorityFrom,
      deadline: dueOf(record, at, zone),
      recurrence: null,
      estimatedMinutes: ESTIMATE_MINUTES.default,
      category: categoryOf(labels),
      section: column,
      labels,
      subtasks: subtasks.slice(0, SUBTASKS_PER_TASK),
      comments: [],
      completedAt: done ? (instant(at(record, "Completed Time")) ?? o.now) : null,
    };
    if (subtasks.length > SUBTASKS_PER_TASK)
      warn(row, `Only the first ${SUBTASKS_PER_TASK} checklist items are kept, Kairo's most subtasks.`);
    if (at(record, "Due Date") && !task.deadline)
      warn(
        row,
        `The due date "${at(record, "Due Date").slice(0, 40)}" could not be read; the task has none.`,
      );
    const repeat = at(record, "Repeat");
    if (repeat && !done) readRepeat(task, repeat, zone, warn);
    project.tasks.push(task);
    const id = at(record, "taskId");
    if (id) byId.set(id, task);
  }

  for (const child of children) {
    const parent = byId.get(child.parentId);
    if (!parent) {
      error(child.row, `parentId "${child.parentId.slice(0, 40)}" names no task in this file.`);
      continue;
    }
    if (parent.subtasks.length >= SUBTASKS_PER_TASK) {
      warn(
        child.row,
        `"${parent.title}" already has ${SUBTASKS_PER_TASK} subtasks, Kairo's most; this one is skipped.`,
      );
      continue;
    }
    parent.subtasks.push({ title: child.title, done: child.done });
  }
  const list = [...projects.values()];
  if (list.every((p) => p.tasks.length === 0) && !problems.some((p) => p.severity === "error")) {
    const message = `The ${WHAT} holds no tasks.`;
    throw new AppError("VALIDATION", message, { fields: { data: message } });
  }
  return { rows: records.length, projects: list, problems };
}

/** "▫Open item" and "▪Done item" lines (TickTick's checklist as text); any other line is an open item. */
function checklistItems(content: string) {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({
      title: line.replace(/^[▫▪☐☑✓✔-]\s*/u, "").slice(0, SUBTASK_TITLE_MAX) || "Item",
      done: /^[▪☑✓✔]/u.test(line),
    }));
}

/** The due moment; an all-day task is due at the end of its working day, as quick capture does. */
function dueOf(record: readonly string[], at: (r: readonly string[], n: string) => string, zone: string) {
  const due = instant(at(record, "Due Date"));
  if (!due) return null;
  if (at(record, "Is All Day").toLowerCase() !== "true") return due;
  const w = wallClock(due.getTime(), zone);
  return zonedInstant(w, { hour: QUICK_CAPTURE_DEFAULT_HOUR, minute: 0 }, zone);
}

function readRepeat(task: PlannedTask, repeat: string, zone: string, warn: (row: number, m: string) => void) {
  const first = task.deadline;
  if (!first) {
    warn(task.row, "A repeat needs a due date to start from: the task is imported without its repeat.");
    return;
  }
  try {
    const recurrence = readRecurrence({ rrule: repeat, start: startAt(first, zone), timeZone: zone });
    task.deadline = seriesColumns(recurrence, task.title).deadline;
    task.recurrence = recurrence;
  } catch (err) {
    const why = err instanceof AppError ? ` (${err.message})` : "";
    warn(task.row, `The repeat "${repeat.slice(0, 80)}" could not be kept${why}; the task is due once.`);
  }
}
