// The "Comments" and "History" sections of a task's edit view (issue 23, point 4). The route puts
// this inside the task dialog (features meet only in routes). Comments: the thread, oldest first,
// with "Show more" for later pages, a labelled box to add one (Ctrl or Cmd + Enter sends), and Edit
// and Delete on the person's own. A comment written elsewhere arrives live (comments:changed).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { CommentDto, HistoryEntryDto } from "#shared/contracts/comments.ts";
import { COMMENT_MAX } from "#shared/domain/comment-text.ts";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError, CLIENT_TAB_ID } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { onRealtime } from "#web/lib/realtime.ts";
import { useAddComment } from "../api/add-comment.ts";
import { useDeleteComment } from "../api/delete-comment.ts";
import { useEditComment } from "../api/edit-comment.ts";
import { useComments } from "../api/get-comments.ts";
import { useHistory } from "../api/get-history.ts";
import { historyLine } from "../lib/history-line.ts";
import { CommentText } from "./comment-text.tsx";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

export const MENTION_HINT =
  "Mention someone who can see this task with @ and their email, e.g. @ana@example.com.";

export default function TaskDiscussion({ taskId }: { taskId: string }) {
  return (
    <>
      <section aria-labelledby="task-comments-heading" className="mt-6 border-t border-border pt-4">
        <h3 id="task-comments-heading" className="text-sm font-semibold">
          Comments
        </h3>
        <SectionBoundary
          what="Comments"
          loading={<Spinner label="Loading comments..." className="mt-3 justify-start" />}
        >
          <CommentThread taskId={taskId} />
        </SectionBoundary>
        <AddComment taskId={taskId} />
      </section>
      <section aria-labelledby="task-history-heading" className="mt-6 border-t border-border pt-4">
        <h3 id="task-history-heading" className="text-sm font-semibold">
          History
        </h3>
        <SectionBoundary
          what="History"
          loading={<Spinner label="Loading history..." className="mt-3 justify-start" />}
        >
          <HistoryList taskId={taskId} />
        </SectionBoundary>
      </section>
    </>
  );
}

/** Refetches the thread when someone else's comment on this task arrives. */
function useLiveComments(taskId: string) {
  const qc = useQueryClient();
  useEffect(
    () =>
      onRealtime("comments:changed", (p) => {
        if (p.taskId !== taskId || p.origin === CLIENT_TAB_ID) return;
        void qc.invalidateQueries({ queryKey: queryKeys.tasks.comments(taskId) });
      }),
    [qc, taskId],
  );
}

function CommentThread({ taskId }: { taskId: string }) {
  useLiveComments(taskId);
  const query = useComments(taskId);
  // A failed first load goes to the boundary (throwWhenEmpty); a failed refetch keeps the thread.
  if (!query.data) return <Spinner label="Loading comments..." className="mt-3 justify-start" />;
  const comments = query.data.pages.flatMap((p) => p.comments);
  if (comments.length === 0) {
    return <p className="mt-2 text-sm text-muted">No comments yet. Write the first one below.</p>;
  }
  return (
    <>
      <ul className="mt-3 flex flex-col gap-3" aria-label="Comments on this task">
        {comments.map((c) => (
          <CommentItem key={c.id} taskId={taskId} comment={c} />
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? "Loading..." : "Show more comments"}
        </Button>
      )}
    </>
  );
}

function CommentItem({ taskId, comment }: { taskId: string; comment: CommentDto }) {
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const remove = useDeleteComment(taskId);
  const onDelete = async () => {
    try {
      await remove.mutateAsync(comment.id);
      notifySuccess("Comment deleted");
    } catch (error) {
      notifyError(error, { title: "The comment could not be deleted" });
      setMode("view");
    }
  };
  return (
    <li className="rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-medium">{comment.author.name || "Someone"}</span>
        <span className="text-xs text-muted">
          <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>
          {comment.editedAt && " (edited)"}
        </span>
      </div>
      {mode === "edit" ? (
        <EditComment taskId={taskId} comment={comment} onDone={() => setMode("view")} />
      ) : (
        <div className="mt-1">
          <CommentText body={comment.body} mentions={comment.mentions} />
        </div>
      )}
      {comment.mine && mode === "view" && (
        <div className="mt-2 flex gap-2">
          <Button
            variant="ghost"
            size="sm"
            className="h-11 sm:h-8"
            onClick={() => setMode("edit")}
            aria-label="Edit comment"
          >
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-11 sm:h-8"
            onClick={() => setMode("confirm-delete")}
            aria-label="Delete comment"
          >
            Delete
          </Button>
        </div>
      )}
      {mode === "confirm-delete" && (
        <fieldset className="mt-2 flex flex-wrap items-center gap-2">
          <legend className="float-left mr-2 text-sm">Delete this comment?</legend>
          <Button
            variant="danger"
            size="sm"
            className="h-11 sm:h-8"
            disabled={remove.isPending}
            onClick={onDelete}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
          <Button variant="outline" size="sm" className="h-11 sm:h-8" onClick={() => setMode("view")}>
            Cancel
          </Button>
        </fieldset>
      )}
    </li>
  );
}

/** The server's word on the text, for the field; anything else goes to a toast. */
function fieldError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.fields?.body ?? (error.status === 400 ? error.message : null);
}

function CommentBox({
  id,
  label,
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: {
  id: string;
  label: string;
  initial: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tooLong = text.length > COMMENT_MAX;
  const shownError = tooLong
    ? `Comment must be at most ${COMMENT_MAX.toLocaleString("en-US")} characters`
    : error;
  const submit = async () => {
    if (text.trim() === "" || tooLong || busy) return;
    setBusy(true);
    setError(null);
    try {
      const ok = await onSubmit(text);
      if (ok && !onCancel) setText("");
    } catch (e) {
      const message = fieldError(e);
      if (message) setError(message);
      else notifyError(e, { title: "The comment could not be saved" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField id={id} label={label} hint={MENTION_HINT} error={shownError ?? undefined}>
        <Textarea
          {...fieldA11y(id, shownError ?? undefined, MENTION_HINT)}
          rows={3}
          value={text}
          autoFocus={autoFocus}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void submit();
            }
            if (e.key === "Escape" && onCancel) {
              e.stopPropagation();
              onCancel();
            }
          }}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {text.length > COMMENT_MAX - 500 && (
          <span className="mr-auto text-xs tabular-nums text-muted" aria-live="polite">
            {text.length.toLocaleString("en-US")} / {COMMENT_MAX.toLocaleString("en-US")}
          </span>
        )}
        {onCancel && (
          <Button variant="outline" size="sm" className="h-11 sm:h-8" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          size="sm"
          className="h-11 sm:h-8"
          disabled={text.trim() === "" || tooLong || busy}
          aria-busy={busy || undefined}
        >
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function AddComment({ taskId }: { taskId: string }) {
  const add = useAddComment(taskId);
  const id = useId();
  return (
    <CommentBox
      id={`new-comment-${id}`}
      label="Add a comment"
      initial=""
      submitLabel="Comment"
      busyLabel="Sending..."
      onSubmit={async (body) => {
        await add.mutateAsync(body);
        return true;
      }}
    />
  );
}

function EditComment({
  taskId,
  comment,
  onDone,
}: {
  taskId: string;
  comment: CommentDto;
  onDone: () => void;
}) {
  const edit = useEditComment(taskId);
  return (
    <CommentBox
      id={`edit-comment-${comment.id}`}
      label="Edit comment"
      initial={comment.body}
      submitLabel="Save"
      busyLabel="Saving..."
      autoFocus
      onCancel={onDone}
      onSubmit={async (body) => {
        await edit.mutateAsync({ commentId: comment.id, body });
        notifySuccess("Comment updated");
        onDone();
        return true;
      }}
    />
  );
}

function HistoryList({ taskId }: { taskId: string }) {
  const history = useHistory(taskId);
  if (!history.data) return <Spinner label="Loading history..." className="mt-3 justify-start" />;
  if (history.data.length === 0) return <p className="mt-2 text-sm text-muted">No history recorded yet.</p>;
  return (
    <ol className="mt-2 flex flex-col gap-1.5 text-sm" aria-label="Task history">
      {history.data.map((entry: HistoryEntryDto) => (
        <li key={entry.id} className="flex flex-col gap-x-3 sm:flex-row sm:justify-between">
          <span>{historyLine(entry)}</span>
          <time dateTime={entry.createdAt} className="shrink-0 text-xs text-muted">
            {when(entry.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
