// What an import will create, read from a file before anything is written (decision 275): the same
// plan is counted for the preview and written by the commit, whatever the file's format.
import type { ImportCounts, ImportProblem } from "#shared/contracts/import.ts";
import type { Recurrence } from "#shared/domain/recurrence-rule.ts";
import type { TaskCategory, TaskPriority } from "#shared/domain/tasks.ts";

export type PlannedTask = {
  row: number;
  title: string;
  description: string | null;
  priority: TaskPriority;
  /** The other app's priority as its people know it ("p1", "empty"), for the mapping shown. */
  priorityFrom: string;
  deadline: Date | null;
  recurrence: Recurrence | null;
  estimatedMinutes: number;
  category: TaskCategory;
  /** The section (Todoist) it sits under: a milestone of its project in Kairo. */
  section: string | null;
  labels: string[];
  subtasks: PlannedSubtask[];
  comments: string[];
  /** When the other app says it was done (TickTick's completed and archived tasks); null: open. */
  completedAt: Date | null;
};

export type PlannedSubtask = { title: string; done: boolean };

export type PlannedProject = { name: string; sections: string[]; tasks: PlannedTask[] };

export type ImportPlan = {
  rows: number;
  projects: PlannedProject[];
  problems: ImportProblem[];
};

export function countPlan(plan: ImportPlan): ImportCounts {
  const tasks = plan.projects.flatMap((p) => p.tasks);
  return {
    projects: plan.projects.length,
    sections: plan.projects.reduce((n, p) => n + p.sections.length, 0),
    tasks: tasks.length,
    subtasks: tasks.reduce((n, t) => n + t.subtasks.length, 0),
    comments: tasks.reduce((n, t) => n + t.comments.length, 0),
    recurring: tasks.filter((t) => t.recurrence).length,
    labels: new Set(tasks.flatMap((t) => t.labels.map((l) => l.toLowerCase()))).size,
  };
}

/** Each of the other app's priorities met in the file, the Kairo priority it becomes, how many tasks. */
export function priorityMappingOf(plan: ImportPlan, order: readonly string[]) {
  const seen = new Map<string, { to: TaskPriority; tasks: number }>();
  for (const t of plan.projects.flatMap((p) => p.tasks)) {
    const m = seen.get(t.priorityFrom) ?? { to: t.priority, tasks: 0 };
    m.tasks++;
    seen.set(t.priorityFrom, m);
  }
  const rank = (k: string) => (order.indexOf(k) === -1 ? order.length : order.indexOf(k));
  return [...seen.entries()]
    .sort((a, b) => rank(a[0]) - rank(b[0]))
    .map(([from, m]) => ({ from, to: m.to, tasks: m.tasks }));
}

export const hasErrors = (plan: ImportPlan) => plan.problems.some((p) => p.severity === "error");
