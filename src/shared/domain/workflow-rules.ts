// The pure rules of workflow automation, shared by the server's engine and the builder page: which
// variables a template may use and how it renders, when a schedule fires (in the person's time zone,
// daylight-saving safe, through cron-parser), whether a task change or a milestone matches a
// trigger, and the guards that stop loops and floods.
import { CronExpressionParser } from "cron-parser";
import type { TaskCategory, TaskStatus } from "./tasks.ts";

export const TRIGGER_TYPES = ["task_status", "calendar_event", "time_based", "project_milestone"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const ACTION_TYPES = [
  "create_task",
  "update_task_status",
  "send_notification",
  "generate_report",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
/** New actions in the builder start as this type (spec section 4). */
export const DEFAULT_ACTION_TYPE: ActionType = "create_task";

export const TRIGGER_LABELS: Record<TriggerType, string> = {
  task_status: "Task status changes",
  calendar_event: "Calendar event",
  time_based: "Schedule",
  project_milestone: "Project milestone",
};
export const ACTION_LABELS: Record<ActionType, string> = {
  create_task: "Create a task",
  update_task_status: "Change task status",
  send_notification: "Send me a notification",
  generate_report: "Generate a report",
};

/** A chain of runs caused by runs (A changes a task, that starts B, ...) stops beyond this depth. */
export const MAX_CHAIN_DEPTH = 3;
/** A workflow firing more often than this within a minute is held, and the person told. */
export const FLOOD_LIMIT_PER_MINUTE = 60;
/** How many times a run is tried in all before it is recorded as failed. */
export const MAX_RUN_ATTEMPTS = 3;
/** Seconds before retry n (1-based): exponential backoff. */
export const retryDelaySeconds = (attempt: number) => 2 ** attempt;
/** The history list shows this many runs (spec section 9). */
export const EXECUTION_HISTORY_LIMIT = 10;
export const UNTITLED_WORKFLOW = "Untitled workflow";
export const DELETED_WORKFLOW = "Deleted workflow";

// -- templates: {{task.title}}, {{event.title}}, {{date}}

export const TEMPLATE_VARIABLES = ["task.title", "event.title", "date", "workflow.name"] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** Which variables have a value for a trigger type (the others would always render empty). */
export const VARIABLES_BY_TRIGGER: Record<TriggerType, readonly TemplateVariable[]> = {
  task_status: ["task.title", "date", "workflow.name"],
  project_milestone: ["task.title", "date", "workflow.name"],
  calendar_event: ["event.title", "date", "workflow.name"],
  time_based: ["date", "workflow.name"],
};

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variable names a template uses, in order of appearance. */
export function templateVariables(template: string): string[] {
  return [...template.matchAll(VARIABLE)].map((m) => m[1]!);
}

/** Why `template` cannot be used with `trigger`, or null when it can. */
export function templateProblem(template: string, trigger?: TriggerType): string | null {
  for (const name of templateVariables(template)) {
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name)) {
      return `Unknown variable {{${name}}}: use ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(", ")}`;
    }
    if (trigger && !VARIABLES_BY_TRIGGER[trigger].includes(name as TemplateVariable)) {
      return `{{${name}}} has no value for a ${TRIGGER_LABELS[trigger].toLowerCase()} trigger`;
    }
  }
  return null;
}

export type TemplateContext = Partial<Record<TemplateVariable, string>>;

/** Fills a template's variables; one without a value becomes empty, and spaces are tidied. */
export function renderTemplate(template: string, ctx: TemplateContext): string {
  return template
    .replace(VARIABLE, (_m, name: string) => ctx[name as TemplateVariable] ?? "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

// -- schedules

export type Schedule =
  | { kind: "daily"; time: string }
  | { kind: "weekdays"; time: string }
  | { kind: "weekly"; day: number; time: string }
  | { kind: "cron"; cron: string };

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The 5-field cron expression of a schedule (times are "HH:MM", 24-hour). */
export function scheduleCron(s: Schedule): string {
  if (s.kind === "cron") return s.cron.trim();
  const [h, m] = s.time.split(":").map(Number);
  if (s.kind === "daily") return `${m} ${h} * * *`;
  if (s.kind === "weekdays") return `${m} ${h} * * 1-5`;
  return `${m} ${h} * * ${s.day}`;
}

/** Why a cron string is refused, or null: five fields that cron-parser understands. */
export function cronProblem(cron: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return "A cron schedule has five fields: minute hour day month weekday";
  try {
    CronExpressionParser.parse(cron, { tz: "UTC" });
    return null;
  } catch {
    return `The cron schedule "${cron}" does not parse`;
  }
}

/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The next `count` times the schedule fires strictly after `after`, in the person's time zone. */
export function nextRuns(s: Schedule, timeZone: string, after: Date, count = 5): Date[] {
  const it = CronExpressionParser.parse(scheduleCron(s), { tz: timeZone, currentDate: after });
  return Array.from({ length: count }, () => it.next().toDate());
}

/** The latest time the schedule fired at or before `now`. */
export function latestRun(s: Schedule, timeZone: string, now: Date): Date {
  const it = CronExpressionParser.parse(scheduleCron(s), {
    tz: timeZone,
    currentDate: new Date(now.getTime() + 1),
  });
  return it.prev().toDate();
}

/** How a schedule reads in the builder and on a card. */
export function describeSchedule(s: Schedule): string {
  if (s.kind === "cron") return `Cron ${s.cron}`;
  if (s.kind === "daily") return `Every day at ${s.time}`;
  if (s.kind === "weekdays") return `Every weekday at ${s.time}`;
  return `Every ${WEEKDAY_NAMES[s.day]} at ${s.time}`;
}

// -- triggers

export type TaskStatusTrigger = { fromStatus?: TaskStatus; toStatus?: TaskStatus; category?: TaskCategory };
export type TaskStatusChange = { from: TaskStatus; to: TaskStatus; category: string };

/** A task's status change matches when it really changed and every given condition holds. */
export function matchesTaskStatus(cfg: TaskStatusTrigger, change: TaskStatusChange): boolean {
  if (change.from === change.to) return false;
  if (cfg.fromStatus && cfg.fromStatus !== change.from) return false;
  if (cfg.toStatus && cfg.toStatus !== change.to) return false;
  if (cfg.category && cfg.category !== change.category) return false;
  return true;
}

export type MilestoneTrigger =
  | { kind: "category_cleared"; category: TaskCategory }
  | { kind: "tasks_completed"; category: TaskCategory; count: number };

/**
 * A milestone is reached by the completion that makes it true: the last open task of the category
 * done, or the count-th task of the category completed since the workflow was made (once).
 */
export function milestoneReached(
  cfg: MilestoneTrigger,
  change: TaskStatusChange,
  facts: { openInCategory: number; completedSinceCreated: number },
): boolean {
  if (change.to !== "completed" || change.from === "completed" || change.category !== cfg.category)
    return false;
  if (cfg.kind === "category_cleared") return facts.openInCategory === 0;
  return facts.completedSinceCreated === cfg.count;
}

export function keywordMatches(keyword: string | undefined, title: string): boolean {
  if (!keyword) return true;
  return title.toLowerCase().includes(keyword.trim().toLowerCase());
}

// -- guards

/** Why a run at chain depth `depth` (1 = caused by a person) must not start, or null. */
export function loopGuard(depth: number): string | null {
  if (depth <= MAX_CHAIN_DEPTH) return null;
  return `Stopped: workflows triggered each other more than ${MAX_CHAIN_DEPTH} times in a row (a loop).`;
}

/** Whether a workflow that already fired `firedLastMinute` times must be held instead of run again. */
export function floodHeld(firedLastMinute: number): boolean {
  return firedLastMinute >= FLOOD_LIMIT_PER_MINUTE;
}
