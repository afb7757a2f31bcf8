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
/**
 * The most workflows one person may keep, active and paused alike, on every plan (Team's "unlimited"
 * is unlimited active ones up to this): it bounds what the per-minute sweep and the list carry per
 * person (docs/decisions/136-workflow-budgets.md).
 */
export const MAX_WORKFLOWS_PER_PERSON = 100;
export const workflowCapMessage = (cap: number) =>
  `You have ${cap} workflows, the most one account can keep. Delete one you no longer need, then create this one.`;
/**
 * Runs one person's workflows may start in a minute, all of them together (the flood hold above
 * is per workflow). The sweep defers schedules and calendar triggers past it to a later minute;
 * a task change's runs past it are recorded as held, not run.
 */
export const RUN_BUDGET_PER_MINUTE = 120;
/** Schedules and calendar triggers the per-minute sweep fires per person (the rest wait, oldest first). */
export const SWEEP_TRIGGERS_PER_PERSON = 10;
/** Tasks one run may change through "matching tasks" status actions, all its actions together. */
export const MATCHING_TASKS_PER_RUN = 50;
export const budgetHeldMessage = (budget: number) =>
  `Held: your workflows started ${budget} runs in the last minute, the most one account's workflows may start in a minute, so this run was skipped.`;
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

export type TaskStatusTrigger = {
  fromStatus?: TaskStatus;
  toStatus?: TaskStatus;
  category?: TaskCategory;
  projectId?: string;
};
export type TaskStatusChange = {
  from: TaskStatus;
  to: TaskStatus;
  category: string;
  /** The task's project and milestone (absent in events recorded before projects). */
  projectId?: string | null;
  milestoneId?: string | null;
  /** Whether the workflow's owner made the change (absent: yes, as every event before projects). */
  byOwner?: boolean;
};

/**
 * A task's status change matches when it really changed and every given condition holds. A trigger
 * limited to a project hears that project's tasks whoever changed them; one without hears only its
 * owner's own changes (decision 215).
 */
export function matchesTaskStatus(cfg: TaskStatusTrigger, change: TaskStatusChange): boolean {
  if (change.from === change.to) return false;
  if (cfg.projectId ? cfg.projectId !== change.projectId : change.byOwner === false) return false;
  if (cfg.fromStatus && cfg.fromStatus !== change.from) return false;
  if (cfg.toStatus && cfg.toStatus !== change.to) return false;
  if (cfg.category && cfg.category !== change.category) return false;
  return true;
}

export type MilestoneTrigger =
  | { kind: "category_cleared"; category: TaskCategory }
  | { kind: "tasks_completed"; category: TaskCategory; count: number }
  | { kind: "milestone_done"; projectId: string; milestoneId: string };

export type MilestoneFacts = {
  /** The owner's open tasks of the category left right after the change. */
  openInCategory: number;
  /** The owner's completions of the category since the workflow was made, this one included. */
  completedSinceCreated: number;
  /** The open tasks of the task's milestone left right after the change. */
  openInMilestone?: number;
};

/**
 * A milestone is reached by the completion that makes it true. Category rules (personal use) count
 * the owner's own tasks and completions: the last open task of the category done, or the count-th
 * completed since the workflow was made (once). A project's milestone is reached when its last open
 * task is completed, by whoever completes it.
 */
export function milestoneReached(
  cfg: MilestoneTrigger,
  change: TaskStatusChange,
  facts: MilestoneFacts,
): boolean {
  if (change.to !== "completed" || change.from === "completed") return false;
  if (cfg.kind === "milestone_done")
    return change.milestoneId === cfg.milestoneId && facts.openInMilestone === 0;
  if (change.byOwner === false || change.category !== cfg.category) return false;
  if (cfg.kind === "category_cleared") return facts.openInCategory === 0;
  return facts.completedSinceCreated === cfg.count;
}

/** The project a task trigger is limited to (a project's milestone is in its project), or null. */
export function triggerProjectId(type: TriggerType, config: Record<string, unknown>): string | null {
  if (type !== "task_status" && type !== "project_milestone") return null;
  return typeof config.projectId === "string" ? config.projectId : null;
}

/**
 * The projects a workflow definition names, as its owner must be allowed to use them: `read` (the
 * trigger's project: the owner must see it) and `write` (projects its actions add tasks to or change
 * tasks of: the owner must be allowed to edit their tasks). A status change of the triggering task
 * writes in the trigger's project.
 */
export function projectsNamed(def: {
  triggerType: TriggerType;
  triggerConfig: Record<string, unknown>;
  actions: { type: ActionType; config: Record<string, unknown> }[];
}): { read: string[]; write: string[] } {
  const read = triggerProjectId(def.triggerType, def.triggerConfig);
  const write = new Set<string>();
  for (const a of def.actions) {
    if (a.type === "create_task" && typeof a.config.projectId === "string") write.add(a.config.projectId);
    if (a.type !== "update_task_status") continue;
    const filter = a.config.filter as { projectId?: unknown } | undefined;
    if (a.config.target === "matching" && typeof filter?.projectId === "string") write.add(filter.projectId);
    if (a.config.target === "trigger" && read) write.add(read);
  }
  return { read: read ? [read] : [], write: [...write] };
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
