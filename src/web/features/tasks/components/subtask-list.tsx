// A task's subtasks in its edit view (issue 24, point 5): tick, rename, delete, add inline, and
// reorder by dragging the handle, by the move buttons, or with Alt+ArrowUp / Alt+ArrowDown on any
// control of a focused subtask. Moves are announced to screen readers. A person who may only read the
// task (a team's viewer) sees the list without the controls that change it.
import { ArrowDown, ArrowUp, GripVertical, Pencil, Trash } from "lucide-react";
import {
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from "react";
import {
  SUBTASK_ESTIMATE,
  type SubtaskDto,
  subtaskEstimateField,
  subtaskTitleField,
  type TaskDetailDto,
} from "#shared/contracts/subtasks.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { moveBy, moveItem, subtaskProgress } from "#shared/domain/subtasks.ts";
import { formatMinutes } from "#shared/domain/tasks.ts";
import { Button } from "#web/components/ui/button.tsx";
import { fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { notifyError } from "#web/lib/notify.ts";
import { useAddSubtask } from "../api/add-subtask.ts";
import { useDeleteSubtask } from "../api/delete-subtask.ts";
import { useTaskDetail } from "../api/get-task-detail.ts";
import { useReorderSubtasks } from "../api/reorder-subtasks.ts";
import { useUpdateSubtask } from "../api/update-subtask.ts";

/** The first message of a field's schema for `value`, or null when it is fine. */
function problem(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? "Check this value");
}

/** "" → null (no estimate); otherwise the number typed, checked by the contract's own field. */
function estimateOf(text: string): { value: number | null; error: string | null } {
  if (text.trim() === "") return { value: null, error: null };
  const value = Number(text);
  return { value, error: problem(subtaskEstimateField, value) };
}

export function SubtaskList({
  taskId,
  readOnly = false,
  onTaskChange,
}: {
  taskId: string;
  /** The person may read the task but not change it. */
  readOnly?: boolean;
  /** Every answer of a subtask write carries the task (its new version and counts). */
  onTaskChange?: (task: TaskDto) => void;
}) {
  const detail = useTaskDetail(taskId);
  const reorder = useReorderSubtasks();
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // After a keyboard move, focus goes back to the same control of the moved subtask.
  const refocus = useRef<{ id: string; control: string } | null>(null);
  // Only the answers to this screen's own writes move the form's version (a change someone else made
  // meanwhile must still answer 409 when the form is saved).
  const changed = (d: TaskDetailDto) => onTaskChange?.(d.task);
  const subtasks = detail.data?.subtasks;
  useEffect(() => {
    const want = refocus.current;
    if (!want || !listRef.current) return;
    refocus.current = null;
    listRef.current
      .querySelector<HTMLElement>(`[data-subtask-id="${want.id}"] [data-control="${want.control}"]`)
      ?.focus();
  });

  // A failed first load goes to the boundary around the list (throwWhenEmpty).
  if (!detail.data || !subtasks)
    return <Spinner className="mt-3 justify-start" label="Loading subtasks..." />;

  const ids = subtasks.map((s) => s.id);
  const move = (next: readonly string[], moved: SubtaskDto) => {
    if (next === ids) return;
    const place = next.indexOf(moved.id) + 1;
    setAnnouncement(`Moved ${moved.title} to position ${place} of ${next.length}.`);
    reorder.mutate(
      { taskId, ids: next },
      {
        onSuccess: changed,
        onError: (error) => notifyError(error, { title: "The subtasks could not be reordered" }),
      },
    );
  };
  const moveByKey = (s: SubtaskDto, delta: -1 | 1, control?: string) => {
    if (control) refocus.current = { id: s.id, control };
    move(moveBy(ids, s.id, delta), s);
  };

  const onRowKeyDown = (s: SubtaskDto) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (readOnly || !e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    const control = (e.target as HTMLElement).dataset.control;
    moveByKey(s, e.key === "ArrowUp" ? -1 : 1, control);
  };

  const onDrop = (target: SubtaskDto) => (e: DragEvent<HTMLLIElement>) => {
    e.preventDefault();
    const from = dragging ? ids.indexOf(dragging) : -1;
    setDragging(null);
    const moved = subtasks[from];
    if (!moved) return;
    move(moveItem(ids, from, ids.indexOf(target.id)), moved);
  };

  const progress = subtaskProgress(detail.data.task);
  const openMinutes = detail.data.task.subtasksOpenMinutes;
  return (
    <div className="mt-2 flex flex-col gap-3">
      {subtasks.length === 0 ? (
        <p className="text-sm text-muted">
          {readOnly ? "No subtasks." : "No subtasks yet. Break this task into steps below."}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            <span className="tabular-nums">{progress}</span> done
            {openMinutes > 0 && <> · open subtasks add {formatMinutes(openMinutes)} to the estimate</>}
          </p>
          {!readOnly && (
            <p id={`subtask-keys-${taskId}`} className="sr-only">
              Alt+Arrow Up and Alt+Arrow Down move the focused subtask.
            </p>
          )}
          <ol
            ref={listRef}
            aria-label="Subtasks"
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
          >
            {subtasks.map((s, i) => (
              <SubtaskRow
                key={s.id}
                taskId={taskId}
                subtask={s}
                first={i === 0}
                last={i === subtasks.length - 1}
                readOnly={readOnly}
                dragging={dragging === s.id}
                onKeyDown={onRowKeyDown(s)}
                onMove={(delta, control) => moveByKey(s, delta, control)}
                onDragStart={() => setDragging(s.id)}
                onDragEnd={() => setDragging(null)}
                onDrop={onDrop(s)}
                onChanged={changed}
              />
            ))}
          </ol>
        </>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {readOnly ? (
        <p className="text-xs text-muted">
          Your role in this team lets you read these subtasks, not change them.
        </p>
      ) : (
        <AddSubtaskForm taskId={taskId} onChanged={changed} />
      )}
    </div>
  );
}

function SubtaskRow({
  taskId,
  subtask: s,
  first,
  last,
  readOnly,
  dragging,
  onKeyDown,
  onMove,
  onDragStart,
  onDragEnd,
  onDrop,
  onChanged,
}: {
  taskId: string;
  subtask: SubtaskDto;
  first: boolean;
  last: boolean;
  readOnly: boolean;
  dragging: boolean;
  onKeyDown: (e: KeyboardEvent<HTMLLIElement>) => void;
  onMove: (delta: -1 | 1, control: string) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: (e: DragEvent<HTMLLIElement>) => void;
  onChanged: (d: TaskDetailDto) => void;
}) {
  const update = useUpdateSubtask();
  const del = useDeleteSubtask();
  const [renaming, setRenaming] = useState(false);
  const checkboxId = `subtask-done-${s.id}`;
  const toggle = (done: boolean) =>
    update.mutate(
      { taskId, subtaskId: s.id, body: { done } },
      {
        onSuccess: onChanged,
        onError: (error) => notifyError(error, { title: "The subtask could not be saved" }),
      },
    );
  const remove = () =>
    del.mutate(
      { taskId, subtaskId: s.id },
      {
        onSuccess: onChanged,
        onError: (error) => notifyError(error, { title: "The subtask could not be deleted" }),
      },
    );
  return (
    <li
      data-subtask-id={s.id}
      onKeyDown={onKeyDown}
      // The row drags (the grip shows where to hold it); the move buttons and Alt+Arrow do the same.
      draggable={!readOnly && !renaming}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", s.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={readOnly ? undefined : (e) => e.preventDefault()}
      onDrop={readOnly ? undefined : onDrop}
      className={cn("flex flex-wrap items-center gap-x-1 gap-y-1 px-1 py-1", dragging && "opacity-50")}
    >
      {!readOnly && (
        <span
          title="Drag to reorder"
          className="grid size-11 shrink-0 cursor-grab place-items-center text-muted sm:size-8"
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </span>
      )}
      {renaming ? (
        <RenameForm taskId={taskId} subtask={s} onChanged={onChanged} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <label htmlFor={checkboxId} className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 py-2">
            <input
              id={checkboxId}
              data-control="done"
              type="checkbox"
              checked={s.done}
              disabled={readOnly}
              onChange={(e) => toggle(e.target.checked)}
              className="size-5 shrink-0 cursor-pointer accent-accent"
            />
            <span className={cn("min-w-0 break-words text-sm", s.done && "text-muted line-through")}>
              {s.title}
            </span>
          </label>
          {s.estimatedMinutes !== null && (
            <span className="shrink-0 text-xs tabular-nums text-muted">
              <span className="sr-only">Estimate: </span>
              {formatMinutes(s.estimatedMinutes)}
            </span>
          )}
          {!readOnly && (
            <div className="ml-auto flex w-full shrink-0 items-center justify-end sm:w-auto">
              <Button
                variant="ghost"
                size="icon"
                className="size-11 sm:size-8"
                data-control="up"
                aria-label={`Move ${s.title} up`}
                aria-describedby={`subtask-keys-${taskId}`}
                disabled={first}
                onClick={() => onMove(-1, "up")}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-11 sm:size-8"
                data-control="down"
                aria-label={`Move ${s.title} down`}
                aria-describedby={`subtask-keys-${taskId}`}
                disabled={last}
                onClick={() => onMove(1, "down")}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-11 sm:size-8"
                data-control="rename"
                aria-label={`Rename ${s.title}`}
                onClick={() => setRenaming(true)}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-11 text-muted hover:text-danger sm:size-8"
                data-control="delete"
                aria-label={`Delete ${s.title}`}
                onClick={remove}
              >
                <Trash aria-hidden="true" />
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

/** The subtask's title and estimate in place: Enter saves, Cancel leaves them as they were. */
function RenameForm({
  taskId,
  subtask: s,
  onChanged,
  onDone,
}: {
  taskId: string;
  subtask: SubtaskDto;
  onChanged: (d: TaskDetailDto) => void;
  onDone: () => void;
}) {
  const update = useUpdateSubtask();
  const [title, setTitle] = useState(s.title);
  const [estimate, setEstimate] = useState(s.estimatedMinutes === null ? "" : String(s.estimatedMinutes));
  const [errors, setErrors] = useState<{ title?: string; estimate?: string }>({});
  const titleId = `subtask-title-${s.id}`;
  const estimateId = `subtask-estimate-${s.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const titleError = problem(subtaskTitleField, title);
    const est = estimateOf(estimate);
    if (titleError || est.error) {
      setErrors({ title: titleError ?? undefined, estimate: est.error ?? undefined });
      return;
    }
    update.mutate(
      { taskId, subtaskId: s.id, body: { title, estimatedMinutes: est.value } },
      {
        onSuccess: onChanged,
        onError: (error) => notifyError(error, { title: "The subtask could not be renamed" }),
      },
    );
    onDone();
  };
  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-1 flex-wrap items-end gap-2 py-1">
      <SubtaskFields
        titleId={titleId}
        estimateId={estimateId}
        titleLabel="Subtask title"
        title={title}
        estimate={estimate}
        errors={errors}
        onTitle={setTitle}
        onEstimate={setEstimate}
        autoFocus
      />
      <div className="flex gap-1">
        <Button type="submit" size="sm" className="h-11 sm:h-10">
          Save
        </Button>
        <Button variant="outline" size="sm" className="h-11 sm:h-10" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Adds a subtask at the end; the title box keeps focus for the next one. */
function AddSubtaskForm({ taskId, onChanged }: { taskId: string; onChanged: (d: TaskDetailDto) => void }) {
  const add = useAddSubtask();
  const [title, setTitle] = useState("");
  const [estimate, setEstimate] = useState("");
  const [errors, setErrors] = useState<{ title?: string; estimate?: string }>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const titleId = `new-subtask-${taskId}`;
  const estimateId = `new-subtask-estimate-${taskId}`;
  const submit = async (e: FormEvent) => {
    // Its own form inside the task's: the task's form must not submit with it.
    e.preventDefault();
    e.stopPropagation();
    const titleError = problem(subtaskTitleField, title);
    const est = estimateOf(estimate);
    if (titleError || est.error) {
      setErrors({ title: titleError ?? undefined, estimate: est.error ?? undefined });
      return;
    }
    setErrors({});
    try {
      onChanged(
        await add.mutateAsync({
          taskId,
          body: { title, ...(est.value !== null ? { estimatedMinutes: est.value } : {}) },
        }),
      );
      setTitle("");
      setEstimate("");
      titleRef.current?.focus();
    } catch (error) {
      // The server's word (the cap, a refused field) next to the box; what was typed stays.
      if (error instanceof ApiError && error.status < 500) setErrors({ title: error.message });
      else notifyError(error, { title: "The subtask could not be added" });
    }
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <SubtaskFields
        titleId={titleId}
        estimateId={estimateId}
        titleLabel="New subtask"
        title={title}
        estimate={estimate}
        errors={errors}
        onTitle={setTitle}
        onEstimate={setEstimate}
        titleRef={titleRef}
        hints
      />
      <Button
        type="submit"
        variant="outline"
        className="h-11 sm:h-10"
        disabled={add.isPending}
        aria-busy={add.isPending || undefined}
      >
        {add.isPending ? "Adding..." : "Add subtask"}
      </Button>
    </form>
  );
}

/** A subtask's title and optional minutes, each with its label and its error under it. */
function SubtaskFields({
  titleId,
  estimateId,
  titleLabel,
  title,
  estimate,
  errors,
  onTitle,
  onEstimate,
  titleRef,
  autoFocus,
  hints,
}: {
  titleId: string;
  estimateId: string;
  titleLabel: string;
  title: string;
  estimate: string;
  errors: { title?: string; estimate?: string };
  onTitle: (text: string) => void;
  onEstimate: (text: string) => void;
  titleRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
  /** The add form's hints ("Add a step", "Optional"); the rename form shows the values instead. */
  hints?: boolean;
}) {
  return (
    <>
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <Label htmlFor={titleId}>{titleLabel}</Label>
        <Input
          {...fieldA11y(titleId, errors.title)}
          ref={titleRef}
          autoFocus={autoFocus}
          autoComplete="off"
          placeholder={hints ? "Add a step" : undefined}
          value={title}
          onChange={(e) => onTitle(e.target.value)}
        />
        {errors.title && (
          <p id={`${titleId}-error`} role="alert" className="text-sm text-danger">
            {errors.title}
          </p>
        )}
      </div>
      <div className="flex w-28 flex-col gap-1">
        <Label htmlFor={estimateId}>Minutes</Label>
        <Input
          {...fieldA11y(estimateId, errors.estimate)}
          type="number"
          inputMode="numeric"
          min={SUBTASK_ESTIMATE.min}
          max={SUBTASK_ESTIMATE.max}
          placeholder={hints ? "Optional" : undefined}
          value={estimate}
          onChange={(e) => onEstimate(e.target.value)}
        />
        {errors.estimate && (
          <p id={`${estimateId}-error`} role="alert" className="text-sm text-danger">
            {errors.estimate}
          </p>
        )}
      </div>
    </>
  );
}
