// A task's history (decision 167): the task use cases write an entry in the transaction of each
// change (created, title / status / priority / deadline changed, completed, reopened, deleted), and
// GET /api/tasks/:id/history lists them, oldest first, with who did it.
import { and, asc, eq, gt, or } from "drizzle-orm";
import type {
  HistoryEntryDto,
  HistoryField,
  HistoryListQuery,
  HistoryListResponse,
  TaskHistoryChanges,
  TaskHistoryKind,
} from "#shared/contracts/comments.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { taskHistory } from "../../db/schema/comments.ts";
import type { Tx } from "../../db/transaction.ts";
import { pageCursor, readCursor } from "./cursor.ts";
import { canReadTask } from "./task-access.ts";

/** The fields of a task the history follows, as a use case has them before and after a change. */
export type TrackedTask = {
  title: string;
  status: string;
  priority: string;
  deadline: Date | null;
  completed: boolean;
};

const asText = (v: string | Date | null) => (v instanceof Date ? v.toISOString() : v);

/** What changed between two states of a task, field by field. */
export function taskChanges(before: TrackedTask, after: TrackedTask): TaskHistoryChanges {
  const changes: TaskHistoryChanges = {};
  const fields = ["title", "status", "priority", "deadline"] as const satisfies readonly HistoryField[];
  for (const f of fields) {
    const from = asText(before[f]);
    const to = asText(after[f]);
    if (from !== to) changes[f] = { from, to };
  }
  return changes;
}

export type HistoryWrite = {
  taskId: string;
  /** Whose task it is (the rows go with that account). */
  ownerId: string;
  /** Who made the change. */
  actorId: string;
  kind: TaskHistoryKind;
  changes?: TaskHistoryChanges;
  /** A workflow run made it for its owner. */
  byWorkflow?: boolean;
  now: Date;
};

/** Writes one entry, inside the change's own transaction. */
export async function recordTaskHistory(tx: Tx, w: HistoryWrite) {
  await tx.insert(taskHistory).values({
    taskId: w.taskId,
    ownerId: w.ownerId,
    actorId: w.actorId,
    kind: w.kind,
    changes: w.changes ?? {},
    source: w.byWorkflow ? "workflow" : "person",
    createdAt: w.now,
  });
}

/**
 * The entry an edit leaves: completed or reopened when the completion flipped, else updated when a
 * followed field changed; nothing when only untracked fields (description, estimate) changed.
 */
export async function recordTaskEdit(
  tx: Tx,
  w: Omit<HistoryWrite, "kind" | "changes"> & { before: TrackedTask; after: TrackedTask },
) {
  const changes = taskChanges(w.before, w.after);
  const kind: TaskHistoryKind | null =
    w.after.completed && !w.before.completed
      ? "completed"
      : !w.after.completed && w.before.completed
        ? "reopened"
        : Object.keys(changes).length > 0
          ? "updated"
          : null;
  if (kind) await recordTaskHistory(tx, { ...w, kind, changes });
}

/** A page of the history of a task the person may see, oldest first. */
export async function listTaskHistory(o: {
  db: Db;
  personId: string;
  taskId: string;
  query: HistoryListQuery;
}): Promise<HistoryListResponse> {
  const { db, taskId, query } = o;
  await canReadTask(db, o.personId, taskId);
  const after = readCursor(query.cursor);
  const rows = await db
    .select({ entry: taskHistory, actorName: user.name })
    .from(taskHistory)
    .leftJoin(user, eq(user.id, taskHistory.actorId))
    .where(
      and(
        eq(taskHistory.taskId, taskId),
        after
          ? or(
              gt(taskHistory.createdAt, after.at),
              and(eq(taskHistory.createdAt, after.at), gt(taskHistory.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(taskHistory.createdAt), asc(taskHistory.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(
      ({ entry, actorName }): HistoryEntryDto => ({
        id: entry.id,
        kind: entry.kind,
        actor: entry.actorId ? { id: entry.actorId, name: actorName ?? "" } : null,
        changes: entry.changes,
        source: entry.source === "workflow" ? "workflow" : "person",
        createdAt: entry.createdAt.toISOString(),
      }),
    ),
    nextCursor: rows.length > query.limit && last ? pageCursor(last.entry.createdAt, last.entry.id) : null,
  };
}
