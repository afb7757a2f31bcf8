// Requests and responses of the tasks, timer, Pomodoro, assistant, analytics and calendar calls.
import { z } from "zod";
import { POMODORO_BREAK_OPTIONS, POMODORO_WORK_OPTIONS } from "../domain/pomodoro.ts";
import { checkRecurrenceShape } from "../domain/recurrence-rule.ts";
import {
  DESCRIPTION_MAX,
  ESTIMATE_MINUTES,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TITLE_MAX,
} from "../domain/tasks.ts";
import { noNul, textError } from "./auth.ts";
import { instantField } from "./instant.ts";

const deadlineField = instantField("Deadline");

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

const projectIdField = z.uuid({ error: "projectId must be a project id" });
const milestoneIdField = z.uuid({ error: "milestoneId must be a milestone id" });
const assigneeIdField = z.string({ error: "assigneeId must be a person's id" }).min(1).max(100);
/** The version the client last read; a write against an older one answers 409 (taskConflictBody). */
export const taskVersionField = z
  .number({ error: "version must be a whole number" })
  .int("version must be a whole number")
  .min(1, "version must be a whole number");

/**
 * A repeating task's rule (decision 235): an RFC 5545 RRULE value, its start (DTSTART) as the wall
 * clock in `timeZone` ("2026-12-01T09:00"), and "repeat after completion". Every part is checked
 * here and named in the error (recurrence-rule.ts); the server also refuses a rule that never
 * produces a date (recurrence.ts, which the browser loads only on demand).
 */
export const recurrenceField = z
  .object({
    rrule: z.string({ error: "rrule must be a repeat rule such as FREQ=DAILY" }).max(500),
    start: z.string({ error: "start must be a date and time such as 2026-12-01T09:00" }).max(19),
    timeZone: z.string({ error: "timeZone must be a time zone such as Europe/Berlin" }).max(64),
    afterCompletion: z.boolean({ error: "afterCompletion must be true or false" }).default(false),
  })
  .strict()
  .superRefine((r, ctx) => {
    const shape = checkRecurrenceShape({ ...r, afterCompletion: r.afterCompletion ?? false });
    if ("issue" in shape) ctx.addIssue({ code: "custom", message: shape.issue.message, path: ["rrule"] });
  });
export type RecurrenceBody = z.input<typeof recurrenceField>;

export const taskCreateBody = z
  .object({
    title: titleField,
    /** Absent or null: the person's Inbox. */
    projectId: projectIdField.nullable().optional(),
    milestoneId: milestoneIdField.nullable().optional(),
    /** Team projects: a team member who can see the project; personal projects: only the person. */
    assigneeId: assigneeIdField.nullable().optional(),
    description: descriptionField,
    deadline: deadlineField.nullable().optional(),
    estimatedMinutes: estimatedMinutesField.default(ESTIMATE_MINUTES.default),
    category: categoryField.default("General"),
    priority: priorityField.default("medium"),
    /** Makes the task a repeating series; its deadline is then the rule's first date. */
    recurrence: recurrenceField.nullable().optional(),
  })
  .strict();

export const taskUpdateBody = z
  .object({
    title: titleField.optional(),
    description: descriptionField,
    deadline: deadlineField.nullable().optional(),
    estimatedMinutes: estimatedMinutesField.optional(),
    category: categoryField.optional(),
    priority: priorityField.optional(),
    completed: z.boolean({ error: "completed must be true or false" }).optional(),
    status: z.enum(TASK_STATUSES, { error: `Status must be one of ${TASK_STATUSES.join(", ")}` }).optional(),
    /** Moves the task to another project of the same team (or between the person's own projects). */
    projectId: projectIdField.optional(),
    milestoneId: milestoneIdField.nullable().optional(),
    assigneeId: assigneeIdField.nullable().optional(),
    /** The whole series' rule of a repeating task (null: it stops repeating). */
    recurrence: recurrenceField.nullable().optional(),
    /**
     * A repeating task: "occurrence" changes the title for this occurrence only; "series" (the
     * default) the series' title too. A deadline change is always this occurrence's.
     */
    scope: z.enum(["occurrence", "series"], { error: 'scope must be "occurrence" or "series"' }).optional(),
    /** Optional; the `If-Match` header may carry it instead. */
    version: taskVersionField.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== "version" && k !== "scope"), "Nothing to update")
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
    projectId: projectIdField.optional(),
    milestoneId: milestoneIdField.optional(),
    /** "me": the tasks assigned to the person, across their teams and personal projects. */
    assignee: z.enum(["me"], { error: 'assignee must be "me"' }).optional(),
  })
  .strict();

/** DELETE /api/tasks/:id?version=N (or `If-Match: N`). */
export const taskDeleteQuery = z.strictObject({
  version: z.coerce.number({ error: "version must be a whole number" }).int().min(1).optional(),
});

export const uuidParam = z.uuid({ error: "Not found" });

export type TaskCreateBody = z.input<typeof taskCreateBody>;
export type TaskUpdateBody = z.input<typeof taskUpdateBody>;
export type TaskListQuery = z.input<typeof taskListQuery>;

// Responses: the server answers through these (`reply`), the web reads through them (`apiFetch`).
const isoDate = z.string();

export const taskDto = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  deadline: isoDate.nullable(),
  estimatedMinutes: z.number(),
  actualMinutes: z.number(),
  category: z.enum(TASK_CATEGORIES),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  completed: z.boolean(),
  completedAt: isoDate.nullable(),
  isActive: z.boolean(),
  activeStartTime: isoDate.nullable(),
  priorityScore: z.number(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** The task's project (every task has one: tasks without a project are in the person's Inbox). */
  projectId: z.string().nullable(),
  milestoneId: z.string().nullable(),
  assigneeId: z.string().nullable(),
  /** Null when the creator's account was deleted (shown as "Deleted user"). */
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Bumped on every write, its subtasks' included; PATCH and DELETE may send it to refuse overwriting a newer change. */
  version: z.number(),
  /** Its subtasks: how many, how many done, and the open ones' estimates in minutes (decision 231). */
  subtasksTotal: z.number(),
  subtasksDone: z.number(),
  subtasksOpenMinutes: z.number(),
  /** A repeating task's series (decision 235); null or absent: it happens once. */
  recurrence: z
    .object({
      rrule: z.string(),
      start: z.string(),
      timeZone: z.string(),
      afterCompletion: z.boolean(),
      /** The rule's date of the open occurrence (the deadline may be moved for this one). */
      due: isoDate.nullable(),
      /** The series' title (the task's title may differ for this occurrence only). */
      title: z.string(),
      /** Occurrences completed or skipped since the rule was set. */
      done: z.number(),
    })
    .nullable()
    .optional(),
});
export type TaskDto = z.infer<typeof taskDto>;

/** POST /api/tasks/:id/occurrences/complete and /skip: which occurrence (its rule date), and the version read. */
export const occurrenceActionBody = z
  .object({
    /** The open occurrence's date as the client read it (`recurrence.due`); absent: the open one. */
    due: instantField("due").optional(),
    version: taskVersionField.optional(),
  })
  .strict();
export type OccurrenceActionBody = z.input<typeof occurrenceActionBody>;

export const occurrenceDto = z.object({
  id: z.string(),
  taskId: z.string(),
  due: isoDate,
  deadline: isoDate.nullable(),
  outcome: z.enum(["completed", "skipped"]),
  doneAt: isoDate,
  title: z.string(),
  actualMinutes: z.number(),
});
export type OccurrenceDto = z.infer<typeof occurrenceDto>;

/**
 * The answer of completing or skipping an occurrence: the task as it is now (the next occurrence
 * open, or completed for good), the recorded occurrence, the next date (null: the series is over)
 * and whether this call recorded it (false: another click or device already had).
 */
export const occurrenceActionResponse = z.object({
  task: taskDto,
  occurrence: occurrenceDto,
  next: isoDate.nullable(),
  recorded: z.boolean(),
});
export type OccurrenceActionResponse = z.infer<typeof occurrenceActionResponse>;

/**
 * The 409 of a stale write: the error, the task as it is now and who changed it last (null name:
 * "Deleted user"), so the screen can say so and let the person re-apply their change.
 */
export const taskConflictBody = z.object({
  error: z.object({ code: z.literal("CONFLICT"), message: z.string() }),
  task: taskDto,
  changedBy: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
});
export type TaskConflictBody = z.infer<typeof taskConflictBody>;
/** The message of the 409: names who changed the task. */
export const staleTaskMessage = (name: string) =>
  `${name} changed this task after you opened it. Review their change and apply yours again.`;

export const taskListResponse = z.object({
  tasks: z.array(taskDto),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type TaskListResponse = z.infer<typeof taskListResponse>;

export const timeLogDto = z.object({
  id: z.string(),
  taskId: z.string(),
  startTime: isoDate,
  endTime: isoDate.nullable(),
  durationMinutes: z.number().nullable(),
});
export type TimeLogDto = z.infer<typeof timeLogDto>;
export const timeLogsResponse = z.object({ timeLogs: z.array(timeLogDto) });

export const timerStartResponse = z.object({
  task: taskDto,
  stopped: z.object({ task: taskDto, minutes: z.number() }).nullable(),
});
export type TimerStartResponse = z.infer<typeof timerStartResponse>;
export const timerStopResponse = z.object({ task: taskDto, minutes: z.number() });
export type TimerStopResponse = z.infer<typeof timerStopResponse>;

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
    endTime: instantField("endTime").optional(),
  })
  .strict();
export type PomodoroCompleteBody = z.input<typeof pomodoroCompleteBody>;

export const pomodoroSessionDto = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  durationMinutes: z.number(),
  breakDurationMinutes: z.number(),
  completed: z.boolean(),
});
export type PomodoroSessionDto = z.infer<typeof pomodoroSessionDto>;

export const pomodoroTodayResponse = z.object({ count: z.number(), sessions: z.array(pomodoroSessionDto) });
export type PomodoroTodayResponse = z.infer<typeof pomodoroTodayResponse>;

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
export const assistantResponse = z.object({ suggestion: z.string() });
export type AssistantResponse = z.infer<typeof assistantResponse>;

// Analytics
export const DEFAULT_ANALYTICS_RANGE = 30 as const;
export const analyticsQuery = z
  .object({
    range: z
      .enum(["7", "30", "90"], { error: "Range must be 7, 30 or 90 days" })
      .default(`${DEFAULT_ANALYTICS_RANGE}`),
    tz: z.string().max(64).optional(),
    /** Only this project's tasks (and the person's own time and focus on them); decision 211. */
    projectId: projectIdField.optional(),
  })
  .strict();

const analyticsDay = z.object({
  date: z.string(),
  tasksCompleted: z.number(),
  minutesTracked: z.number(),
  focusSessions: z.number(),
  completionRate: z.number(),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;
export const analyticsResponse = z.object({
  range: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  historyLimitedTo: z.number().nullable(),
  days: z.array(analyticsDay),
  byCategory: z.array(z.object({ category: z.enum(TASK_CATEGORIES), minutes: z.number() })),
  metrics: z.object({
    completionRate: z.number(),
    totalTasks: z.number(),
    totalHours: z.number(),
    focusSessions: z.number(),
    productivityScore: z.number(),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;

export const overviewResponse = z.object({
  totalTasks: z.number(),
  completedTasks: z.number(),
  openTasks: z.number(),
  timeSavedMinutes: z.number(),
  productivity: z.number(),
  completionRate: z.number(),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;

// Calendar items between two instants (weekly panel, calendar section)
/** `projectId`: only that project's tasks (everyone's, for a team project) and the person's time on them. */
export const calendarQuery = z
  .object({ from: instantField("from"), to: instantField("to"), projectId: projectIdField.optional() })
  .strict()
  .refine((v) => new Date(v.to).getTime() > new Date(v.from).getTime(), "to must be after from")
  .refine(
    (v) => new Date(v.to).getTime() - new Date(v.from).getTime() <= 62 * 86_400_000,
    "At most 62 days at once",
  );

export const calendarItemsResponse = z.object({
  tasks: z.array(
    taskDto
      .pick({
        id: true,
        title: true,
        deadline: true,
        estimatedMinutes: true,
        category: true,
        completed: true,
        priority: true,
      })
      .extend({
        /** A repeating task's rule in words ("Every weekday at 08:30"); absent or null: it happens once. */
        repeats: z.string().nullable().optional(),
      }),
  ),
  /**
   * The repeating tasks on schedule with future occurrences in the range (decision 265), once each:
   * what every one of their occurrences shows. Absent from older servers.
   */
  series: z
    .array(
      z.object({
        taskId: z.string(),
        /** The series' title (the open occurrence's may differ). */
        title: z.string(),
        category: z.enum(TASK_CATEGORIES),
        priority: taskDto.shape.priority,
        estimatedMinutes: z.number(),
        /** The rule in words, for "Repeats: ...". */
        repeats: z.string(),
      }),
    )
    .optional(),
  /**
   * Their future occurrences in the range, earliest first: expanded from each rule after its open
   * occurrence (the task itself, in `tasks`), skipped ones left out. Read-only.
   */
  occurrences: z
    .array(
      z.object({
        taskId: z.string(),
        /** The occurrence's date and time (its deadline when it opens). */
        at: z.string(),
      }),
    )
    .optional(),
  /**
   * Completed occurrences of repeating tasks in the range (decision 290), earliest first, at most
   * 1,000: each on the date it was due (its deadline, or the rule's date), as it was when completed.
   * Read-only; they open the task. Skipped ones never show. Absent from older servers.
   */
  completedOccurrences: z
    .array(
      z.object({
        /** The recorded occurrence's id. */
        id: z.string(),
        taskId: z.string(),
        /** Its title when it was completed. */
        title: z.string(),
        category: z.enum(TASK_CATEGORIES),
        estimatedMinutes: z.number(),
        /** When it was due. */
        at: z.string(),
        /** When it was completed. */
        completedAt: z.string(),
      }),
    )
    .optional(),
  /** More occurrences fell in the range than are listed (at most 10,000; 62 per series). */
  occurrencesCapped: z.boolean().optional(),
  timeBlocks: z.array(
    z.object({
      id: z.string(),
      taskId: z.string(),
      title: z.string(),
      category: z.enum(TASK_CATEGORIES),
      startTime: z.string(),
      endTime: z.string().nullable(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      startTime: z.string(),
      endTime: z.string().nullable(),
      location: z.string().nullable(),
      provider: z.string(),
    }),
  ),
  /** Tracked time before this instant is not shown (the free plan's 7-day history); null: all of it. */
  trackedSince: z.string().nullable(),
});
export type CalendarItemsResponse = z.infer<typeof calendarItemsResponse>;
