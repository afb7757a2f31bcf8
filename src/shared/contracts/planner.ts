// The planner's calls (issue 25): Settings → Planning, Plan my week / Plan my day, the approve-first
// preview (accept all, accept one, reject one, drag a block) and the re-plan suggestion. The pure
// planner is src/shared/domain/planner; these are the shapes that cross the wire.
import { z } from "zod";
import { instantField } from "./instant.ts";

const clockText = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "Use a 24-hour time such as 09:00 or 17:30");
export const dayWindow = z.object({ start: clockText, end: clockText }).strict();
export type DayWindowDto = z.infer<typeof dayWindow>;

const windows = z.array(dayWindow).max(6, "At most 6 windows a day");

/** Settings → Planning. Weekdays are "0" (Sunday) to "6" (Saturday); a missing one is a day off. */
export const planningPreferences = z
  .object({
    timeZone: z.string().min(1).max(64),
    workingHours: z
      .object({ 0: windows, 1: windows, 2: windows, 3: windows, 4: windows, 5: windows, 6: windows })
      .partial()
      .strict(),
    focusHours: windows,
    lunch: dayWindow.nullable(),
    minBlockMinutes: z.number().int().min(5).max(480),
    maxBlockMinutes: z.number().int().min(5).max(480),
    bufferMinutes: z.number().int().min(0).max(60),
    dailyCapMinutes: z.number().int().min(5).max(960),
  })
  .strict();
export type PlanningPreferences = z.infer<typeof planningPreferences>;

export const planningPreferencesResponse = z.object({
  preferences: planningPreferences,
  /** False while the defaults apply (nothing saved yet). */
  saved: z.boolean(),
  /** Focus hours suggested from the Patterns tab's peak hours, or null without enough history. */
  suggestedFocusHours: dayWindow.nullable(),
  strain: z.object({ level: z.enum(["low", "medium", "high", "critical"]), score: z.number() }).nullable(),
  /** The daily cap the planner uses: lowered by a high strain. */
  effectiveDailyCapMinutes: z.number().int(),
  /** Why the cap is lowered, in plain English, or null. */
  capNote: z.string().nullable(),
});
export type PlanningPreferencesResponse = z.infer<typeof planningPreferencesResponse>;

export const planRequest = z
  .object({
    scope: z.enum(["day", "week"]),
    /** First local day, YYYY-MM-DD; today in the planning time zone when left out. */
    startDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "startDate must be a date such as 2026-12-01")
      .optional(),
    /** Days to plan; 1 for a day and 7 for a week unless given. More than 56 is refused. */
    days: z.number().int().min(1).max(366).optional(),
  })
  .strict();
export type PlanRequest = z.infer<typeof planRequest>;

const FIVE_MINUTES = 5 * 60_000;
const onGrid = (iso: string) => new Date(iso).getTime() % FIVE_MINUTES === 0;
export const dragBlockBody = z
  .object({
    start: instantField("start").refine(onGrid, "start must be on a 5-minute step"),
    end: instantField("end").refine(onGrid, "end must be on a 5-minute step"),
  })
  .strict()
  .refine((v) => new Date(v.end).getTime() > new Date(v.start).getTime(), "end must be after start")
  .refine(
    (v) => new Date(v.end).getTime() - new Date(v.start).getTime() <= 8 * 3_600_000,
    "A block is at most 8 hours long",
  );
export type DragBlockBody = z.infer<typeof dragBlockBody>;

export const planBlockDto = z.object({
  id: z.string(),
  taskId: z.string(),
  /** For a repeating task: the rule date of the occurrence the block is work on; null otherwise. */
  occurrenceDue: z.string().nullable(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  state: z.enum(["proposed", "accepted", "pinned"]),
  /** For a proposed block: a new block, or a move of the accepted block previousId. */
  change: z.enum(["add", "move"]).nullable(),
  previousId: z.string().nullable(),
  part: z.number().int(),
  parts: z.number().int(),
  /** Why it is where it is, in plain English. */
  reason: z.string(),
});
export type PlanBlockDto = z.infer<typeof planBlockDto>;

const taskLine = z.object({
  taskId: z.string(),
  /** For a repeating task: which occurrence (its rule date); null for a task that happens once. */
  occurrenceDue: z.string().nullable(),
  title: z.string(),
});

export const planResponse = z.object({
  timeZone: z.string(),
  /** The proposal being previewed, or null when there is none. */
  proposal: z
    .object({
      scope: z.enum(["day", "week"]),
      startDate: z.string(),
      days: z.number().int(),
      createdAt: z.string(),
      /** Accepted blocks the proposal would remove. */
      removes: z.array(planBlockDto),
      unplaced: z.array(
        taskLine.extend({
          minutes: z.number().int(),
          reason: z.string(),
          suggestion: z.string().nullable(),
          /** The whole sentence: what is not planned, why, and the smallest change that would fit it. */
          text: z.string(),
        }),
      ),
      notes: z.array(z.string()),
      taskNotes: z.array(taskLine.extend({ notes: z.array(z.string()) })),
    })
    .nullable(),
  /** Proposed blocks (the preview), then the accepted and pinned ones (the plan in force). */
  proposed: z.array(planBlockDto),
  blocks: z.array(planBlockDto),
  /** Something changed since the plan was accepted: a re-plan is suggested, never done silently. */
  replanSuggested: z.object({ why: z.array(z.string()) }).nullable(),
});
export type PlanResponse = z.infer<typeof planResponse>;

export const atRiskResponse = z.object({
  tasks: z.array(
    taskLine.extend({
      deadline: z.string(),
      reason: z.string(),
      suggestion: z.string().nullable(),
    }),
  ),
});
export type AtRiskResponse = z.infer<typeof atRiskResponse>;

export const acceptAllResponse = z.object({ accepted: z.number().int(), removed: z.number().int() });
export type AcceptAllResponse = z.infer<typeof acceptAllResponse>;
