// Comments on a task and its history: GET/POST /api/tasks/:id/comments, PATCH/DELETE
// /api/tasks/:id/comments/:commentId, GET /api/tasks/:id/history, and the socket event of a comment.
import { z } from "zod";
import { COMMENT_MAX } from "../domain/comment-text.ts";
import { noNul } from "./auth.ts";

export { COMMENT_MAX } from "../domain/comment-text.ts";

/** A page of a task's comments, oldest first, and at most. */
export const COMMENT_PAGE = 50;
export const COMMENT_PAGE_MAX = 100;
/** A page of a task's history, oldest first, and at most. */
export const HISTORY_PAGE = 100;

/** POST and PATCH: the comment's text, as typed (mentions are `@` + an address, decision 168). */
export const commentBody = z
  .object({
    body: z
      .string({ error: (i) => (i.input === undefined ? "Comment is required" : "Comment must be text") })
      .trim()
      .min(1, "Comment is required")
      .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX.toLocaleString("en-US")} characters`)
      .refine(noNul, "Comment must not contain control characters"),
  })
  .strict();
export type CommentBody = z.input<typeof commentBody>;

/** An opaque place in a list: the next page starts after it. */
const cursorField = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { error: "cursor is not one this list gave" });

const limitField = (page: number, max: number) =>
  z.coerce
    .number({ error: "limit must be a whole number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be at least 1" })
    .max(max, { error: `limit must be at most ${max}` })
    .default(page);

export const commentListQuery = z
  .object({ limit: limitField(COMMENT_PAGE, COMMENT_PAGE_MAX), cursor: cursorField.optional() })
  .strict();
export type CommentListQuery = z.infer<typeof commentListQuery>;

export const historyListQuery = z
  .object({ limit: limitField(HISTORY_PAGE, HISTORY_PAGE), cursor: cursorField.optional() })
  .strict();
export type HistoryListQuery = z.infer<typeof historyListQuery>;

/** Someone as a comment or an entry shows them; null when their account is gone ("Deleted user"). */
export const personRef = z.object({ id: z.string(), name: z.string() });

export const commentDto = z.object({
  id: z.string(),
  taskId: z.string(),
  author: personRef,
  body: z.string(),
  /** The addresses in the text that mention someone who can see the task (lower case). */
  mentions: z.array(z.string()),
  createdAt: z.string(),
  /** When the author last edited it, or null. */
  editedAt: z.string().nullable(),
  /** The caller wrote it, so may edit and delete it. */
  mine: z.boolean(),
});
export type CommentDto = z.infer<typeof commentDto>;

export const commentListResponse = z.object({
  comments: z.array(commentDto),
  /** Pass as `cursor` for the next (later) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type CommentListResponse = z.infer<typeof commentListResponse>;

export const TASK_HISTORY_KINDS = [
  "created",
  "updated",
  "completed",
  "reopened",
  "deleted",
  "assigned",
  // A repeating task's open occurrence recorded (decision 235); its deadline change is from → next.
  "occurrence_completed",
  "occurrence_skipped",
] as const;
export type TaskHistoryKind = (typeof TASK_HISTORY_KINDS)[number];

/** The fields a history entry records, each as it was and became (instants as ISO text). */
export const HISTORY_FIELDS = ["title", "status", "priority", "deadline", "assignee"] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];
export type TaskHistoryChanges = Partial<Record<HistoryField, { from: string | null; to: string | null }>>;

const change = z.object({ from: z.string().nullable(), to: z.string().nullable() });

export const historyEntryDto = z.object({
  id: z.string(),
  kind: z.enum(TASK_HISTORY_KINDS),
  /** Who did it; null once their account is gone. */
  actor: personRef.nullable(),
  changes: z.partialRecord(z.enum(HISTORY_FIELDS), change),
  /** "workflow" when one of the person's workflows made the change for them. */
  source: z.enum(["person", "workflow"]),
  createdAt: z.string(),
});
export type HistoryEntryDto = z.infer<typeof historyEntryDto>;

export const historyListResponse = z.object({
  entries: z.array(historyEntryDto),
  nextCursor: z.string().nullable(),
});
export type HistoryListResponse = z.infer<typeof historyListResponse>;
