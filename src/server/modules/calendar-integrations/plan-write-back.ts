// Writing the plan in force to the person's calendar (decisions 185, 186): the job compares the
// person's accepted and pinned blocks still to come (their task not done) with the events Kairo
// wrote (plan_block_events) and makes the calendar match:
//   a block without an event      -> create it, marked as Kairo's, in the chosen connection's calendar;
//   a block whose time or risk moved -> patch the event (free while there is slack, busy at risk);
//   an event without its block      -> delete it (rejected, done, replaced, or write-back turned off).
// A block of a repeating task's occurrence lives while the series' open occurrence has not moved
// past it: completing or skipping that occurrence releases it as completing a task does (decision 315).
// Only events Kairo recorded as its own are ever patched or deleted. A move answered 404 means the
// person deleted the event: the block is released. A refused token is refreshed once (as the sync
// does) and the call retried; rate limits left after the writer's own waiting make the run ask to
// be tried again later. The job runs one at a time across instances (pg-boss singleton).
import { and, eq, gt, gte, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import { planKeyOf } from "#shared/domain/planner/occurrences.ts";
import type { Db } from "../../db/client.ts";
import { calendarConnections } from "../../db/schema/calendar.ts";
import { planBlockEvents, planBlocks, plannerState } from "../../db/schema/planner.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { defineJob, type JobQueue } from "../../jobs/queue.ts";
import {
  CalendarApiError,
  type CalendarProvider,
  type WritableCalendar,
} from "../../providers/calendars/calendar-provider.ts";
import type { CalendarWriter } from "../../providers/calendars/write-back.ts";
import { deadlinesAtRisk } from "../planner/plan.ts";
import { PLAN_WRITE_BACK_JOB, queuePlanWriteBack } from "../planner/write-back-queue.ts";
import { type ConnectionTokens, readConnectionTokens, saveConnectionTokens } from "./connection-tokens.ts";
import type { SyncDeps } from "./sync.ts";

/**
 * The calendar Kairo writes to in a connection unless the person chose another (decision 307): the
 * account's primary (Google) or default (Graph).
 */
export const primaryCalendarOf = (provider: string) => (provider === "google" ? "primary" : "default");

const EXPIRY_MARGIN_MS = 60_000;
/** Retries of a run that met rate limits or an unavailable provider: 1, 2, 4, 8, 16 minutes on. */
const MAX_ATTEMPTS = 6;

export type WriteBackOutcome = {
  created: number;
  moved: number;
  removed: number;
  released: number;
  /** Some writes met rate limits or an unavailable provider: run again later. */
  retry: boolean;
};

/** A connection as the write-back reads it. */
export type WriteBackConnection = { id: string; userId: string; provider: string; writeGranted: boolean };
type Conn = WriteBackConnection;

/** One connection's writer with its access token, refreshed when expired or refused (once per run). */
function session(deps: SyncDeps, adapter: CalendarProvider, conn: Conn, tokens: ConnectionTokens, now: Date) {
  let current = tokens;
  let refreshed = false;
  async function refresh() {
    refreshed = true;
    if (!current.refreshToken) throw new CalendarApiError("invalid_grant", "No refresh token.");
    const grant = await adapter.refresh(current.refreshToken, { write: conn.writeGranted });
    current = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken ?? current.refreshToken,
      expiresAt: grant.expiresInSeconds ? new Date(now.getTime() + grant.expiresInSeconds * 1000) : null,
    };
    await saveConnectionTokens(deps.db, deps.secretBox, conn.userId, conn.id, {
      ...current,
      refreshToken: grant.refreshToken,
    });
  }
  return async function call<T>(fn: (w: CalendarWriter, token: string) => Promise<T>): Promise<T> {
    const writer = adapter.writer;
    if (!writer) throw new CalendarApiError("unavailable", "This provider cannot write events.");
    if (!refreshed && current.expiresAt && current.expiresAt.getTime() <= now.getTime() + EXPIRY_MARGIN_MS)
      await refresh();
    try {
      return await fn(writer, current.accessToken);
    } catch (err) {
      if (err instanceof CalendarApiError && err.kind === "auth" && !refreshed) {
        await refresh();
        return fn(writer, current.accessToken);
      }
      throw err;
    }
  };
}

/**
 * The calendars of the person's connection that plan blocks may be written to (decision 307), read
 * from the provider with the connection's tokens (refreshed when expired or refused). Null when the
 * connection cannot write or holds no token. `conn` is an active connection of the person, as the
 * caller read it.
 */
export async function writableCalendarsOf(
  deps: SyncDeps,
  conn: WriteBackConnection,
  now: Date,
): Promise<WritableCalendar[] | null> {
  const adapter = deps.calendars[conn.provider as CalendarProviderId];
  if (!conn.writeGranted || !adapter) return null;
  const tokens = await readConnectionTokens(deps.db, deps.secretBox, conn.userId, conn.id);
  if (!tokens) return null;
  return session(deps, adapter, conn, tokens, now)((w, token) => w.calendars(token));
}

const transient = (err: unknown) =>
  err instanceof CalendarApiError &&
  (err.kind === "rate_limited" || (err.kind === "unavailable" && (err.status ?? 500) >= 500));

/** Makes the person's calendar match their plan in force; see the top of this file. */
export async function writeBackPlan(deps: SyncDeps, userId: string, now: Date): Promise<WriteBackOutcome> {
  const { db } = deps;
  const out: WriteBackOutcome = { created: 0, moved: 0, removed: 0, released: 0, retry: false };
  const log = deps.logger.child({ component: "plan-write-back", userId });
  const [state] = await db
    .select({
      connectionId: plannerState.writeBackConnectionId,
      calendarId: plannerState.writeBackCalendarId,
    })
    .from(plannerState)
    .where(eq(plannerState.userId, userId));
  const records = await db.select().from(planBlockEvents).where(eq(planBlockEvents.userId, userId));
  if (!state?.connectionId && !records.length) return out;

  const connIds = [
    ...new Set([...(state?.connectionId ? [state.connectionId] : []), ...records.map((r) => r.connectionId)]),
  ];
  const conns = await db
    .select({
      id: calendarConnections.id,
      userId: calendarConnections.userId,
      provider: calendarConnections.provider,
      writeGranted: calendarConnections.writeGranted,
      isActive: calendarConnections.isActive,
      needsReconnect: calendarConnections.needsReconnect,
    })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), inArray(calendarConnections.id, connIds)));
  const usable = new Map(
    conns.filter((c) => c.isActive && c.writeGranted && !c.needsReconnect).map((c) => [c.id, c]),
  );
  const target = state?.connectionId ? (usable.get(state.connectionId) ?? null) : null;

  const live = target
    ? await db
        .select({
          id: planBlocks.id,
          taskId: planBlocks.taskId,
          occurrenceDue: planBlocks.occurrenceDue,
          openDue: tasks.occurrenceDue,
          start: planBlocks.startTime,
          end: planBlocks.endTime,
          title: tasks.title,
        })
        .from(planBlocks)
        .innerJoin(tasks, and(eq(tasks.id, planBlocks.taskId), eq(tasks.completed, false)))
        .where(
          and(
            eq(planBlocks.userId, userId),
            or(
              isNull(planBlocks.occurrenceDue),
              isNull(tasks.occurrenceDue),
              gte(planBlocks.occurrenceDue, tasks.occurrenceDue),
            ),
            inArray(planBlocks.state, ["accepted", "pinned"]),
            gt(planBlocks.endTime, now),
          ),
        )
    : [];
  const atRisk = live.length
    ? new Set(
        (await deadlinesAtRisk({ db, userId, now, zoneHint: "UTC" })).tasks.map((t) =>
          planKeyOf(t.taskId, t.occurrenceDue ? Date.parse(t.occurrenceDue) : null),
        ),
      )
    : new Set<string>();

  const sessions = new Map<string, ReturnType<typeof session> | null>();
  async function sessionFor(connectionId: string) {
    if (!sessions.has(connectionId)) {
      const conn = usable.get(connectionId);
      const adapter = conn ? deps.calendars[conn.provider as CalendarProviderId] : undefined;
      const tokens = conn && adapter ? await readConnectionTokens(db, deps.secretBox, userId, conn.id) : null;
      sessions.set(
        connectionId,
        conn && adapter && tokens ? session(deps, adapter, conn, tokens, now) : null,
      );
    }
    return sessions.get(connectionId)!;
  }
  /** Runs one write; a transient failure marks the run for a retry, any other is logged. */
  async function attempt<T>(what: string, fn: () => Promise<T>): Promise<{ value: T } | null> {
    try {
      return { value: await fn() };
    } catch (err) {
      if (transient(err)) out.retry = true;
      else
        log.warn({ err: err instanceof Error ? err.message : String(err), what }, "plan write-back failed");
      return null;
    }
  }

  const liveById = new Map(live.map((b) => [b.id, b]));
  // Events whose block left the plan (or write-back moved elsewhere): deleted.
  const calendarId = target ? (state?.calendarId ?? primaryCalendarOf(target.provider)) : null;
  for (const r of records) {
    const block = liveById.get(r.blockId);
    // Kept where it is: a block still planned, in the connection and calendar written to now.
    if (block && target && r.connectionId === target.id && r.calendarId === calendarId) continue;
    const call = await sessionFor(r.connectionId);
    if (!call) {
      // The connection is gone or no longer writable: nothing can be deleted there any more.
      if (!usable.has(r.connectionId))
        await db.delete(planBlockEvents).where(eq(planBlockEvents.blockId, r.blockId));
      continue;
    }
    const done = await attempt("delete", () => call((w, token) => w.remove(token, r.calendarId, r.eventId)));
    if (!done) continue;
    await db.delete(planBlockEvents).where(eq(planBlockEvents.blockId, r.blockId));
    out.removed++;
  }
  if (!target || !calendarId) return out;
  const call = await sessionFor(target.id);
  if (!call) return out;
  const recordOf = new Map(
    records
      .filter((r) => r.connectionId === target.id && r.calendarId === calendarId)
      .map((r) => [r.blockId, r]),
  );
  for (const b of live) {
    // At risk: the task's deadline, or for a repeating task this block's occurrence's.
    const busy = atRisk.has(planKeyOf(b.taskId, (b.occurrenceDue ?? b.openDue)?.getTime()));
    const r = recordOf.get(b.id);
    if (!r) {
      const made = await attempt("create", () =>
        call((w, token) =>
          w.insert(token, calendarId, { blockId: b.id, title: b.title, start: b.start, end: b.end, busy }),
        ),
      );
      if (!made) continue;
      await db
        .insert(planBlockEvents)
        .values({
          blockId: b.id,
          userId,
          connectionId: target.id,
          calendarId,
          eventId: made.value.eventId,
          startTime: b.start,
          endTime: b.end,
          busy,
          updatedAt: now,
        })
        .onConflictDoNothing();
      out.created++;
      continue;
    }
    if (
      r.startTime.getTime() === b.start.getTime() &&
      r.endTime.getTime() === b.end.getTime() &&
      r.busy === busy
    )
      continue;
    try {
      await call((w, token) => w.move(token, r.calendarId, r.eventId, { start: b.start, end: b.end, busy }));
    } catch (err) {
      if (err instanceof CalendarApiError && (err.status === 404 || err.status === 410)) {
        // The person deleted Kairo's event there: the block is released.
        await db.delete(planBlocks).where(and(eq(planBlocks.id, b.id), eq(planBlocks.userId, userId)));
        await db.delete(planBlockEvents).where(eq(planBlockEvents.blockId, b.id));
        out.released++;
      } else if (transient(err)) out.retry = true;
      else log.warn({ err: err instanceof Error ? err.message : String(err) }, "plan write-back move failed");
      continue;
    }
    await db
      .update(planBlockEvents)
      .set({ startTime: b.start, endTime: b.end, busy, updatedAt: now })
      .where(eq(planBlockEvents.blockId, b.id));
    out.moved++;
  }
  return out;
}

/** People with write-back on, for the 15-minute sweep (free turns busy as deadlines near). */
async function peopleWritingBack(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: plannerState.userId })
    .from(plannerState)
    .where(isNotNull(plannerState.writeBackConnectionId))
    .limit(limit);
  return rows.map((r) => r.userId);
}

export function createPlanWriteBack(deps: SyncDeps) {
  let queue: Pick<JobQueue, "enqueue"> | null = null;
  const job = defineJob({
    name: PLAN_WRITE_BACK_JOB,
    payload: z
      .object({
        userId: z.string().min(1).max(200).optional(),
        attempt: z.number().int().min(0).max(MAX_ATTEMPTS).default(0),
      })
      .strict(),
    schedule: "*/15 * * * *",
    async handler(p, { now, log }) {
      const people = p.userId ? [p.userId] : await peopleWritingBack(deps.db, 200);
      for (const userId of people) {
        const outcome = await writeBackPlan(deps, userId, now);
        if (outcome.retry && p.userId && p.attempt + 1 < MAX_ATTEMPTS && queue) {
          await queue.enqueue(
            PLAN_WRITE_BACK_JOB,
            { userId, attempt: p.attempt + 1 },
            { startAfterSeconds: 60 * 2 ** p.attempt },
          );
        }
        if (outcome.created + outcome.moved + outcome.removed + outcome.released > 0)
          log.info({ userId, ...outcome }, "plan written to the calendar");
      }
    },
  });
  return {
    job,
    attach(jobs: Pick<JobQueue, "enqueue">) {
      queue = jobs;
    },
    /** A task done: the events of its blocks leave the calendars of the people who planned it. */
    subscribe(events: Pick<DomainEvents, "on">) {
      events.on("task.completed", async (e) => {
        if (!queue) return;
        const planned = await deps.db
          .selectDistinct({ userId: planBlockEvents.userId })
          .from(planBlockEvents)
          .innerJoin(planBlocks, eq(planBlocks.id, planBlockEvents.blockId))
          .where(eq(planBlocks.taskId, e.taskId));
        await queuePlanWriteBack(
          queue,
          planned.map((p) => p.userId),
          deps.logger,
        );
      });
    },
  };
}
