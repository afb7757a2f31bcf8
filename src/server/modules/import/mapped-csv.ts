// Any CSV with a column mapper (decision 279): the header's columns, a suggested mapping from their
// names, and the rows read through the mapping the person chose into an import plan. Each value of
// the project column is a project (empty or "Inbox": the person's Inbox; no project column: one
// project named after the file). Due dates are read as quick capture reads them, repeat phrases too.
import type { ColumnMapping, ImportProblem, MappedField } from "#shared/contracts/import.ts";
import { PROJECT_NAME_MAX } from "#shared/contracts/projects.ts";
import { parseQuickCapture } from "#shared/domain/quick-capture.ts";
import {
  clampEstimate,
  DESCRIPTION_MAX,
  ESTIMATE_MINUTES,
  type TaskPriority,
  TITLE_MAX,
} from "#shared/domain/tasks.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { readRecurrence, seriesColumns } from "../tasks/series.ts";
import { csvRecords, isBlank } from "./csv-rows.ts";
import type { ImportPlan, PlannedProject, PlannedTask } from "./plan.ts";
import { categoryOf } from "./todoist-csv.ts";

const WHAT = "CSV file";

/** Header words that suggest each field (lower case, compared without spaces, dashes or underscores). */
const SUGGEST: Readonly<Record<MappedField, readonly string[]>> = {
  title: ["title", "name", "task", "taskname", "content", "summary", "subject"],
  description: ["description", "notes", "note", "details", "body"],
  due: ["due", "duedate", "deadline", "date", "dueon"],
  priority: ["priority", "importance"],
  project: ["project", "list", "listname", "folder", "board"],
  labels: ["labels", "tags", "label", "tag", "category"],
  estimate: ["estimate", "estimatedminutes", "duration", "minutes"],
  completed: ["completed", "done", "status", "iscompleted"],
};

const key = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, "");

export function suggestMapping(columns: readonly string[]): ColumnMapping | null {
  const taken = new Set<string>();
  const pick = (field: MappedField) => {
    const found = SUGGEST[field]
      .map((w) => columns.find((c) => key(c) === w && !taken.has(c)))
      .find((c) => c !== undefined);
    if (found) taken.add(found);
    return found;
  };
  const title = pick("title");
  if (!title) return null;
  const mapping: ColumnMapping = { title };
  for (const field of [
    "description",
    "due",
    "priority",
    "project",
    "labels",
    "estimate",
    "completed",
  ] as const) {
    const c = pick(field);
    if (c) mapping[field] = c;
  }
  return mapping;
}

/** Priority words, Todoist's p1-p4 and TickTick's names; an empty cell is Kairo's default. */
const PRIORITY_WORDS: Readonly<Record<string, TaskPriority>> = {
  urgent: "urgent",
  highest: "urgent",
  critical: "urgent",
  p1: "urgent",
  high: "high",
  p2: "high",
  medium: "medium",
  normal: "medium",
  med: "medium",
  p3: "medium",
  low: "low",
  lowest: "low",
  none: "low",
  p4: "low",
  "": "medium",
};
export const MAPPED_PRIORITY_ORDER = Object.keys(PRIORITY_WORDS).map((w) => w || "empty");

const DONE_WORDS = new Set(["yes", "y", "true", "1", "x", "done", "completed", "complete"]);

export function readMappedCsv(
  text: string,
  o: { fileName: string; now: Date; timeZone: string; mapping: ColumnMapping | undefined },
): { plan: ImportPlan; columns: string[]; mapping: ColumnMapping | null } {
  const records = csvRecords(text, WHAT);
  const columns = (records[0] ?? []).map((h) => h.trim());
  if (columns.filter(Boolean).length === 0) {
    const message = "This CSV file has no header row: its first row must name the columns.";
    throw new AppError("VALIDATION", message, { fields: { data: message } });
  }
  const mapping = o.mapping ?? suggestMapping(columns);
  const empty: ImportPlan = { rows: records.length, projects: [], problems: [] };
  if (!mapping)
    return {
      plan: {
        ...empty,
        problems: [{ row: 1, severity: "error", message: "Choose the column that holds each task's title." }],
      },
      columns,
      mapping: null,
    };
  for (const [field, column] of Object.entries(mapping))
    if (column !== undefined && !columns.includes(column)) {
      const message = `The ${field} column "${column}" is not a column of this file.`;
      throw new AppError("VALIDATION", message, { fields: { [`mapping.${field}`]: message } });
    }
  const at = (record: readonly string[], field: MappedField) => {
    const column = mapping[field];
    return column === undefined ? "" : (record[columns.indexOf(column)] ?? "").trim();
  };

  const problems: ImportProblem[] = [];
  const warn = (row: number, message: string) => problems.push({ row, severity: "warning", message });
  const fileProject =
    o.fileName
      .replace(/^.*[\\/]/, "")
      .replace(/\.csv$/i, "")
      .trim()
      .slice(0, PROJECT_NAME_MAX) || "Imported tasks";
  const projects = new Map<string, PlannedProject>();

  for (let i = 1; i < records.length; i++) {
    const record = records[i]!;
    const row = i + 1;
    if (isBlank(record)) continue;
    const title = at(record, "title").replace(/\s+/g, " ");
    if (!title) {
      problems.push({ row, severity: "error", message: `A task needs its name in "${mapping.title}".` });
      continue;
    }
    const priorityText = at(record, "priority").toLowerCase();
    let priority = PRIORITY_WORDS[priorityText];
    const priorityFrom = priorityText || "empty";
    if (!priority) {
      warn(
        row,
        `Priority "${priorityText.slice(0, 20)}" is not one Kairo knows (urgent, high, medium, low, p1-p4); the task is medium.`,
      );
      priority = "medium";
    }
    const projectName = mapping.project
      ? at(record, "project").slice(0, PROJECT_NAME_MAX) || "Inbox"
      : fileProject;
    const project =
      projects.get(projectName) ??
      projects.set(projectName, { name: projectName, sections: [], tasks: [] }).get(projectName)!;
    const labels = at(record, "labels")
      .split(/[,;]+/)
      .map((l) => l.trim().replace(/^[#@]/, ""))
      .filter(Boolean);
    let description = at(record, "description");
    if (labels.length > 0)
      description = `${description}${description ? "\n\n" : ""}Labels: ${labels.join(", ")}`;
    if (title.length > TITLE_MAX) warn(row, `The task's name is cut to ${TITLE_MAX} characters.`);
    if (description.length > DESCRIPTION_MAX)
      warn(row, `The description is cut to ${DESCRIPTION_MAX.toLocaleString("en-US")} characters.`);
    const estimateText = at(record, "estimate");
    let estimatedMinutes: number = ESTIMATE_MINUTES.default;
    if (estimateText) {
      const n = Number(estimateText);
      if (Number.isFinite(n) && n > 0) estimatedMinutes = clampEstimate(n);
      else
        warn(
          row,
          `Estimate "${estimateText.slice(0, 20)}" is not a number of minutes; the estimate is ${ESTIMATE_MINUTES.default} minutes.`,
        );
    }
    const done = DONE_WORDS.has(at(record, "completed").toLowerCase());
    const task: PlannedTask = {
      row,
      title: title.slice(0, TITLE_MAX),
      description: description ? description.slice(0, DESCRIPTION_MAX) : null,
      priority,
      priorityFrom,
      deadline: null,
      recurrence: null,
      estimatedMinutes,
      category: categoryOf(labels),
      section: null,
      labels,
      subtasks: [],
      comments: [],
      completedAt: done ? o.now : null,
    };
    const due = at(record, "due");
    if (due) {
      const read = parseQuickCapture(due, o.now, o.timeZone);
      task.deadline = read.deadline;
      if (read.recurrence && !done) {
        try {
          const { description: _words, ...rule } = read.recurrence;
          const recurrence = readRecurrence(rule);
          task.deadline = seriesColumns(recurrence, task.title).deadline;
          task.recurrence = recurrence;
        } catch {
          warn(row, `The repeat in "${due.slice(0, 80)}" could not be kept; the task is due once.`);
        }
      }
      if (!task.deadline)
        warn(
          row,
          `The date "${due.slice(0, 80)}" could not be read; the task is imported without a due date.`,
        );
    }
    project.tasks.push(task);
  }
  const list = [...projects.values()];
  if (list.length === 0 && !problems.some((p) => p.severity === "error")) {
    const message = "The CSV file holds no rows under its header.";
    throw new AppError("VALIDATION", message, { fields: { data: message } });
  }
  return { plan: { rows: records.length, projects: list, problems }, columns, mapping };
}
