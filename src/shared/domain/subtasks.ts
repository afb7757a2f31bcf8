// Subtasks of a task (issue 24, point 5): their limits, their order, and the two numbers a parent
// shows for them, its progress ("2 of 5") and its estimate with the open subtasks' (decision 231).
// Shared by the server's use cases and the task list and edit view.

/** A subtask's title, as a task's: 1 to 200 characters. */
export const SUBTASK_TITLE_MAX = 200;
/** A task holds at most this many subtasks (a longer list is a project, not a task). */
export const SUBTASKS_PER_TASK = 100;
/** A subtask's optional estimate: whole minutes, 1 to 480 (a subtask is smaller than a task's slider step). */
export const SUBTASK_ESTIMATE = { min: 1, max: 480 } as const;

/** What a parent task carries about its subtasks (kept on the task row, decision 232). */
export type SubtaskSummary = {
  subtasksTotal: number;
  subtasksDone: number;
  /** The estimates of the subtasks not done yet; a subtask without an estimate counts 0. */
  subtasksOpenMinutes: number;
};

/** The summary of a list of subtasks. */
export function summarizeSubtasks(
  subtasks: readonly { done: boolean; estimatedMinutes: number | null }[],
): SubtaskSummary {
  let done = 0;
  let open = 0;
  for (const s of subtasks) {
    if (s.done) done++;
    else open += s.estimatedMinutes ?? 0;
  }
  return { subtasksTotal: subtasks.length, subtasksDone: done, subtasksOpenMinutes: open };
}

/** "2 of 5" (done of all), or null for a task without subtasks. */
export function subtaskProgress(t: Pick<SubtaskSummary, "subtasksTotal" | "subtasksDone">): string | null {
  if (t.subtasksTotal <= 0) return null;
  return `${t.subtasksDone} of ${t.subtasksTotal}`;
}

/**
 * The estimate a parent shows: its own estimate (the work that is not in any subtask) plus the
 * estimates of its open subtasks. A done subtask's work is behind it, so it no longer counts; a
 * completed parent shows its own estimate only.
 */
export function shownEstimateMinutes(
  t: { estimatedMinutes: number; completed: boolean } & Pick<SubtaskSummary, "subtasksOpenMinutes">,
): number {
  return t.completed ? t.estimatedMinutes : t.estimatedMinutes + t.subtasksOpenMinutes;
}

/** The open subtasks a completion would close with the parent (the web asks before it does). */
export const openSubtaskCount = (t: Pick<SubtaskSummary, "subtasksTotal" | "subtasksDone">) =>
  Math.max(0, t.subtasksTotal - t.subtasksDone);

/**
 * `ids` with the one at `from` moved to `to` (both clamped to the list). The same array when
 * nothing moves, so a move past either end is a no-op.
 */
export function moveItem<T>(ids: readonly T[], from: number, to: number): readonly T[] {
  if (from < 0 || from >= ids.length) return ids;
  const target = Math.min(Math.max(to, 0), ids.length - 1);
  if (target === from) return ids;
  const next = [...ids];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** `ids` with `id` one place up (-1) or down (+1); unchanged at either end or when absent. */
export function moveBy<T>(ids: readonly T[], id: T, delta: -1 | 1): readonly T[] {
  const from = ids.indexOf(id);
  if (from === -1) return ids;
  return moveItem(ids, from, from + delta);
}

/**
 * Whether a requested order names exactly the task's subtasks, each once. A list that differs was
 * made from a stale copy (a subtask added or deleted meanwhile) and is refused rather than guessed.
 */
export function isPermutationOf(order: readonly string[], current: readonly string[]): boolean {
  if (order.length !== current.length) return false;
  const want = new Set(current);
  const seen = new Set<string>();
  for (const id of order) {
    if (!want.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/** The position a new subtask takes: after the last one (positions are whole numbers, decision 230). */
export function nextPosition(positions: readonly number[]): number {
  let max = -1;
  for (const p of positions) if (p > max) max = p;
  return max + 1;
}
