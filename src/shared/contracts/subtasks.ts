// A task's subtasks (issue 24, point 5): GET /api/tasks/:id (the task with its subtasks), POST
// /api/tasks/:id/subtasks, PATCH and DELETE /api/tasks/:id/subtasks/:subId, PUT
// /api/tasks/:id/subtasks/order. Every write answers with the task (its version and counts moved)
// and all its subtasks in order, so a screen holds the state the server holds.
import { z } from "zod";
import { SUBTASK_ESTIMATE, SUBTASK_TITLE_MAX, SUBTASKS_PER_TASK } from "../domain/subtasks.ts";
import { noNul, textError } from "./auth.ts";
import { taskDto } from "./tasks.ts";

export { SUBTASK_ESTIMATE, SUBTASK_TITLE_MAX, SUBTASKS_PER_TASK } from "../domain/subtasks.ts";

export const subtaskTitleField = z
  .string({ error: textError("Title") })
  .trim()
  .min(1, "Title is required")
  .max(SUBTASK_TITLE_MAX, `Title must be at most ${SUBTASK_TITLE_MAX} characters`)
  .refine(noNul, "Title must not contain control characters");

const estimateMessage = `Estimate must be a whole number of minutes from ${SUBTASK_ESTIMATE.min} to ${SUBTASK_ESTIMATE.max}`;
/** Null or absent: no estimate (it counts 0 in the parent's). */
export const subtaskEstimateField = z
  .number({ error: estimateMessage })
  .int(estimateMessage)
  .min(SUBTASK_ESTIMATE.min, estimateMessage)
  .max(SUBTASK_ESTIMATE.max, estimateMessage)
  .nullable();

export const subtaskCreateBody = z
  .object({ title: subtaskTitleField, estimatedMinutes: subtaskEstimateField.optional() })
  .strict();
export type SubtaskCreateBody = z.input<typeof subtaskCreateBody>;

export const subtaskUpdateBody = z
  .object({
    title: subtaskTitleField.optional(),
    done: z.boolean({ error: "done must be true or false" }).optional(),
    estimatedMinutes: subtaskEstimateField.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");
export type SubtaskUpdateBody = z.input<typeof subtaskUpdateBody>;

/** The task's subtasks, every one exactly once, in their new order. */
export const subtaskOrderBody = z
  .object({
    ids: z
      .array(z.uuid({ error: "ids must be subtask ids" }), { error: "ids must be a list of subtask ids" })
      .max(SUBTASKS_PER_TASK, `A task has at most ${SUBTASKS_PER_TASK} subtasks`)
      .refine((ids) => new Set(ids).size === ids.length, "ids must name each subtask once"),
  })
  .strict();
export type SubtaskOrderBody = z.input<typeof subtaskOrderBody>;

export const subtaskDto = z.object({
  id: z.string(),
  taskId: z.string(),
  title: z.string(),
  done: z.boolean(),
  estimatedMinutes: z.number().nullable(),
  /** Its place among the task's subtasks (0 first); the list comes in this order. */
  position: z.number(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubtaskDto = z.infer<typeof subtaskDto>;

/** A task with its subtasks in order: GET /api/tasks/:id and the answer of every subtask write. */
export const taskDetailDto = z.object({ task: taskDto, subtasks: z.array(subtaskDto) });
export type TaskDetailDto = z.infer<typeof taskDetailDto>;

/** The 409 of a new order made from a stale list. */
export const STALE_SUBTASK_ORDER =
  "The subtasks changed since this list was loaded (one was added or deleted). Reload them and move it again.";
export const subtaskCapMessage = () =>
  `A task holds at most ${SUBTASKS_PER_TASK} subtasks. Delete some to add more, or make this a project.`;
