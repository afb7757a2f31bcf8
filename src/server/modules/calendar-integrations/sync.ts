// One sync of one calendar connection, the same for Sync Now, the 15-minute schedule and the takeover
// of a sync whose instance died:
//   1. take the connection's lease (one sync at a time per connection, across every instance),
//      renewed while the sync runs (sync-lease.ts);
//   2. refresh the access token when it has expired (a rotated refresh token is sealed and kept);
//   3. fetch the changes since the last sync (or the whole window, now to now + 30 days); a refused
//      token is refreshed once and retried, an expired sync state answered by a full listing;
//   4. in one transaction: upsert the events on (connection, external id), remove the cancelled and
//      deleted ones (and, after a full listing, those of the window it no longer names), record
//      last_sync and the cursor, clear the error and the lease, set the next turn, write the success
//      log row: only while the lease is still this sync's.
// A failure writes a failed log row and the connection's error; a refused grant also marks the
// connection as needing reconnection, so the schedule stops retrying it every 15 minutes.

import { addDays, addMinutes } from "date-fns";
import { and, eq, gt, inArray, lt, notInArray, sql } from "drizzle-orm";
import { CALENDAR_SYNC, CALENDAR_TEXT, type CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { Db } from "../../db/client.ts";
import { calendarConnections, syncedEvents, syncLogs } from "../../db/schema/calendar.ts";
import type { Tx } from "../../db/transaction.ts";
import type { Logger } from "../../logger.ts";
import {
  CalendarApiError,
  type CalendarProvider,
  type EventChanges,
  type ProviderEvent,
} from "../../providers/calendars/calendar-provider.ts";
import type { CalendarProviders } from "../../providers/calendars/create-calendar-providers.ts";
import { type ConnectionTokens, readConnectionTokens, saveConnectionTokens } from "./connection-tokens.ts";
import { readBackPlanEvents } from "./plan-read-back.ts";
import { LeaseLostError, type SyncLease, type SyncLeaseTimings, takeSyncLease } from "./sync-lease.ts";

export type SyncDeps = {
  db: Db;
  secretBox: SecretBox;
  calendars: CalendarProviders;
  logger: Logger;
  /** Read for the lease (sync-lease.ts) each time it is taken or renewed. */
  clock: () => Date;
  /** The lease's length and renewal period; the product's (20 s, every 5 s) when omitted. */
  leaseTimings?: SyncLeaseTimings;
  /** Told once when a connection starts needing reconnection (a notification to the person). */
  onReconnectNeeded?: (c: { userId: string; connectionId: string; calendarName: string }) => Promise<void>;
};

export type SyncOutcome =
  | { status: "success"; eventsSynced: number; calendarName: string }
  | { status: "failed"; reason: "reconnect" | "no_token" | "failed"; message: string }
  | { status: "busy" }
  | { status: "not_found" };

/** Refresh a token that expires within this margin rather than have it die mid-sync. */
const EXPIRY_MARGIN_MS = 60_000;

export function syncWindow(now: Date) {
  return { from: now, to: addDays(now, CALENDAR_SYNC.windowDays) };
}

/** The schedule's next turn after a sync: one period on, plus up to a minute so connections spread. */
export function nextAutoSync(now: Date): Date {
  return new Date(
    addMinutes(now, CALENDAR_SYNC.autoSyncMinutes).getTime() + Math.floor(Math.random() * 60_000),
  );
}

class NoTokenError extends Error {}

export async function syncConnection(
  deps: SyncDeps,
  a: { connectionId: string; userId?: string; syncType: "manual" | "scheduled"; now: Date },
): Promise<SyncOutcome> {
  const { db } = deps;
  const { now } = a;
  const taken = await takeSyncLease(deps, { connectionId: a.connectionId, userId: a.userId });
  if (!taken) {
    const [exists] = await db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.id, a.connectionId),
          a.userId ? eq(calendarConnections.userId, a.userId) : undefined,
          eq(calendarConnections.isActive, true),
        ),
      );
    return exists ? { status: "busy" } : { status: "not_found" };
  }
  const { conn, lease } = taken;
  const calendarName = conn.calendarName ?? conn.calendarEmail;
  const provider = conn.provider as CalendarProviderId;
  const log = deps.logger.child({ component: "calendar-sync", connectionId: conn.id, provider });
  const window = syncWindow(now);
  /** A lost lease: the connection was disconnected (not found now), or another instance syncs it. */
  const whenLost = async (): Promise<SyncOutcome> => {
    const [still] = await db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(and(eq(calendarConnections.id, conn.id), eq(calendarConnections.isActive, true)));
    log.info({ disconnected: !still }, "calendar sync stopped: its lease was lost");
    return still ? { status: "busy" } : { status: "not_found" };
  };

  try {
    const adapter = deps.calendars[provider];
    if (!adapter) {
      throw new CalendarApiError("unavailable", "This calendar provider is not configured on this server.");
    }
    const tokens = await readConnectionTokens(db, deps.secretBox, conn.userId, conn.id);
    if (!tokens) throw new NoTokenError(CALENDAR_TEXT.noAccessToken);
    const session = tokenSession(deps, adapter, conn, tokens, now, lease);
    let changes: EventChanges;
    try {
      changes = await session.call((token) => adapter.changes(token, { cursor: conn.syncCursor, ...window }));
    } catch (err) {
      if (!(err instanceof CalendarApiError && err.kind === "sync_expired")) throw err;
      log.info("sync state expired at the provider: full sync");
      changes = await session.call((token) => adapter.changes(token, { cursor: null, ...window }));
    }
    const eventsSynced = await lease.fenced((until) =>
      db.transaction(async (tx) => {
        // The connection row first, and only while this sync still holds its lease: a disconnect
        // running meanwhile holds the row until it has deleted the events and cleared the lease,
        // and then this stores nothing; so does a sync another instance took over.
        const [still] = await tx
          .update(calendarConnections)
          .set({
            lastSync: now,
            errorMessage: null,
            needsReconnect: false,
            syncCursor: changes.cursor,
            syncLeaseUntil: null,
            nextSyncAt: nextAutoSync(deps.clock()),
          })
          .where(
            and(
              eq(calendarConnections.id, conn.id),
              eq(calendarConnections.isActive, true),
              eq(calendarConnections.syncLeaseUntil, until),
            ),
          )
          .returning({ id: calendarConnections.id });
        if (!still) throw new LeaseLostError();
        const n = await applyChanges(tx, conn, changes, window, now);
        // Kairo's own events that the person moved or deleted there (decision 187).
        await readBackPlanEvents(tx, conn, changes, window, now);
        await tx.insert(syncLogs).values({
          connectionId: conn.id,
          userId: conn.userId,
          provider,
          status: "success",
          syncType: a.syncType,
          startedAt: now,
          eventsSynced: n,
          completedAt: new Date(now.getTime() + (performance.now() - session.startedMs)),
        });
        return n;
      }),
    );
    log.info({ eventsSynced, full: changes.full, syncType: a.syncType }, "calendar synced");
    return { status: "success", eventsSynced, calendarName };
  } catch (err) {
    if (err instanceof LeaseLostError) return whenLost();
    const failure = classify(err);
    log.warn(
      { reason: failure.reason, err: err instanceof Error ? err.message : String(err) },
      "calendar sync failed",
    );
    const recorded = await lease
      .fenced((until) =>
        db.transaction(async (tx) => {
          const [still] = await tx
            .update(calendarConnections)
            .set({
              errorMessage: failure.message,
              syncLeaseUntil: null,
              nextSyncAt: nextAutoSync(deps.clock()),
              ...(failure.reason === "reconnect" ? { needsReconnect: true } : {}),
            })
            .where(
              and(
                eq(calendarConnections.id, conn.id),
                eq(calendarConnections.isActive, true),
                eq(calendarConnections.syncLeaseUntil, until),
              ),
            )
            .returning({ id: calendarConnections.id });
          if (!still) return false;
          await tx.insert(syncLogs).values({
            connectionId: conn.id,
            userId: conn.userId,
            provider,
            status: "failed",
            syncType: a.syncType,
            eventsSynced: 0,
            startedAt: now,
            completedAt: now,
            errorMessage: failure.message,
          });
          return true;
        }),
      )
      .catch((e) => {
        if (e instanceof LeaseLostError) return false;
        throw e;
      });
    if (!recorded) return whenLost();
    if (failure.reason === "reconnect" && !conn.needsReconnect) {
      await deps
        .onReconnectNeeded?.({ userId: conn.userId, connectionId: conn.id, calendarName })
        .catch((e) => log.error({ err: e }, "the reconnect notice could not be sent"));
    }
    return { status: "failed", ...failure };
  } finally {
    lease.stop();
  }
}

function classify(err: unknown): { reason: "reconnect" | "no_token" | "failed"; message: string } {
  if (err instanceof NoTokenError) return { reason: "no_token", message: CALENDAR_TEXT.noAccessToken };
  if (err instanceof CalendarApiError) {
    if (err.kind === "invalid_grant" || err.kind === "auth") {
      return { reason: "reconnect", message: CALENDAR_TEXT.invalidGrant };
    }
    return { reason: "failed", message: err.message };
  }
  return { reason: "failed", message: CALENDAR_TEXT.syncFailed };
}

/**
 * The connection's access token, refreshed when it has expired or the provider refuses it (once
 * per sync); refreshed tokens are sealed and stored at once, so a rotated refresh token is never lost,
 * but only while the sync holds its lease on an active connection: a refresh that finishes after the
 * person disconnected stores nothing, its fresh grant is handed back, and the sync stops.
 */
function tokenSession(
  deps: SyncDeps,
  adapter: CalendarProvider,
  conn: { id: string; userId: string; writeGranted: boolean },
  tokens: ConnectionTokens,
  now: Date,
  lease: SyncLease,
) {
  let current = tokens;
  let refreshed = false;
  const startedMs = performance.now();
  async function refresh() {
    refreshed = true;
    if (!current.refreshToken) {
      throw new CalendarApiError("invalid_grant", "The connection holds no refresh token.");
    }
    const grant = await adapter.refresh(current.refreshToken, { write: conn.writeGranted });
    const next = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken ?? current.refreshToken,
      expiresAt: grant.expiresInSeconds ? new Date(now.getTime() + grant.expiresInSeconds * 1000) : null,
    };
    const saved = await lease
      .fenced((until) =>
        saveConnectionTokens(
          deps.db,
          deps.secretBox,
          conn.userId,
          conn.id,
          { accessToken: next.accessToken, refreshToken: grant.refreshToken, expiresAt: next.expiresAt },
          { leaseUntil: until },
        ),
      )
      .catch((err) => {
        if (err instanceof LeaseLostError) return false;
        throw err;
      });
    if (!saved) {
      const [active] = await deps.db
        .select({ id: calendarConnections.id })
        .from(calendarConnections)
        .where(and(eq(calendarConnections.id, conn.id), eq(calendarConnections.isActive, true)));
      // Disconnected meanwhile: the fresh grant is handed back where the provider allows it. (With
      // the connection still active, another instance holds it and its grant: leave that alone.)
      if (!active) {
        await adapter
          .revoke({ accessToken: next.accessToken, refreshToken: grant.refreshToken ?? null })
          .catch(() => {});
      }
      throw new LeaseLostError();
    }
    current = next;
  }
  return {
    startedMs,
    async call<T>(fn: (accessToken: string) => Promise<T>): Promise<T> {
      if (
        !refreshed &&
        current.expiresAt &&
        current.expiresAt.getTime() <= now.getTime() + EXPIRY_MARGIN_MS
      ) {
        await refresh();
      }
      try {
        return await fn(current.accessToken);
      } catch (err) {
        if (err instanceof CalendarApiError && err.kind === "auth" && !refreshed) {
          await refresh();
          return fn(current.accessToken);
        }
        throw err;
      }
    },
  };
}

function outsideWindow(e: ProviderEvent, w: { from: Date; to: Date }) {
  return e.start >= w.to || (e.end ?? e.start) < w.from;
}

/** Writes the changes (inside the sync's transaction); answers how many events were added or updated. */
async function applyChanges(
  tx: Tx,
  conn: { id: string; userId: string; provider: string },
  changes: EventChanges,
  window: { from: Date; to: Date },
  now: Date,
): Promise<number> {
  // An incremental listing carries no window (Google refuses one with a sync token): changes that
  // moved out of it are dropped like removals.
  const kept = changes.full ? changes.events : changes.events.filter((e) => !outsideWindow(e, window));
  const dropped = changes.full
    ? []
    : changes.events.filter((e) => outsideWindow(e, window)).map((e) => e.externalId);
  const removed = [...changes.removed, ...dropped];
  for (let i = 0; i < kept.length; i += 200) {
    const batch = kept.slice(i, i + 200).map((e) => ({
      userId: conn.userId,
      connectionId: conn.id,
      externalId: e.externalId,
      title: e.title?.trim() || CALENDAR_TEXT.untitled,
      description: e.description,
      startTime: e.start,
      endTime: e.end,
      location: e.location,
      attendees: e.attendees,
      provider: conn.provider,
      rawData: e.raw,
    }));
    await tx
      .insert(syncedEvents)
      .values(batch)
      .onConflictDoUpdate({
        target: [syncedEvents.connectionId, syncedEvents.externalId],
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          startTime: sql`excluded.start_time`,
          endTime: sql`excluded.end_time`,
          location: sql`excluded.location`,
          attendees: sql`excluded.attendees`,
          rawData: sql`excluded.raw_data`,
          updatedAt: now,
        },
      });
  }
  for (let i = 0; i < removed.length; i += 500) {
    await tx
      .delete(syncedEvents)
      .where(
        and(
          eq(syncedEvents.connectionId, conn.id),
          inArray(syncedEvents.externalId, removed.slice(i, i + 500)),
        ),
      );
  }
  if (changes.full) {
    // A full listing names every event of the window: stored ones of the window it leaves out are
    // gone at the provider. Earlier events stay as the record of what happened.
    const listed = kept.map((e) => e.externalId);
    await tx
      .delete(syncedEvents)
      .where(
        and(
          eq(syncedEvents.connectionId, conn.id),
          lt(syncedEvents.startTime, window.to),
          gt(sql`coalesce(${syncedEvents.endTime}, ${syncedEvents.startTime})`, window.from),
          listed.length > 0 ? notInArray(syncedEvents.externalId, listed) : undefined,
        ),
      );
  }
  return kept.length;
}
