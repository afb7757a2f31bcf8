// Requests and responses of the tasks, timer, Pomodoro, assistant, analytics and calendar calls.
import { z } from "zod";
import { POMODORO_BREAK_OPTIONS, POMODORO_WORK_OPTIONS } from "../domain/pomodoro.ts";
import {
  DESCRIPTION_MAX,
  ESTIMATE_MINUTES,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskCategory,
  TITLE_MAX,
} from "../domain/tasks.ts";
import { noNul, textError } from "./auth.ts";

const isoDateTime = z.iso.datetime({
  offset: true,
  error: "Deadline must be a date and time, e.g. 2026-12-01T17:00:00Z",
});

export const titleField = z
  .string({ error: textError("Title") })
  .trim()
  .min(1, "Title is required")
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
  .refine(noNul, "Title must not contain control characters");

export const estimatedMinutesField = z
  .number({ error: "Estimated minutes must be a number" })
  .int("Estimated minutes must be a whole number")
  .min(
    ESTIMATE_MINUTES.min,
    `Estimated minutes must be between ${ESTIMATE_MINUTES.min} and ${ESTIMATE_MINUTES.max}`,
  )
  .max(
    ESTIMATE_MINUTES.max,
    `Estimated minutes must be between ${ESTIMATE_MINUTES.min} and ${ESTIMATE_MINUTES.max}`,
  )
  .refine(
    (n) => n % ESTIMATE_MINUTES.step === 0,
    `Estimated minutes must be a multiple of ${ESTIMATE_MINUTES.step}`,
  );

const categoryField = z.enum(TASK_CATEGORIES, {
  error: `Category must be one of ${TASK_CATEGORIES.join(", ")}`,
});
const priorityField = z.enum(TASK_PRIORITIES, {
  error: `Priority must be one of ${TASK_PRIORITIES.join(", ")}`,
});
const descriptionField = z
  .string()
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
  .refine(noNul, "Description must not contain control characters")
  .nullable()
  .optional();

export const taskCreateBody = z
  .object({
    title: titleField,
    description: descriptionField,
    deadline: isoDateTime.nullable().optional(),
    estimatedMinutes: estimatedMinutesField.default(ESTIMATE_MINUTES.default),
    category: categoryField.default("General"),
    priority: priorityField.default("medium"),
  })
  .strict();

export const taskUpdateBody = z
  .object({
    title: titleField.optional(),
    description: descriptionField,
    deadline: isoDateTime.nullable().optional(),
    estimatedMinutes: estimatedMinutesField.optional(),
    category: categoryField.optional(),
    priority: priorityField.optional(),
    completed: z.boolean({ error: "completed must be true or false" }).optional(),
    status: z.enum(TASK_STATUSES, { error: `Status must be one of ${TASK_STATUSES.join(", ")}` }).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update")
  // Both at once must say the same thing, or the update would have to pick one to believe.
  .refine(
    (v) => v.status === undefined || v.completed === undefined || (v.status === "completed") === v.completed,
    'completed and status disagree: completed is true exactly when status is "completed"',
  );

export const DUE_FILTERS = ["overdue", "today", "week", "none"] as const;

export const taskListQuery = z
  .object({
    category: categoryField.optional(),
    status: z.enum(TASK_STATUSES).optional(),
    due: z.enum(DUE_FILTERS).optional(),
    q: z.string().trim().max(TITLE_MAX).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    tz: z.string().max(64).optional(),
  })
  .strict();

export const uuidParam = z.uuid({ error: "Not found" });

export type TaskCreateBody = z.input<typeof taskCreateBody>;
export type TaskUpdateBody = z.input<typeof taskUpdateBody>;
export type TaskListQuery = z.input<typeof taskListQuery>;

export type TaskDto = {
  id: string;
  title: string;
  description: string | null;
  deadline: string | null;
  estimatedMinutes: number;
  actualMinutes: number;
  category: TaskCategory;
  priority: (typeof TASK_PRIORITIES)[number];
  status: (typeof TASK_STATUSES)[number];
  completed: boolean;
  completedAt: string | null;
  isActive: boolean;
  activeStartTime: string | null;
  priorityScore: number;
  createdAt: string;
  updatedAt: string;
};

export type TaskListResponse = { tasks: TaskDto[]; total: number; limit: number; offset: number };

export type TimeLogDto = {
  id: string;
  taskId: string;
  startTime: string;
  endTime: string | null;
  durationMinutes: number | null;
};

export type TimerStartResponse = { task: TaskDto; stopped: { task: TaskDto; minutes: number } | null };
export type TimerStopResponse = { task: TaskDto; minutes: number };

// Pomodoro
export const pomodoroStartBody = z
  .object({
    durationMinutes: z.number().refine((n) => (POMODORO_WORK_OPTIONS as readonly number[]).includes(n), {
      message: `Focus length must be one of ${POMODORO_WORK_OPTIONS.join(", ")} minutes`,
    }),
    breakDurationMinutes: z
      .number()
      .refine((n) => (POMODORO_BREAK_OPTIONS as readonly number[]).includes(n), {
        message: `Break length must be one of ${POMODORO_BREAK_OPTIONS.join(", ")} minutes`,
      }),
    taskId: z.uuid("taskId must be a task id").nullable().optional(),
  })
  .strict();

/**
 * Completing a focus run. `endTime` is when the phase really ended by the browser's clock; without
 * it the server stamps its own time (see checkPomodoroEndTime for the bounds).
 */
export const pomodoroCompleteBody = z
  .object({
    endTime: z.iso
      .datetime({ offset: true, error: "endTime must be a date and time, e.g. 2026-12-01T17:00:00Z" })
      .optional(),
  })
  .strict();
export type PomodoroCompleteBody = z.input<typeof pomodoroCompleteBody>;

export type PomodoroSessionDto = {
  id: string;
  taskId: string | null;
  startTime: string;
  endTime: string | null;
  durationMinutes: number;
  breakDurationMinutes: number;
  completed: boolean;
};

export type PomodoroTodayResponse = { count: number; sessions: PomodoroSessionDto[] };

// The productivity assistant (spec: productivity-assistant function)
export const assistantBody = z
  .object({
    action: z.literal("suggest-break-activity", { error: "Unknown assistant action" }),
    data: z
      .object({
        breakDuration: z.number().int().min(1).max(60),
        energyLevel: z.number().int().min(1).max(10),
        timeOfDay: z.enum(["morning", "afternoon", "evening"]),
        previousActivity: z.string().trim().max(200).optional(),
      })
      .strict(),
  })
  .strict();
export type AssistantBody = z.infer<typeof assistantBody>;
export type AssistantResponse = { suggestion: string };

// Analytics
export const DEFAULT_ANALYTICS_RANGE = 30 as const;
export const analyticsQuery = z
  .object({
    range: z
      .enum(["7", "30", "90"], { error: "Range must be 7, 30 or 90 days" })
      .default(`${DEFAULT_ANALYTICS_RANGE}`),
    tz: z.string().max(64).optional(),
  })
  .strict();

export type AnalyticsDay = {
  date: string;
  tasksCompleted: number;
  minutesTracked: number;
  focusSessions: number;
  completionRate: number;
};
export type AnalyticsResponse = {
  range: 7 | 30 | 90;
  historyLimitedTo: number | null;
  days: AnalyticsDay[];
  byCategory: Array<{ category: TaskCategory; minutes: number }>;
  metrics: {
    completionRate: number;
    totalTasks: number;
    totalHours: number;
    focusSessions: number;
    productivityScore: number;
  };
};

export type OverviewResponse = {
  totalTasks: number;
  completedTasks: number;
  openTasks: number;
  timeSavedMinutes: number;
  productivity: number;
  completionRate: number;
};

// Calendar items between two instants (weekly panel, calendar section)
export const calendarQuery = z
  .object({ from: isoDateTime, to: isoDateTime })
  .strict()
  .refine((v) => new Date(v.to).getTime() > new Date(v.from).getTime(), "to must be after from")
  .refine(
    (v) => new Date(v.to).getTime() - new Date(v.from).getTime() <= 62 * 86_400_000,
    "At most 62 days at once",
  );

export type CalendarItemsResponse = {
  tasks: Array<
    Pick<TaskDto, "id" | "title" | "deadline" | "estimatedMinutes" | "category" | "completed" | "priority">
  >;
  timeBlocks: Array<{
    id: string;
    taskId: string;
    title: string;
    category: TaskCategory;
    startTime: string;
    endTime: string | null;
  }>;
  events: Array<{
    id: string;
    title: string;
    startTime: string;
    endTime: string | null;
    location: string | null;
    provider: string;
  }>;
  /** Tracked time before this instant is not shown (the free plan's 7-day history); null: all of it. */
  trackedSince: string | null;
};
