// The built-in templates (seeded into workflow_templates at start, matched by name). A schedule's
// time zone here is a stand-in: the builder puts the person's own zone in when a template is used.
import type { WorkflowActionDef, WorkflowTrigger } from "../contracts/workflows.ts";

export type TemplateSeed = { name: string; description: string; category: string } & WorkflowTrigger & {
    actions: WorkflowActionDef[];
  };

export const WORKFLOW_TEMPLATES: TemplateSeed[] = [
  {
    name: "Follow up a completed task",
    description: "When a task is completed, create its follow-up for tomorrow.",
    category: "Tasks",
    triggerType: "task_status",
    triggerConfig: { toStatus: "completed" },
    actions: [
      { type: "create_task", config: { title: "Follow up: {{task.title}}", deadlineOffsetHours: 24 } },
    ],
  },
  {
    name: "Daily review",
    description: "Every weekday at 9:00, create my daily review task.",
    category: "Routines",
    triggerType: "time_based",
    triggerConfig: { schedule: { kind: "weekdays", time: "09:00" }, timeZone: "UTC" },
    actions: [
      {
        type: "create_task",
        config: {
          title: "Daily review {{date}}",
          category: "Admin",
          estimatedMinutes: 15,
          deadlineOffsetHours: 8,
        },
      },
    ],
  },
  {
    name: "Meeting prep",
    description: "Before a calendar event, create a prep task.",
    category: "Calendar",
    triggerType: "calendar_event",
    triggerConfig: { kind: "starts_within", minutes: 60 },
    actions: [
      {
        type: "create_task",
        config: {
          title: "Prep: {{event.title}}",
          category: "Meeting",
          estimatedMinutes: 15,
          priority: "high",
        },
      },
    ],
  },
  {
    name: "Weekly report",
    description: "Every Friday at 16:00, send me my weekly report.",
    category: "Reports",
    triggerType: "time_based",
    triggerConfig: { schedule: { kind: "weekly", day: 5, time: "16:00" }, timeZone: "UTC" },
    actions: [{ type: "generate_report", config: { period: "week", email: true } }],
  },
  {
    name: "Category cleared",
    description: "When the last open task of a category is done, notify me.",
    category: "Milestones",
    triggerType: "project_milestone",
    triggerConfig: { kind: "category_cleared", category: "Development" },
    actions: [
      {
        type: "send_notification",
        config: { title: "All Development tasks are done", message: "The last one was {{task.title}}." },
      },
    ],
  },
  {
    name: "Ten design tasks",
    description: "When 10 Design tasks are completed, celebrate and get a report.",
    category: "Milestones",
    triggerType: "project_milestone",
    triggerConfig: { kind: "tasks_completed", category: "Design", count: 10 },
    actions: [
      { type: "send_notification", config: { title: "10 Design tasks completed" } },
      { type: "generate_report", config: { period: "month" } },
    ],
  },
  {
    name: "Started work notice",
    description: "When a task moves to in progress, notify me so my other devices know.",
    category: "Tasks",
    triggerType: "task_status",
    triggerConfig: { fromStatus: "todo", toStatus: "in_progress" },
    actions: [{ type: "send_notification", config: { title: "Started: {{task.title}}" } }],
  },
  {
    name: "New interview on the calendar",
    description: "When a new calendar event mentions an interview, create a preparation task.",
    category: "Calendar",
    triggerType: "calendar_event",
    triggerConfig: { kind: "new_event", keyword: "interview" },
    actions: [
      {
        type: "create_task",
        config: { title: "Prepare questions for {{event.title}}", category: "Meeting", estimatedMinutes: 30 },
      },
      { type: "send_notification", config: { title: "Interview booked: {{event.title}}" } },
    ],
  },
  {
    name: "Monday planning",
    description: "Every Monday at 8:30, create a planning task and get last week's report.",
    category: "Routines",
    triggerType: "time_based",
    triggerConfig: { schedule: { kind: "weekly", day: 1, time: "08:30" }, timeZone: "UTC" },
    actions: [
      { type: "generate_report", config: { period: "week" } },
      {
        type: "create_task",
        config: { title: "Plan the week of {{date}}", category: "Admin", priority: "high" },
      },
    ],
  },
];
