// Comments on a task (decisions 167-169): listed, written, edited and deleted by whoever may see the
// task (task-access.ts decides), edited and deleted by their author only. A comment's `@address`
// mentions someone who can see the task: they get an in-app notification (live on their sockets) and,
// when their settings allow, an email through the mail outbox, all in the comment's transaction. A
// mention of anyone else stays plain text. Each change is broadcast to everyone who can see the task.
import { and, asc, count, eq, gt, inArray, or } from "drizzle-orm";
import type {
  CommentBody,
  CommentDto,
  CommentListQuery,
  CommentListResponse,
} from "#shared/contracts/comments.ts";
import type { NotificationDto } from "#shared/contracts/notifications.ts";
import { resolvePreferences } from "#shared/contracts/preferences.ts";
import { MENTIONS_PER_COMMENT, mentionedEmails } from "#shared/domain/comment-text.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { commentMentions, type TaskComment, taskComments } from "../../db/schema/comments.ts";
import type { Clock, Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { recordWebhookEvent } from "../../events/webhook-outbox.ts";
import type { MailOutbox } from "../../providers/mail/mail-outbox.ts";
import { mentionEmail } from "../../providers/mail/templates.ts";
import { announceNotification, insertNotification } from "../notifications/notifications.ts";
import { pageCursor, readCursor } from "./cursor.ts";
import {
  canCommentOnTask,
  canReadTask,
  peopleWhoCanSeeTask,
  type TaskViewer,
  type VisibleTask,
} from "./task-access.ts";

export const COMMENT_NOT_FOUND = "Comment not found.";
export const NOT_YOUR_COMMENT = "Only the comment's author can change or delete it.";
/** A task's thread is capped like every list a person can grow (decision 143). */
export const COMMENTS_PER_TASK = 2000;

export type CommentDeps = {
  db: Db;
  events: DomainEvents;
  clock: Clock;
  /** Mention emails are queued in the comment's transaction and sent after it commits. */
  mail: Pick<MailOutbox, "enqueue" | "kick">;
  /** Where Kairo is reached, for the link in a mention email. */
  publicUrl: string;
};

export type CommentCall = CommentDeps & {
  personId: string;
  /** The tab that asked (`x-kairo-client`), so it can ignore its own echo. */
  origin?: string | null;
};

/** The in-app place of a task (the task list opens it). */
export const taskPath = (taskId: string) => `/dashboard?section=tasks&task=${taskId}`;

function toDto(row: TaskComment, authorName: string, mentions: string[], personId: string): CommentDto {
  return {
    id: row.id,
    taskId: row.taskId,
    author: { id: row.authorId, name: authorName },
    body: row.body,
    mentions,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    mine: row.authorId === personId,
  };
}

/** A page of a task's comments, oldest first. */
export async function listComments(o: {
  db: Db;
  personId: string;
  taskId: string;
  query: CommentListQuery;
}): Promise<CommentListResponse> {
  const { db, taskId, query } = o;
  await canReadTask(db, o.personId, taskId);
  const after = readCursor(query.cursor);
  const rows = await db
    .select({ comment: taskComments, authorName: user.name })
    .from(taskComments)
    .innerJoin(user, eq(user.id, taskComments.authorId))
    .where(
      and(
        eq(taskComments.taskId, taskId),
        after
          ? or(
              gt(taskComments.createdAt, after.at),
              and(eq(taskComments.createdAt, after.at), gt(taskComments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const mentions = await mentionsOf(
    db,
    page.map((r) => r.comment.id),
  );
  const last = page.at(-1);
  return {
    comments: page.map((r) => toDto(r.comment, r.authorName, mentions.get(r.comment.id) ?? [], o.personId)),
    nextCursor:
      rows.length > query.limit && last ? pageCursor(last.comment.createdAt, last.comment.id) : null,
  };
}

async function mentionsOf(db: Db | Tx, ids: string[]) {
  const byComment = new Map<string, string[]>();
  if (ids.length === 0) return byComment;
  const rows = await db
    .select({ commentId: commentMentions.commentId, email: commentMentions.email })
    .from(commentMentions)
    .where(inArray(commentMentions.commentId, ids))
    .orderBy(asc(commentMentions.createdAt), asc(commentMentions.email));
  for (const r of rows) byComment.set(r.commentId, [...(byComment.get(r.commentId) ?? []), r.email]);
  return byComment;
}

/** What a write leaves to do after its commit: announce, broadcast, send mail. */
type AfterCommit = { notified: { userId: string; dto: NotificationDto }[]; mailed: boolean };

/**
 * Resolves the text's mentions against the people who can see the task, stores the new ones, and
 * notifies each newly mentioned person (never the author). Returns every resolved address.
 */
async function resolveMentions(
  tx: Tx,
  o: CommentCall,
  c: { comment: TaskComment; task: VisibleTask; viewers: TaskViewer[]; authorName: string; now: Date },
  after: AfterCommit,
): Promise<string[]> {
  const wanted = mentionedEmails(c.comment.body).slice(0, MENTIONS_PER_COMMENT);
  const byEmail = new Map(c.viewers.map((v) => [v.email.toLowerCase(), v]));
  const resolved = wanted.filter((e) => byEmail.has(e));
  const existing = await tx
    .select({ userId: commentMentions.userId, email: commentMentions.email })
    .from(commentMentions)
    .where(eq(commentMentions.commentId, c.comment.id));
  const had = new Set(existing.map((m) => m.userId));
  const fresh = resolved.map((e) => byEmail.get(e)!).filter((v) => !had.has(v.id));
  // An edit that drops a mention drops its highlight; the notification already sent stays.
  const keep = new Set(resolved);
  const dropped = existing.filter((m) => !keep.has(m.email)).map((m) => m.userId);
  if (dropped.length > 0) {
    await tx
      .delete(commentMentions)
      .where(and(eq(commentMentions.commentId, c.comment.id), inArray(commentMentions.userId, dropped)));
  }
  if (fresh.length === 0) return resolved;
  await tx.insert(commentMentions).values(
    fresh.map((v) => ({
      commentId: c.comment.id,
      userId: v.id,
      email: v.email.toLowerCase(),
      createdAt: c.now,
    })),
  );
  const notify = fresh.filter((v) => v.id !== o.personId);
  if (notify.length === 0) return resolved;
  const prefs = await tx
    .select({ id: user.id, preferences: user.preferences })
    .from(user)
    .where(
      inArray(
        user.id,
        notify.map((v) => v.id),
      ),
    );
  const wantsEmail = new Set(
    prefs.filter((p) => resolvePreferences(p.preferences ?? undefined).notifications.email).map((p) => p.id),
  );
  const excerpt = c.comment.body.length > 280 ? `${c.comment.body.slice(0, 277)}...` : c.comment.body;
  const link = taskPath(c.task.id);
  for (const v of notify) {
    const dto = await insertNotification(tx, {
      userId: v.id,
      kind: "mention",
      title: `${c.authorName} mentioned you on “${c.task.title}”`,
      body: excerpt,
      link,
      now: c.now,
    });
    after.notified.push({ userId: v.id, dto });
    if (wantsEmail.has(v.id)) {
      await o.mail.enqueue(tx, {
        ...mentionEmail(v.email, {
          authorName: c.authorName,
          taskTitle: c.task.title,
          excerpt,
          url: new URL(link, o.publicUrl).href,
        }),
        idempotencyKey: `comment-mention:${c.comment.id}:${v.id}`,
        userId: v.id,
      });
      after.mailed = true;
    }
  }
  return resolved;
}

function finish(o: CommentCall, after: AfterCommit) {
  for (const n of after.notified) announceNotification(o.events, n.userId, n.dto);
  if (after.mailed) void o.mail.kick();
}

async function authorName(tx: Tx, personId: string) {
  const [row] = await tx.select({ name: user.name }).from(user).where(eq(user.id, personId));
  if (!row) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return row.name;
}

/** Writes a comment on a task the person may comment on. */
export async function createComment(o: CommentCall & { taskId: string; body: CommentBody }) {
  const after: AfterCommit = { notified: [], mailed: false };
  const dto = await o.events.afterCommit(() =>
    o.db.transaction(async (tx) => {
      const task = await canCommentOnTask(tx, o.personId, o.taskId);
      const [n] = await tx.select({ n: count() }).from(taskComments).where(eq(taskComments.taskId, task.id));
      if ((n?.n ?? 0) >= COMMENTS_PER_TASK) {
        throw new AppError(
          "CONFLICT",
          `This task has ${COMMENTS_PER_TASK.toLocaleString("en-US")} comments, the most a task holds. Delete some to add more.`,
        );
      }
      const now = o.clock();
      const [comment] = await tx
        .insert(taskComments)
        .values({ taskId: task.id, authorId: o.personId, body: o.body.body.trim(), createdAt: now })
        .returning();
      const viewers = await peopleWhoCanSeeTask(tx, task.id);
      const name = await authorName(tx, o.personId);
      const mentions = await resolveMentions(
        tx,
        o,
        { comment: comment!, task, viewers, authorName: name, now },
        after,
      );
      // The task owner's webhooks, queued with the comment (events/webhook-outbox.ts).
      await recordWebhookEvent(
        tx,
        task.ownerId,
        "comment.created",
        { id: comment!.id, taskId: task.id, body: comment!.body, createdAt: now.toISOString() },
        now,
      );
      broadcast(o, task.id, comment!.id, viewers, "created");
      return toDto(comment!, name, mentions, o.personId);
    }),
  );
  finish(o, after);
  return dto;
}

/** The comment on this task, if the person may see the task, and it is theirs to change. */
async function ownComment(tx: Tx, o: CommentCall & { taskId: string; commentId: string }) {
  const task = await canCommentOnTask(tx, o.personId, o.taskId);
  const [comment] = await tx
    .select()
    .from(taskComments)
    .where(and(eq(taskComments.id, o.commentId), eq(taskComments.taskId, task.id)))
    .for("update");
  if (!comment) throw new AppError("NOT_FOUND", COMMENT_NOT_FOUND);
  if (comment.authorId !== o.personId) throw new AppError("FORBIDDEN", NOT_YOUR_COMMENT);
  return { task, comment };
}

/** The author edits their comment; people it newly mentions are notified. */
export async function editComment(o: CommentCall & { taskId: string; commentId: string; body: CommentBody }) {
  const after: AfterCommit = { notified: [], mailed: false };
  const dto = await o.events.afterCommit(() =>
    o.db.transaction(async (tx) => {
      const { task } = await ownComment(tx, o);
      const now = o.clock();
      const [comment] = await tx
        .update(taskComments)
        .set({ body: o.body.body.trim(), editedAt: now })
        .where(eq(taskComments.id, o.commentId))
        .returning();
      const viewers = await peopleWhoCanSeeTask(tx, task.id);
      const name = await authorName(tx, o.personId);
      const mentions = await resolveMentions(
        tx,
        o,
        { comment: comment!, task, viewers, authorName: name, now },
        after,
      );
      broadcast(o, task.id, comment!.id, viewers, "updated");
      return toDto(comment!, name, mentions, o.personId);
    }),
  );
  finish(o, after);
  return dto;
}

/** The author deletes their comment. */
export async function deleteComment(o: CommentCall & { taskId: string; commentId: string }) {
  await o.events.afterCommit(() =>
    o.db.transaction(async (tx) => {
      const { task } = await ownComment(tx, o);
      await tx.delete(taskComments).where(eq(taskComments.id, o.commentId));
      broadcast(o, task.id, o.commentId, await peopleWhoCanSeeTask(tx, task.id), "deleted");
    }),
  );
}

function broadcast(
  o: CommentCall,
  taskId: string,
  commentId: string,
  viewers: TaskViewer[],
  reason: "created" | "updated" | "deleted",
) {
  o.events.emit({
    type: "comment.changed",
    personId: o.personId,
    taskId,
    commentId,
    reason,
    audience: viewers.map((v) => v.id),
    origin: o.origin,
  });
}
