// The lease a calendar sync holds on its connection, across every instance: taken when the sync
// starts, renewed every few seconds while it pages through the provider (a heartbeat, so a sync may
// run as long as its provider makes it), given back when it ends. The lease's end is written both to
// `sync_lease_until` and `next_sync_at`: should the holder die, the connection falls due the moment
// the lease runs out, and another instance's takeover sweep (below, every few seconds) syncs it again,
// well within a minute of the crash.
//
// The lease's end doubles as its fencing token: every write of the sync (a refreshed token, the
// events, the outcome) names the value it holds, so a holder that lost its lease (it stalled past
// the end and another took over, or the person disconnected, which clears it) writes nothing.
// This is the calendar's own lease; the workflow engine keeps its runs by its own mechanism.
import { and, asc, eq, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { calendarConnections } from "../../db/schema/calendar.ts";
import type { Logger } from "../../logger.ts";

/** How long a lease lasts without renewal: a dead holder's sync is taken over after at most this. */
export const SYNC_LEASE_MS = 20_000;
/** The holder renews this often: a quarter of the lease, so three renewals may fail before it lapses. */
export const SYNC_LEASE_RENEW_MS = 5_000;
/** Each instance looks for syncs whose holder died this often. */
export const SYNC_TAKEOVER_POLL_MS = 5_000;

export class LeaseLostError extends Error {
  constructor() {
    super("The sync's lease was lost: the connection was disconnected or another instance took it over.");
    this.name = "LeaseLostError";
  }
}

export type SyncLease = {
  /**
   * Runs `write` with the lease's current end, the value every fenced write names, while no renewal
   * is under way; throws LeaseLostError when the lease is known to be lost.
   */
  fenced<T>(write: (until: Date) => Promise<T>): Promise<T>;
  /** Stops renewing (the sync has ended and cleared the lease, or given up). */
  stop(): void;
};

export type SyncLeaseTimings = { leaseMs: number; renewMs: number };

type LeaseDeps = {
  db: Db;
  clock: () => Date;
  logger: Logger;
  /** Shorter than the product's for tests that outlast a lease on purpose. */
  leaseTimings?: SyncLeaseTimings;
};

const timingsOf = (deps: LeaseDeps): SyncLeaseTimings =>
  deps.leaseTimings ?? { leaseMs: SYNC_LEASE_MS, renewMs: SYNC_LEASE_RENEW_MS };

/**
 * Takes the connection's lease if nobody holds it (never held, given back, or run out), and starts
 * renewing it. Null when another sync holds it, or the connection is not the person's or not active.
 */
export async function takeSyncLease(deps: LeaseDeps, a: { connectionId: string; userId?: string }) {
  const until = new Date(deps.clock().getTime() + timingsOf(deps).leaseMs);
  const [conn] = await deps.db
    .update(calendarConnections)
    .set({ syncLeaseUntil: until, nextSyncAt: until })
    .where(
      and(
        eq(calendarConnections.id, a.connectionId),
        a.userId ? eq(calendarConnections.userId, a.userId) : undefined,
        eq(calendarConnections.isActive, true),
        or(isNull(calendarConnections.syncLeaseUntil), lt(calendarConnections.syncLeaseUntil, deps.clock())),
      ),
    )
    .returning({
      id: calendarConnections.id,
      userId: calendarConnections.userId,
      provider: calendarConnections.provider,
      calendarName: calendarConnections.calendarName,
      calendarEmail: calendarConnections.calendarEmail,
      syncCursor: calendarConnections.syncCursor,
      needsReconnect: calendarConnections.needsReconnect,
      writeGranted: calendarConnections.writeGranted,
    });
  return conn ? { conn, lease: holdLease(deps, conn.id, until) } : null;
}

function holdLease(deps: LeaseDeps, connectionId: string, first: Date): SyncLease {
  const { leaseMs, renewMs } = timingsOf(deps);
  let until = first;
  let lost = false;
  // Renewals and fenced writes run one at a time, so a write never names a value being replaced.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <R>(fn: () => Promise<R>): Promise<R> => {
    const run = chain.then(fn);
    chain = run.catch(() => {});
    return run;
  };
  let renewing = false;
  const renew = async () => {
    if (lost) return;
    const next = new Date(deps.clock().getTime() + leaseMs);
    const [row] = await deps.db
      .update(calendarConnections)
      .set({ syncLeaseUntil: next, nextSyncAt: next })
      .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.syncLeaseUntil, until)))
      .returning({ id: calendarConnections.id });
    if (row) until = next;
    else {
      lost = true;
      deps.logger.warn({ connectionId }, "calendar sync lease lost; the sync will write nothing");
    }
  };
  const timer = setInterval(() => {
    if (renewing || lost) return;
    renewing = true;
    void serial(renew)
      // A failed renewal (the database briefly away) is retried at the next beat; the lease
      // survives three of them.
      .catch((err) => deps.logger.error({ err, connectionId }, "calendar sync lease renewal failed"))
      .finally(() => {
        renewing = false;
      });
  }, renewMs);
  timer.unref();
  return {
    fenced: (write) =>
      serial(() => {
        if (lost) throw new LeaseLostError();
        return write(until);
      }),
    stop: () => clearInterval(timer),
  };
}

/**
 * Connections whose sync was interrupted: a lease was left behind (a finished sync clears it) and
 * has run out, so the connection is due (`next_sync_at` is the lease's end). Read through the
 * schedule's index on next_sync_at.
 */
export async function interruptedSyncs(db: Db, now: Date, limit = 10): Promise<{ id: string }[]> {
  return db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.isActive, true),
        eq(calendarConnections.needsReconnect, false),
        lte(calendarConnections.nextSyncAt, now),
        isNotNull(calendarConnections.syncLeaseUntil),
        lt(calendarConnections.syncLeaseUntil, now),
      ),
    )
    .orderBy(asc(calendarConnections.nextSyncAt))
    .limit(limit);
}
