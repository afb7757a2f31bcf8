// Todoist's REST API JSON (decision 275): what GET /tasks answers (an array of tasks, or a page
// { results: [...] }), or one object holding its projects, sections, tasks and comments. Priorities
// are the API's numbers, where 4 is p1, the highest; due.string is read as the CSV's DATE is; a task
// with parent_id is a subtask of its top task; comments go to their task.
import { z } from "zod";
import type { ImportProblem } from "#shared/contracts/import.ts";
import { IMPORT_MAX_ROWS } from "#shared/contracts/import.ts";
import { PROJECT_NAME_MAX } from "#shared/contracts/projects.ts";
import { COMMENT_MAX } from "#shared/domain/comment-text.ts";
import { parseQuickCapture, QUICK_CAPTURE_DEFAULT_HOUR } from "#shared/domain/quick-capture.ts";
import { SUBTASK_TITLE_MAX, SUBTASKS_PER_TASK } from "#shared/domain/subtasks.ts";
import { clampEstimate, DESCRIPTION_MAX, ESTIMATE_MINUTES, TITLE_MAX } from "#shared/domain/tasks.ts";
import { zonedInstant } from "#shared/domain/zoned-time.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { readRecurrence, seriesColumns } from "../tasks/series.ts";
import type { ImportPlan, PlannedProject, PlannedTask } from "./plan.ts";
import { categoryOf, projectNameOf, splitLabels, TODOIST_PRIORITIES, validTimeZone } from "./todoist-csv.ts";

const WHAT = "Todoist JSON file";
const id = z.union([z.string(), z.number()]).transform(String);
const task = z.object({
  id,
  content: z.string(),
  description: z.string().nullish(),
  project_id: id.nullish(),
  section_id: id.nullish(),
  parent_id: id.nullish(),
  priority: z.number().int().min(1).max(4).nullish(),
  labels: z.array(z.string()).nullish(),
  is_completed: z.boolean().nullish(),
  checked: z.boolean().nullish(),
  due: z
    .object({
      string: z.string().nullish(),
      date: z.string().nullish(),
      datetime: z.string().nullish(),
      is_recurring: z.boolean().nullish(),
      timezone: z.string().nullish(),
    })
    .nullish(),
  duration: z.object({ amount: z.number(), unit: z.string() }).nullish(),
});
const list = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item), z.object({ results: z.array(item) }).transform((p) => p.results)]);
const project = z.object({
  id,
  name: z.string(),
  is_inbox_project: z.boolean().nullish(),
  inbox_project: z.boolean().nullish(),
});
const section = z.object({ id, name: z.string(), project_id: id.nullish() });
const comment = z.object({ task_id: id.nullish(), item_id: id.nullish(), content: z.string() });
const whole = z.object({
  tasks: list(task).optional(),
  items: list(task).optional(),
  projects: list(project).optional(),
  sections: list(section).optional(),
  comments: list(comment).optional(),
  notes: list(comment).optional(),
});

type Task = z.infer<typeof task>;

function refuse(message: string): never {
  throw new AppError("VALIDATION", message, { fields: { data: message } });
}

export function readTodoistJson(
  text: string,
  o: { fileName: string; now: Date; timeZone: string },
): ImportPlan {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    refuse(`This is not a readable ${WHAT}: ${(err as Error).message}.`);
  }
  const isPage = (v: unknown) => typeof v === "object" && v !== null && "results" in v && !("tasks" in v);
  const shape = Array.isArray(raw)
    ? z.array(task)
    : isPage(raw)
      ? z.object({ results: z.array(task) })
      : whole;
  const parsed = shape.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    refuse(
      `This is not a ${WHAT}: it must be Todoist's list of tasks or an object with its tasks (the problem is${where}: ${issue?.message ?? "unknown"}).`,
    );
  }
  const data: z.infer<typeof whole> = Array.isArray(parsed.data)
    ? { tasks: parsed.data }
    : "results" in (parsed.data as object)
      ? { tasks: (parsed.data as { results: Task[] }).results }
      : (parsed.data as z.infer<typeof whole>);
  const tasks = data.tasks ?? data.items ?? [];
  if (tasks.length === 0) refuse(`The ${WHAT} holds no tasks.`);
  if (tasks.length > IMPORT_MAX_ROWS)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} tasks, the most one import takes. Split it and import each part.`,
    );

  const problems: ImportProblem[] = [];
  const warn = (row: number, message: string) => problems.push({ row, severity: "warning", message });
  const projectNames = new Map(
    (data.projects ?? []).map((p) => [
      p.id,
      p.is_inbox_project || p.inbox_project ? "Inbox" : p.name.slice(0, PROJECT_NAME_MAX),
    ]),
  );
  const sectionNames = new Map((data.sections ?? []).map((s) => [s.id, s.name.slice(0, PROJECT_NAME_MAX)]));
  const fallback = projectNameOf(o.fileName.replace(/\.json$/i, ""));
  const projects = new Map<string, PlannedProject>();
  const byId = new Map<string, Task>(tasks.map((t) => [t.id, t]));
  const planned = new Map<string, PlannedTask>();
  const top = (t: Task) => {
    let at = t;
    for (let k = 0; k < 10 && at.parent_id && byId.has(at.parent_id); k++) at = byId.get(at.parent_id)!;
    return at;
  };

  tasks.forEach((t, i) => {
    if (t.parent_id) return;
    const row = i + 1;
    const { title, labels: inTitle } = splitLabels(t.content);
    if (!title) {
      problems.push({ row, severity: "error", message: "A task needs its name in content." });
      return;
    }
    const labels = [...(t.labels ?? []), ...inTitle];
    const priorityFrom = `p${5 - (t.priority ?? 1)}`;
    const name = (t.project_id && projectNames.get(t.project_id)) || fallback;
    const p = projects.get(name) ?? projects.set(name, { name, sections: [], tasks: [] }).get(name)!;
    const sectionName = t.section_id ? (sectionNames.get(t.section_id) ?? null) : null;
    if (sectionName && !p.sections.includes(sectionName)) p.sections.push(sectionName);
    let description = t.description ?? "";
    if (labels.length > 0)
      description = `${description}${description ? "\n\n" : ""}Labels: ${labels.join(", ")}`;
    if (title.length > TITLE_MAX) warn(row, `The task's name is cut to ${TITLE_MAX} characters.`);
    const done = Boolean(t.is_completed ?? t.checked);
    const planned_: PlannedTask = {
      row,
      title: title.slice(0, TITLE_MAX),
      description: description ? description.slice(0, DESCRIPTION_MAX) : null,
      priority: TODOIST_PRIORITIES[priorityFrom]!,
      priorityFrom,
      deadline: null,
      recurrence: null,
      estimatedMinutes: t.duration
        ? clampEstimate(t.duration.unit === "day" ? t.duration.amount * 480 : t.duration.amount)
        : ESTIMATE_MINUTES.default,
      category: categoryOf(labels),
      section: sectionName,
      labels,
      subtasks: [],
      comments: [],
      completedAt: done ? o.now : null,
    };
    readDue(planned_, t.due ?? null, validTimeZone(t.due?.timezone) ?? o.timeZone, o.now, warn, done);
    p.tasks.push(planned_);
    planned.set(t.id, planned_);
  });
  tasks.forEach((t, i) => {
    if (!t.parent_id) return;
    const parent = planned.get(top(t).id);
    if (!parent) {
      problems.push({
        row: i + 1,
        severity: "error",
        message: `parent_id "${t.parent_id.slice(0, 40)}" names no task in this file.`,
      });
      return;
    }
    if (parent.subtasks.length >= SUBTASKS_PER_TASK) {
      warn(
        i + 1,
        `"${parent.title}" already has ${SUBTASKS_PER_TASK} subtasks, Kairo's most; this one is skipped.`,
      );
      return;
    }
    const title = splitLabels(t.content).title || "Subtask";
    parent.subtasks.push({
      title: title.slice(0, SUBTASK_TITLE_MAX),
      done: Boolean(t.is_completed ?? t.checked),
    });
  });
  for (const c of [...(data.comments ?? []), ...(data.notes ?? [])]) {
    const taskId = c.task_id ?? c.item_id;
    const owner = taskId && byId.has(taskId) ? planned.get(top(byId.get(taskId)!).id) : undefined;
    if (owner && c.content.trim()) owner.comments.push(c.content.slice(0, COMMENT_MAX));
  }
  return { rows: tasks.length, projects: [...projects.values()], problems };
}

function readDue(
  t: PlannedTask,
  due: Task["due"] | null,
  zone: string,
  now: Date,
  warn: (row: number, m: string) => void,
  done: boolean,
) {
  if (!due) return;
  if (due.is_recurring && due.string && !done) {
    const read = parseQuickCapture(due.string, now, zone);
    if (read.recurrence) {
      try {
        const { description: _words, ...rule } = read.recurrence;
        const recurrence = readRecurrence(rule);
        t.recurrence = recurrence;
        t.deadline = seriesColumns(recurrence, t.title).deadline;
        return;
      } catch {
        // falls back to the next date below
      }
    }
    warn(t.row, `The repeat "${due.string.slice(0, 80)}" could not be read; the task is due once.`);
  }
  if (due.datetime) {
    const at = new Date(due.datetime);
    if (!Number.isNaN(at.getTime())) t.deadline = at;
  } else if (due.date && /^\d{4}-\d{2}-\d{2}$/.test(due.date)) {
    const [year, month, day] = due.date.split("-").map(Number) as [number, number, number];
    t.deadline = zonedInstant({ year, month, day }, { hour: QUICK_CAPTURE_DEFAULT_HOUR, minute: 0 }, zone);
  }
  if (!t.deadline) warn(t.row, "The due date could not be read; the task is imported without one.");
}
