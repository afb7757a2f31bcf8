// Reminders (issue 24 point 6): a person's own reminders on a task they can see, at a time or some
// minutes, hours or days before its deadline; and the snooze offered by a fired reminder's notification.
import { z } from "zod";
import {
  MAX_REMINDER_OFFSET_MINUTES,
  MAX_REMINDERS_PER_TASK,
  REMINDER_UNITS,
  SNOOZE_CHOICES,
} from "../domain/reminders.ts";

export const reminderDto = z.object({
  id: z.string(),
  taskId: z.string(),
  /** A reminder at a fixed time (ISO), or null for one before the deadline. */
  at: z.string().nullable(),
  /** Minutes before the task's deadline, or null for one at a fixed time. */
  offsetMinutes: z.number().nullable(),
  /** When it fires (ISO); null while a before-the-deadline reminder's task has no deadline. */
  dueAt: z.string().nullable(),
  /** When it fired (ISO), or null while it waits. */
  firedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReminderDto = z.infer<typeof reminderDto>;

export const reminderListResponse = z.object({ reminders: z.array(reminderDto) });
export type ReminderListResponse = z.infer<typeof reminderListResponse>;

/** POST /api/tasks/:id/reminders: either `at` or `before`. */
export const reminderCreateBody = z
  .object({
    at: z.iso.datetime({ offset: true, error: "at must be an ISO date-time" }).optional(),
    before: z
      .object({
        amount: z
          .number({ error: "before.amount must be a whole number" })
          .int({ error: "before.amount must be a whole number" })
          .min(1, { error: "before.amount must be at least 1" })
          .max(999, { error: "before.amount must be at most 999" }),
        unit: z.enum(REMINDER_UNITS, { error: "before.unit must be minutes, hours or days" }),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((v) => (v.at === undefined) !== (v.before === undefined), {
    error: "Send either at or before",
  })
  .refine(
    (v) =>
      !v.before ||
      v.before.amount * { minutes: 1, hours: 60, days: 1440 }[v.before.unit] <= MAX_REMINDER_OFFSET_MINUTES,
    { error: "A reminder can be at most a year before the deadline", path: ["before"] },
  );
export type ReminderCreateBody = z.infer<typeof reminderCreateBody>;

/** POST /api/reminders/:id/snooze: "tomorrow" is 9:00 tomorrow in `timeZone` (the browser's). */
export const reminderSnoozeBody = z
  .object({
    for: z.enum(SNOOZE_CHOICES, { error: "for must be 10m, 1h or tomorrow" }),
    timeZone: z.string().max(64).optional(),
  })
  .strict();
export type ReminderSnoozeBody = z.infer<typeof reminderSnoozeBody>;

export const reminderCapMessage = `A task can have at most ${MAX_REMINDERS_PER_TASK} reminders.`;
