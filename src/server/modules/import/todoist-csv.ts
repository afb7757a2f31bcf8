// Todoist's CSV template (a project exported from Todoist, or a file written to its template), read
// into an import plan (decision 275). One file is one project. Rows: TYPE task, section or note;
// INDENT 1 is a task, 2 and deeper a subtask of the task above (Kairo has one level of subtasks);
// a note is a comment on the task above; "@name" words in a task's CONTENT are its labels; PRIORITY
// 1 is Todoist's p1, the highest; DATE is Todoist's own words ("every monday", "tomorrow 9am",
// "2026-12-01"), read with quick capture's reader, which turns repeat phrases into a rule.
import type { ImportProblem } from "#shared/contracts/import.ts";
import { PROJECT_NAME_MAX } from "#shared/contracts/projects.ts";
import { COMMENT_MAX } from "#shared/domain/comment-text.ts";
import { parseQuickCapture } from "#shared/domain/quick-capture.ts";
import { SUBTASK_TITLE_MAX, SUBTASKS_PER_TASK } from "#shared/domain/subtasks.ts";
import {
  clampEstimate,
  DESCRIPTION_MAX,
  ESTIMATE_MINUTES,
  TASK_CATEGORIES,
  type TaskCategory,
  type TaskPriority,
  TITLE_MAX,
} from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { readRecurrence, seriesColumns } from "../tasks/series.ts";
import { csvRecords, isBlank } from "./csv-rows.ts";
import type { ImportPlan, PlannedTask } from "./plan.ts";

/** Todoist's p1 (PRIORITY 1, red) is the highest; an empty cell takes Kairo's default. */
export const TODOIST_PRIORITIES: Readonly<Record<string, TaskPriority>> = {
  p1: "urgent",
  p2: "high",
  p3: "medium",
  p4: "low",
  empty: "medium",
};
export const TODOIST_PRIORITY_ORDER = ["p1", "p2", "p3", "p4", "empty"] as const;

const REQUIRED = ["TYPE", "CONTENT"] as const;
const WHAT = "Todoist CSV file";

export function validTimeZone(tz: string | undefined | null): string | null {
  if (!tz) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz;
  } catch {
    return null;
  }
}

/** The project's name: the file's name without its extension (Todoist names the file after it). */
export function projectNameOf(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, "")
    .replace(/\.csv$/i, "")
    .trim();
  return (base || "Imported from Todoist").slice(0, PROJECT_NAME_MAX);
}

const LABEL = /(^|\s)@([^\s@]+)/g;

/** The title without its "@label" words, and the labels. */
export function splitLabels(content: string): { title: string; labels: string[] } {
  const labels: string[] = [];
  const title = content
    .replace(LABEL, (_, space: string, name: string) => {
      labels.push(name);
      return space;
    })
    .replace(/\s+/g, " ")
    .trim();
  return { title, labels };
}

export const categoryOf = (labels: readonly string[]): TaskCategory =>
  TASK_CATEGORIES.find((c) => c !== "General" && labels.some((l) => l.toLowerCase() === c.toLowerCase())) ??
  "General";

export function readTodoistCsv(
  text: string,
  o: { fileName: string; now: Date; timeZone: string },
): ImportPlan {
  const records = csvRecords(text, WHAT);
  const header = (records[0] ?? []).map((h) => h.trim().toUpperCase());
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    const found = header.filter(Boolean).slice(0, 6).join(", ") || "nothing";
    const message = `This is not a ${WHAT}: its first row must name the columns TYPE and CONTENT (it names ${found}).`;
    throw new AppError("VALIDATION", message, { fields: { data: message } });
  }
  const col = (name: string) => header.indexOf(name);
  const at = (record: readonly string[], name: string) => {
    const i = col(name);
    return i === -1 ? "" : (record[i] ?? "").trim();
  };

  const problems: ImportProblem[] = [];
  const error = (row: number, message: string) => problems.push({ row, severity: "error", message });
  const warn = (row: number, message: string) => problems.push({ row, severity: "warning", message });
  const tasks: PlannedTask[] = [];
  const sections: string[] = [];
  let section: string | null = null;
  let parent: PlannedTask | null = null;

  for (let i = 1; i < records.length; i++) {
    const record = records[i]!;
    const row = i + 1;
    if (isBlank(record)) continue;
    const type = at(record, "TYPE").toLowerCase();
    const content = at(record, "CONTENT");
    if (type === "section") {
      if (!content) {
        error(row, "A section needs its name in CONTENT.");
        continue;
      }
      section = content.slice(0, PROJECT_NAME_MAX);
      if (!sections.includes(section)) sections.push(section);
      parent = null;
      continue;
    }
    if (type === "note") {
      if (!parent) {
        error(row, "A note (a comment) must follow the task it belongs to.");
        continue;
      }
      if (!content) {
        warn(row, "An empty note is skipped.");
        continue;
      }
      if (content.length > COMMENT_MAX)
        warn(row, `The note is cut to ${COMMENT_MAX.toLocaleString("en-US")} characters.`);
      parent.comments.push(content.slice(0, COMMENT_MAX));
      continue;
    }
    if (type !== "task") {
      error(row, `TYPE must be task, section or note (this row says "${at(record, "TYPE").slice(0, 40)}").`);
      continue;
    }
    const { title, labels } = splitLabels(content);
    if (!title) {
      error(row, "A task needs its name in CONTENT.");
      continue;
    }
    const indentText = at(record, "INDENT") || "1";
    const indent = /^\d{1,2}$/.test(indentText) ? Number(indentText) : Number.NaN;
    if (!(indent >= 1 && indent <= 5)) {
      error(row, `INDENT must be 1, 2, 3, 4 or 5 (this row says "${indentText.slice(0, 20)}").`);
      continue;
    }
    if (indent >= 2) {
      if (!parent) {
        error(row, `A subtask (INDENT ${indent}) must follow a task (INDENT 1).`);
        continue;
      }
      if (parent.subtasks.length >= SUBTASKS_PER_TASK) {
        warn(
          row,
          `"${parent.title}" already has ${SUBTASKS_PER_TASK} subtasks, Kairo's most; this one is skipped.`,
        );
        continue;
      }
      if (indent > 2)
        warn(
          row,
          `Kairo has one level of subtasks: this one (INDENT ${indent}) becomes a subtask of "${parent.title}".`,
        );
      if (at(record, "DATE"))
        warn(row, "Kairo's subtasks have no due date: this subtask's DATE is not kept.");
      if (title.length > SUBTASK_TITLE_MAX)
        warn(row, `The subtask's name is cut to ${SUBTASK_TITLE_MAX} characters.`);
      parent.subtasks.push({ title: title.slice(0, SUBTASK_TITLE_MAX), done: false });
      continue;
    }

    const priorityText = at(record, "PRIORITY");
    const priorityFrom = priorityText === "" ? "empty" : `p${priorityText}`;
    const priority =
      /^[1-4]$/.test(priorityText) || priorityText === "" ? TODOIST_PRIORITIES[priorityFrom] : null;
    if (!priority) {
      error(row, `PRIORITY must be 1, 2, 3 or 4 (this row says "${priorityText.slice(0, 20)}").`);
      continue;
    }
    if (title.length > TITLE_MAX) warn(row, `The task's name is cut to ${TITLE_MAX} characters.`);
    let description = at(record, "DESCRIPTION");
    if (labels.length > 0)
      description = `${description}${description ? "\n\n" : ""}Labels: ${labels.join(", ")}`;
    if (description.length > DESCRIPTION_MAX)
      warn(row, `The description is cut to ${DESCRIPTION_MAX.toLocaleString("en-US")} characters.`);

    const task: PlannedTask = {
      row,
      title: title.slice(0, TITLE_MAX),
      description: description ? description.slice(0, DESCRIPTION_MAX) : null,
      priority,
      priorityFrom,
      deadline: null,
      recurrence: null,
      estimatedMinutes: estimateOf(record, at, row, warn),
      category: categoryOf(labels),
      section,
      labels,
      subtasks: [],
      comments: [],
      completedAt: null,
    };
    readDate(task, at(record, "DATE"), validTimeZone(at(record, "TIMEZONE")) ?? o.timeZone, o.now, warn);
    tasks.push(task);
    parent = task;
  }
  if (tasks.length === 0 && !problems.some((p) => p.severity === "error")) {
    const message = `The ${WHAT} holds no task rows (TYPE task).`;
    throw new AppError("VALIDATION", message, { fields: { data: message } });
  }
  return {
    rows: records.length,
    projects: [{ name: projectNameOf(o.fileName), sections, tasks }],
    problems,
  };
}

function estimateOf(
  record: readonly string[],
  at: (r: readonly string[], name: string) => string,
  row: number,
  warn: (row: number, message: string) => void,
): number {
  const amount = at(record, "DURATION");
  if (!amount) return ESTIMATE_MINUTES.default;
  const unit = at(record, "DURATION_UNIT").toLowerCase() || "minute";
  const n = Number(amount);
  if (!Number.isFinite(n) || n <= 0 || !["minute", "day"].includes(unit)) {
    warn(
      row,
      `DURATION "${amount.slice(0, 20)} ${unit.slice(0, 20)}" is not a length of time; the estimate is ${ESTIMATE_MINUTES.default} minutes.`,
    );
    return ESTIMATE_MINUTES.default;
  }
  const minutes = unit === "day" ? n * 8 * 60 : n;
  const estimate = clampEstimate(minutes);
  if (estimate !== minutes)
    warn(
      row,
      `The duration of ${minutes} minutes becomes an estimate of ${estimate} minutes (Kairo's estimates are 5 to 480 minutes in steps of 5).`,
    );
  return estimate;
}

/** The task's due date and repeat rule from Todoist's DATE words. */
function readDate(
  task: PlannedTask,
  words: string,
  timeZone: string,
  now: Date,
  warn: (row: number, message: string) => void,
) {
  if (!words) return;
  const read = parseQuickCapture(words, now, timeZone);
  if (read.recurrence) {
    try {
      const { description: _words, ...rule } = read.recurrence;
      const recurrence = readRecurrence(rule);
      task.deadline = seriesColumns(recurrence, task.title).deadline;
      task.recurrence = recurrence;
    } catch {
      task.deadline = read.deadline;
      warn(task.row, `The repeat in "${words.slice(0, 80)}" could not be kept; the task is due once.`);
    }
  } else task.deadline = read.deadline;
  if (!task.deadline) {
    warn(
      task.row,
      `The date "${words.slice(0, 80)}" could not be read; the task is imported without a due date.`,
    );
    return;
  }
  if (read.title.trim() !== "")
    warn(
      task.row,
      `Part of the date "${words.slice(0, 80)}" was not understood ("${read.title.slice(0, 40)}"); the task is due ${task.deadline.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    );
}
