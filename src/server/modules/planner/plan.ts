// Plan my week / Plan my day, approve-first: a proposal is stored as "proposed" blocks beside the
// plan in force and changes nothing else; Accept all, accept one, reject one and drag (which pins)
// change the plan. When something the accepted plan was built on changes (a task done early, a
// new or moved event, a deadline moved), GET says a re-plan is suggested and why; nothing moves
// until the person asks for one. The schedule itself is src/shared/domain/planner's planWork.
import { and, eq, inArray, ne } from "drizzle-orm";
import { DateTime } from "luxon";
import type {
  AcceptAllResponse,
  AtRiskResponse,
  DragBlockBody,
  PlanBlockDto,
  PlanRequest,
  PlanResponse,
} from "#shared/contracts/planner.ts";
import { everyDayPreferences, deadlinesAtRisk as riskOf } from "#shared/domain/planner/deadline-risk.ts";
import { parsePlanKey, planKeyOf } from "#shared/domain/planner/occurrences.ts";
import { diffPlans } from "#shared/domain/planner/plan-diff.ts";
import { planWork } from "#shared/domain/planner/plan-work.ts";
import {
  describeAtRisk,
  describeBlock,
  describeReason,
  describeSuggestion,
  describeUnplaced,
  formatDue,
  occurrenceDate,
  type WordingContext,
} from "#shared/domain/planner/reason-wording.ts";
import type {
  AtRisk,
  FixedBlock,
  Plan,
  PlanHorizon,
  Reason,
  Suggestion,
  UnplacedTask,
} from "#shared/domain/planner/types.ts";
import { validateDraggedBlock } from "#shared/domain/planner/validate-block.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { type PlanBlockRow, planBlocks, plannerState } from "../../db/schema/planner.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";
import { recordWebhookEvent } from "../../events/webhook-outbox.ts";
import { tasksToDo } from "../permissions/permissions.ts";
import {
  blockKey,
  busyEvents,
  type Gathered,
  gatherInputs,
  horizonSpan,
  minutesLeft,
} from "./plan-inputs.ts";
import { storedPlanning, strainAndPeak } from "./planning-preferences.ts";

type Proposal = {
  scope: "day" | "week";
  startDate: string;
  days: number;
  createdAt: string;
  removes: string[];
  unplaced: UnplacedTask[];
  atRisk: AtRisk[];
  notes: Reason[];
  taskNotes: Record<string, Reason[]>;
  plannedEstimate: Record<string, number>;
};

/** What the accepted plan was built on, to notice a change that calls for a re-plan. */
type Basis = {
  acceptedAt: string;
  until: string;
  deadlines: Record<string, string | null>;
  /** Repeating tasks' open occurrences (their rule dates) then, by task id. */
  occurrences?: Record<string, string>;
  events: string[];
};

export type PlannerCall = { db: Db; userId: string; now: Date; zoneHint: string };

async function setup(c: PlannerCall) {
  const { preferences, saved } = await storedPlanning(c.db, c.userId, c.zoneHint);
  const { strain } = await strainAndPeak(c.db, c.userId, preferences.timeZone, c.now);
  return { preferences, saved, strain };
}

function horizonOf(req: PlanRequest, zone: string, now: Date): PlanHorizon {
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  return { startDate: req.startDate ?? today, days: req.days ?? (req.scope === "day" ? 1 : 7) };
}

const refused = (message: string) => new AppError("VALIDATION", message, { fields: { plan: message } });

function runPlanner(g: Gathered): Plan {
  // A pin that new busy time now covers is no longer fixed: the planner may move it (the person
  // sees the move in the preview) instead of refusing the whole plan.
  const pinned = g.input.pinned ?? [];
  const covered = (p: FixedBlock) => g.input.busy.some((b) => b.start < p.end && b.end > p.start);
  const input = {
    ...g.input,
    pinned: pinned.filter((p) => !covered(p)),
    previous: [...(g.input.previous ?? []), ...pinned.filter(covered)],
  };
  const plan = planWork(input);
  if (!plan.ok) throw refused(plan.message);
  return plan;
}

/** Plan my week / Plan my day: stores the proposal as "proposed" blocks; the plan in force is untouched. */
export async function proposePlan(c: PlannerCall, req: PlanRequest): Promise<PlanResponse> {
  const { preferences, strain } = await setup(c);
  const horizon = horizonOf(req, preferences.timeZone, c.now);
  const g = await gatherInputs(c.db, c.userId, preferences, strain, horizon, c.now);
  const plan = runPlanner(g);
  const diff = diffPlans(g.current, plan.blocks);
  const proposal: Proposal = {
    scope: req.scope,
    startDate: horizon.startDate,
    days: horizon.days,
    createdAt: c.now.toISOString(),
    removes: diff.removes.map((r) => r.id!).filter(Boolean),
    unplaced: plan.unplaced,
    atRisk: plan.atRisk,
    notes: plan.notes,
    taskNotes: plan.taskNotes,
    plannedEstimate: plan.plannedEstimate,
  };
  const rows = [
    ...diff.adds.map((b) => ({ b, previousId: null as string | null })),
    ...diff.moves.map((m) => ({ b: m.to, previousId: m.from.id ?? null })),
  ].map(({ b, previousId }) => {
    const { taskId, occurrenceDue } = parsePlanKey(b.taskId);
    return {
      userId: c.userId,
      taskId,
      occurrenceDue: occurrenceDue === null ? null : new Date(occurrenceDue),
      state: "proposed",
      startTime: new Date(b.start),
      endTime: new Date(b.end),
      previousId,
      part: b.part,
      parts: b.parts,
      reasons: b.reasons,
    };
  });
  await c.db.transaction(async (tx) => {
    await lockState(tx, c.userId, c.now);
    await tx.delete(planBlocks).where(and(eq(planBlocks.userId, c.userId), eq(planBlocks.state, "proposed")));
    if (rows.length) await tx.insert(planBlocks).values(rows);
    await tx
      .update(plannerState)
      .set({ proposal, updatedAt: c.now })
      .where(eq(plannerState.userId, c.userId));
  });
  return readPlan({ ...c, zoneHint: preferences.timeZone });
}

/** The person's planner_state row, created if missing, locked for the rest of the transaction. */
async function lockState(tx: Tx, userId: string, now: Date) {
  await tx.insert(plannerState).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(plannerState).where(eq(plannerState.userId, userId)).for("update");
  return row!;
}

type TaskInfo = {
  title: string;
  completed: boolean;
  deadline: Date | null;
  occurrenceDue: Date | null;
  recurrenceRule: string | null;
};

/** The tasks named by task ids or planner keys (an occurrence's "<id>@<date>"), by task id. */
async function titlesOf(db: Db, userId: string, keys: string[]) {
  const ids = [...new Set(keys.map((k) => parsePlanKey(k).taskId))];
  if (!ids.length) return new Map<string, TaskInfo>();
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      completed: tasks.completed,
      deadline: tasks.deadline,
      occurrenceDue: tasks.occurrenceDue,
      recurrenceRule: tasks.recurrenceRule,
    })
    .from(tasks)
    .where(and(tasksToDo(db, userId), inArray(tasks.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A task's title, or for an occurrence of a repeating task "Title (8 June)". */
function titleFor(info: ReadonlyMap<string, { title: string }>, zone: string, key: string, fallback: string) {
  const { taskId, occurrenceDue } = parsePlanKey(key);
  const title = info.get(taskId)?.title ?? fallback;
  return occurrenceDue === null ? title : `${title} (${occurrenceDate(occurrenceDue, zone)})`;
}

/** The task line of a planner key: the task's id and, for an occurrence, its rule date. */
function lineOf(key: string) {
  const { taskId, occurrenceDue } = parsePlanKey(key);
  return { taskId, occurrenceDue: occurrenceDue === null ? null : new Date(occurrenceDue).toISOString() };
}

function blockDto(b: PlanBlockRow, w: WordingContext, change: PlanBlockDto["change"]): PlanBlockDto {
  return {
    id: b.id,
    taskId: b.taskId,
    occurrenceDue: b.occurrenceDue ? b.occurrenceDue.toISOString() : null,
    title: w.title(b.taskId),
    start: b.startTime.toISOString(),
    end: b.endTime.toISOString(),
    state: b.state as PlanBlockDto["state"],
    change,
    previousId: b.previousId,
    part: b.part,
    parts: b.parts,
    reason: describeBlock(
      {
        taskId: b.taskId,
        start: b.startTime.getTime(),
        end: b.endTime.getTime(),
        part: b.part,
        parts: b.parts,
        pinned: b.state === "pinned",
        reasons: b.reasons,
      },
      w,
    ),
  };
}

/** The preview beside the plan in force, with the re-plan suggestion. */
export async function readPlan(c: PlannerCall): Promise<PlanResponse> {
  const { preferences } = await storedPlanning(c.db, c.userId, c.zoneHint);
  const zone = preferences.timeZone;
  const [state] = await c.db.select().from(plannerState).where(eq(plannerState.userId, c.userId));
  const since = new Date(c.now.getTime() - 14 * 86_400_000);
  const rows = await c.db
    .select()
    .from(planBlocks)
    .where(eq(planBlocks.userId, c.userId))
    .orderBy(planBlocks.startTime)
    .limit(3000);
  const visible = rows.filter((r) => r.endTime > since || r.state === "proposed");
  const proposal = (state?.proposal ?? null) as Proposal | null;
  const taskIds = [
    ...visible.map((r) => r.taskId),
    ...(proposal?.unplaced.map((u) => u.taskId) ?? []),
    ...Object.keys(proposal?.taskNotes ?? {}),
  ];
  const info = await titlesOf(c.db, c.userId, taskIds);
  const w: WordingContext = {
    zone,
    now: c.now.getTime(),
    title: (key) => titleFor(info, zone, key, "a deleted task"),
  };
  const proposed = visible.filter((r) => r.state === "proposed");
  const inForce = visible.filter((r) => r.state !== "proposed");
  const removes = proposal ? new Set(proposal.removes) : new Set<string>();
  return {
    timeZone: zone,
    proposal: proposal
      ? {
          scope: proposal.scope,
          startDate: proposal.startDate,
          days: proposal.days,
          createdAt: proposal.createdAt,
          removes: inForce.filter((r) => removes.has(r.id)).map((r) => blockDto(r, w, null)),
          unplaced: proposal.unplaced.map((u) => ({
            ...lineOf(u.taskId),
            title: w.title(u.taskId),
            minutes: u.minutes,
            reason: describeReason(u.reason, w),
            suggestion: u.suggestion ? describeSuggestion(u.suggestion, w, u.taskId) : null,
            text: describeUnplaced(u, w),
          })),
          notes: proposal.notes.map((n) => describeReason(n, w)),
          taskNotes: Object.entries(proposal.taskNotes)
            .filter(([, notes]) => notes.length)
            .map(([taskId, notes]) => ({
              ...lineOf(taskId),
              title: w.title(taskId),
              notes: notes.map((n) => describeReason(n, w)),
            })),
        }
      : null,
    proposed: proposed.map((r) => blockDto(r, w, r.previousId ? "move" : "add")),
    blocks: inForce.map((r) => blockDto(r, w, null)),
    replanSuggested: await replanSuggestion(c, (state?.basis ?? null) as Basis | null, inForce, info, w),
  };
}

async function replanSuggestion(
  c: PlannerCall,
  basis: Basis | null,
  inForce: PlanBlockRow[],
  info: Map<string, TaskInfo>,
  w: WordingContext,
): Promise<{ why: string[] } | null> {
  if (!basis) return null;
  const future = inForce.filter((b) => b.endTime > c.now);
  if (!future.length) return null;
  const why: string[] = [];
  // A task done, or an occurrence of a repeating task done or skipped (the series moved past it).
  const open = new Map([...info].filter(([, t]) => !t.completed).map(([id, t]) => [id, t] as const));
  const done = new Set<string>();
  for (const b of future) {
    if (!info.has(b.taskId) || blockKey(b, open) !== null) continue;
    done.add(planKeyOf(b.taskId, b.occurrenceDue?.getTime()));
  }
  for (const key of done) why.push(`${w.title(key)} is done early; its planned time is free for other work.`);
  for (const [id, was] of Object.entries(basis.deadlines)) {
    const now = info.get(id);
    if (!now || now.completed) continue;
    // A repeating task whose open occurrence moved on: its new deadline is the next occurrence's.
    const wasDue = basis.occurrences?.[id];
    if (wasDue && now.occurrenceDue && now.occurrenceDue.toISOString() !== wasDue) continue;
    const is = now.deadline ? now.deadline.toISOString() : null;
    if (is !== was)
      why.push(
        is
          ? `The deadline of ${now.title} moved to ${formatDue(new Date(is).getTime(), w.zone, w.now)}.`
          : `The deadline of ${now.title} was removed.`,
      );
  }
  const until = new Date(basis.until);
  if (until > c.now) {
    const known = new Set(basis.events);
    const events = await busyEvents(c.db, c.userId, c.now, until);
    const fresh = events.filter((e) => !known.has(eventKey(e)));
    for (const e of fresh.slice(0, 3))
      why.push(`${e.title} (${formatDue(e.start, w.zone, w.now)}) is new or moved in your calendar.`);
    if (fresh.length > 3) why.push(`${fresh.length - 3} more events are new or moved.`);
  }
  return why.length ? { why } : null;
}

const eventKey = (e: { id: string; start: number; end: number }) => `${e.id}@${e.start}-${e.end}`;

/** Records what the plan in force now rests on (after any acceptance or drag). */
async function recordBasis(tx: Tx, userId: string, now: Date, until: Date) {
  const inForce = await tx
    .select({ taskId: planBlocks.taskId })
    .from(planBlocks)
    .where(and(eq(planBlocks.userId, userId), ne(planBlocks.state, "proposed")));
  const ids = [...new Set(inForce.map((b) => b.taskId))];
  const rows = ids.length
    ? await tx
        .select({ id: tasks.id, deadline: tasks.deadline, occurrenceDue: tasks.occurrenceDue })
        .from(tasks)
        .where(and(tasksToDo(tx, userId), inArray(tasks.id, ids)))
    : [];
  const events = await busyEvents(tx as unknown as Db, userId, now, until);
  const basis: Basis = {
    acceptedAt: now.toISOString(),
    until: until.toISOString(),
    deadlines: Object.fromEntries(rows.map((r) => [r.id, r.deadline ? r.deadline.toISOString() : null])),
    occurrences: Object.fromEntries(
      rows.filter((r) => r.occurrenceDue).map((r) => [r.id, r.occurrenceDue!.toISOString()]),
    ),
    events: events.map(eventKey),
  };
  await tx.update(plannerState).set({ basis, updatedAt: now }).where(eq(plannerState.userId, userId));
}

function basisUntil(proposal: Proposal | null, zone: string, now: Date): Date {
  if (!proposal) return new Date(now.getTime() + 7 * 86_400_000);
  const span = horizonSpan({ startDate: proposal.startDate, days: proposal.days }, zone);
  return new Date(Math.max(span.end, now.getTime() + 86_400_000));
}

async function proposedRow(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(planBlocks)
    .where(and(eq(planBlocks.id, id), eq(planBlocks.userId, userId)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", "Block not found.");
  return row;
}

async function acceptRows(tx: Tx, userId: string, rows: PlanBlockRow[]) {
  const moved = rows.map((r) => r.previousId).filter((x): x is string => !!x);
  if (moved.length)
    await tx
      .delete(planBlocks)
      .where(
        and(eq(planBlocks.userId, userId), eq(planBlocks.state, "accepted"), inArray(planBlocks.id, moved)),
      );
  if (rows.length)
    await tx
      .update(planBlocks)
      .set({ state: "accepted", previousId: null })
      .where(
        and(
          eq(planBlocks.userId, userId),
          inArray(
            planBlocks.id,
            rows.map((r) => r.id),
          ),
        ),
      );
}

/** Accept all: every proposed block joins the plan, moved blocks leave their old place, removals apply. */
export async function acceptAll(c: PlannerCall): Promise<AcceptAllResponse> {
  const { preferences } = await storedPlanning(c.db, c.userId, c.zoneHint);
  return c.db.transaction(async (tx) => {
    const state = await lockState(tx, c.userId, c.now);
    const proposal = (state.proposal ?? null) as Proposal | null;
    if (!proposal)
      throw new AppError("CONFLICT", "There is no proposed plan to accept; use Plan my week first.");
    const rows = await tx
      .select()
      .from(planBlocks)
      .where(and(eq(planBlocks.userId, c.userId), eq(planBlocks.state, "proposed")));
    await acceptRows(tx, c.userId, rows);
    let removed = 0;
    if (proposal.removes.length) {
      const gone = await tx
        .delete(planBlocks)
        .where(
          and(
            eq(planBlocks.userId, c.userId),
            eq(planBlocks.state, "accepted"),
            inArray(planBlocks.id, proposal.removes),
          ),
        )
        .returning({ id: planBlocks.id });
      removed = gone.length;
    }
    await tx.update(plannerState).set({ proposal: null }).where(eq(plannerState.userId, c.userId));
    await recordBasis(tx, c.userId, c.now, basisUntil(proposal, preferences.timeZone, c.now));
    // The person's webhooks, queued with the acceptance (events/webhook-outbox.ts).
    await recordWebhookEvent(tx, c.userId, "plan.accepted", { accepted: rows.length, removed }, c.now);
    return { accepted: rows.length, removed };
  });
}

/** Accept one proposed block (a move takes its accepted block's place). */
export async function acceptBlock(c: PlannerCall, id: string): Promise<PlanResponse> {
  const { preferences } = await storedPlanning(c.db, c.userId, c.zoneHint);
  await c.db.transaction(async (tx) => {
    const state = await lockState(tx, c.userId, c.now);
    const row = await proposedRow(tx, c.userId, id);
    if (row.state !== "proposed") throw new AppError("CONFLICT", "This block is already in your plan.");
    await acceptRows(tx, c.userId, [row]);
    await finishProposalIfEmpty(tx, c.userId);
    await recordBasis(
      tx,
      c.userId,
      c.now,
      basisUntil(state.proposal as Proposal | null, preferences.timeZone, c.now),
    );
  });
  return readPlan(c);
}

/** Reject one block: a proposed one is dropped (its accepted block stays); an accepted one is released. */
export async function rejectBlock(c: PlannerCall, id: string): Promise<PlanResponse> {
  await c.db.transaction(async (tx) => {
    await lockState(tx, c.userId, c.now);
    const row = await proposedRow(tx, c.userId, id);
    await tx.delete(planBlocks).where(and(eq(planBlocks.id, row.id), eq(planBlocks.userId, c.userId)));
    await finishProposalIfEmpty(tx, c.userId);
  });
  return readPlan(c);
}

async function finishProposalIfEmpty(tx: Tx, userId: string) {
  const left = await tx
    .select({ id: planBlocks.id })
    .from(planBlocks)
    .where(and(eq(planBlocks.userId, userId), eq(planBlocks.state, "proposed")))
    .limit(1);
  if (!left.length)
    await tx.update(plannerState).set({ proposal: null }).where(eq(plannerState.userId, userId));
}

/** Drop the whole proposal; the plan in force stays as it is. */
export async function discardProposal(c: PlannerCall): Promise<PlanResponse> {
  await c.db.transaction(async (tx) => {
    await lockState(tx, c.userId, c.now);
    await tx.delete(planBlocks).where(and(eq(planBlocks.userId, c.userId), eq(planBlocks.state, "proposed")));
    await tx.update(plannerState).set({ proposal: null }).where(eq(plannerState.userId, c.userId));
  });
  return readPlan(c);
}

/**
 * Drag a block to a new time: checked against working hours, lunch, busy time, the other blocks of
 * the plan (as it would be after acceptance) and the day's cap; then it is pinned there.
 */
export async function dragBlock(c: PlannerCall, id: string, body: DragBlockBody): Promise<PlanResponse> {
  const { preferences, strain } = await setup(c);
  const start = new Date(body.start).getTime();
  const end = new Date(body.end).getTime();
  if (start < c.now.getTime()) throw refused("A block cannot be moved into the past.");
  await c.db.transaction(async (tx) => {
    const state = await lockState(tx, c.userId, c.now);
    const row = await proposedRow(tx, c.userId, id);
    const [task] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, row.taskId), tasksToDo(tx, c.userId)));
    if (!task || task.completed)
      throw new AppError("CONFLICT", "This block's task is done; there is nothing to move.");
    const key = blockKey(row, new Map([[task.id, task]]));
    if (key === null)
      throw new AppError("CONFLICT", "This block's occurrence is done; there is nothing to move.");
    const proposal = (state.proposal ?? null) as Proposal | null;
    const all = await tx
      .select()
      .from(planBlocks)
      .where(and(eq(planBlocks.userId, c.userId), ne(planBlocks.id, row.id)));
    const replaced = new Set([
      ...(row.previousId ? [row.previousId] : []),
      ...all.filter((b) => b.state === "proposed" && b.previousId).map((b) => b.previousId!),
      ...(proposal?.removes ?? []),
    ]);
    const others = all
      .filter((b) => !replaced.has(b.id))
      .map((b) => ({
        id: b.id,
        // Blocks of the same occurrence share its estimate; other occurrences have their own.
        taskId: planKeyOf(
          b.taskId,
          (b.occurrenceDue ?? (b.taskId === task.id ? task.occurrenceDue : null))?.getTime(),
        ),
        start: b.startTime.getTime(),
        end: b.endTime.getTime(),
      }));
    const day = {
      startDate: DateTime.fromMillis(start, { zone: preferences.timeZone }).toISODate()!,
      days: 1,
    };
    const span = horizonSpan(day, preferences.timeZone);
    const busy = (
      await busyEvents(tx as unknown as Db, c.userId, new Date(span.start), new Date(span.end))
    ).map((e) => ({ start: e.start, end: e.end, label: e.title }));
    const titles = await titlesOf(tx as unknown as Db, c.userId, [
      row.taskId,
      ...others.map((o) => o.taskId),
    ]);
    // A later occurrence of a repeating task has its whole estimate ahead; the open one what is left.
    const later = task.occurrenceDue !== null && key !== planKeyOf(task.id, task.occurrenceDue.getTime());
    const left =
      (later ? (task.estimatedMinutes > 0 ? task.estimatedMinutes : null) : minutesLeft(task)) ?? 30;
    const estimateMinutes = Math.max(left, proposal?.plannedEstimate[key] ?? 0);
    const verdict = validateDraggedBlock({
      preferences: { ...preferences, workingHours: preferences.workingHours } as never,
      busy,
      others,
      block: { id: row.id, taskId: key, start, end },
      title: (t) => titleFor(titles, preferences.timeZone, t, "a task"),
      estimateMinutes,
      strain,
    });
    if (!verdict.ok) throw refused(verdict.message);
    if (row.previousId)
      await tx
        .delete(planBlocks)
        .where(
          and(
            eq(planBlocks.id, row.previousId),
            eq(planBlocks.userId, c.userId),
            eq(planBlocks.state, "accepted"),
          ),
        );
    await tx
      .update(planBlocks)
      .set({
        state: "pinned",
        startTime: new Date(start),
        endTime: new Date(end),
        previousId: null,
        reasons: [{ code: "pinned" }],
      })
      .where(and(eq(planBlocks.id, row.id), eq(planBlocks.userId, c.userId)));
    await finishProposalIfEmpty(tx, c.userId);
    await recordBasis(tx, c.userId, c.now, basisUntil(proposal, preferences.timeZone, c.now));
  });
  return readPlan(c);
}

/**
 * Deadlines at risk this week (the Tasks list's badge; decision 273): overdue, or more work due by
 * the deadline than the person's working time before it. The plan as things stand (the plan in
 * force repaired, not stored) only lends its smallest change to meet a deadline.
 */
export async function deadlinesAtRisk(c: PlannerCall): Promise<AtRiskResponse> {
  const { preferences, saved, strain } = await setup(c);
  const horizon = horizonOf({ scope: "week" }, preferences.timeZone, c.now);
  const g = await gatherInputs(c.db, c.userId, preferences, strain, horizon, c.now);
  const suggestions = new Map<string, Suggestion | null | undefined>();
  try {
    for (const a of runPlanner(g).atRisk) suggestions.set(a.taskId, a.suggestion);
  } catch {
    // No plan (no working hours this week): the risk is judged all the same, without suggestions.
  }
  // Working hours never saved: Kairo does not know the person's days, so every day counts.
  const input = saved ? g.input : { ...g.input, preferences: everyDayPreferences(g.input.preferences) };
  const titles = new Map(g.open.map((t) => [t.id, t]));
  const w: WordingContext = {
    zone: preferences.timeZone,
    now: c.now.getTime(),
    title: (key) => titleFor(titles, preferences.timeZone, key, "a task"),
  };
  return {
    tasks: riskOf(input, suggestions).map((a) => ({
      ...lineOf(a.taskId),
      title: w.title(a.taskId),
      deadline: new Date(a.deadline).toISOString(),
      reason: describeAtRisk(a, w),
      suggestion: a.suggestion ? describeSuggestion(a.suggestion, w, a.taskId) : null,
    })),
  };
}
