// Disconnect: the grant is revoked at the provider where it offers revocation (best effort: the
// person's wish to disconnect never waits on the provider), then, in one transaction, the connection
// is made inactive with its tokens and sync state removed, and its synced events deleted. The sync
// history stays.
import { and, eq } from "drizzle-orm";
import type { CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { calendarConnections, syncedEvents } from "../../db/schema/calendar.ts";
import { readConnectionTokens } from "./connection-tokens.ts";
import type { SyncDeps } from "./sync.ts";

const REVOKE_TIMEOUT_MS = 10_000;

export async function disconnectCalendar(deps: SyncDeps, a: { userId: string; connectionId: string }) {
  const { db } = deps;
  const [conn] = await db
    .select({ id: calendarConnections.id, provider: calendarConnections.provider })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.id, a.connectionId),
        eq(calendarConnections.userId, a.userId),
        eq(calendarConnections.isActive, true),
      ),
    );
  if (!conn) throw new AppError("NOT_FOUND", "Calendar connection not found.");
  const tokens = await readConnectionTokens(db, deps.secretBox, a.userId, conn.id);
  const adapter = deps.calendars[conn.provider as CalendarProviderId];
  if (tokens && adapter) {
    // Bounded: a provider that does not answer must not hold the person's disconnect.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("the provider did not answer the revocation in time")),
        REVOKE_TIMEOUT_MS,
      );
    });
    await Promise.race([adapter.revoke(tokens), timeout])
      .finally(() => clearTimeout(timer))
      .catch((err) =>
        deps.logger.warn(
          {
            component: "calendar-connect",
            provider: conn.provider,
            err: err instanceof Error ? err.message : String(err),
          },
          "token revocation at the provider failed; the stored tokens are deleted anyway",
        ),
      );
  }
  await db.transaction(async (tx) => {
    // The row first, so a sync finishing meanwhile waits and then finds the connection inactive.
    await tx
      .update(calendarConnections)
      .set({
        isActive: false,
        accessToken: null,
        refreshToken: null,
        tokenExpiresAt: null,
        syncCursor: null,
        nextSyncAt: null,
        syncLeaseUntil: null,
        needsReconnect: false,
        errorMessage: null,
      })
      .where(eq(calendarConnections.id, conn.id));
    await tx.delete(syncedEvents).where(eq(syncedEvents.connectionId, conn.id));
  });
}
