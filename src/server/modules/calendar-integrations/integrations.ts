// What the Calendar Integrations settings show: each provider and whether this server has an OAuth
// client for it, the person's active connections (never their tokens), the latest sync logs, the
// redirect addresses to register and the plan's connection limit.
import { and, desc, eq } from "drizzle-orm";
import type {
  CalendarConnectionSummary,
  CalendarIntegrationsResponse,
  SyncLogEntry,
} from "#shared/contracts/calendar-integrations.ts";
import { CALENDAR_PROVIDERS, CALENDAR_SYNC, type CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import type { Db } from "../../db/client.ts";
import { calendarConnections, syncLogs } from "../../db/schema/calendar.ts";
import type { CalendarProviders } from "../../providers/calendars/create-calendar-providers.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";

/** The columns a connection summary shows: never a token or the sync cursor. */
export const summaryColumns = {
  id: calendarConnections.id,
  provider: calendarConnections.provider,
  calendarEmail: calendarConnections.calendarEmail,
  calendarName: calendarConnections.calendarName,
  lastSync: calendarConnections.lastSync,
  errorMessage: calendarConnections.errorMessage,
  needsReconnect: calendarConnections.needsReconnect,
  nextSyncAt: calendarConnections.nextSyncAt,
  createdAt: calendarConnections.createdAt,
};

type SummaryRow = {
  id: string;
  provider: string;
  calendarEmail: string;
  calendarName: string | null;
  lastSync: Date | null;
  errorMessage: string | null;
  needsReconnect: boolean;
  nextSyncAt: Date | null;
  createdAt: Date;
};

export function toConnectionSummary(c: SummaryRow): CalendarConnectionSummary {
  return {
    ...c,
    provider: c.provider as CalendarProviderId,
    lastSync: c.lastSync?.toISOString() ?? null,
    nextSyncAt: c.needsReconnect ? null : (c.nextSyncAt?.toISOString() ?? null),
    createdAt: c.createdAt.toISOString(),
  };
}

export async function getCalendarIntegrations(
  db: Db,
  userId: string,
  o: { calendars: CalendarProviders; redirectUris: string[]; entitlements: Pick<Entitlements, "forPerson"> },
): Promise<CalendarIntegrationsResponse> {
  const { calendarConnectionLimit } = await o.entitlements.forPerson(userId);
  const [connections, logs] = await Promise.all([
    db
      .select(summaryColumns)
      .from(calendarConnections)
      .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.isActive, true)))
      .orderBy(desc(calendarConnections.createdAt))
      // Connecting refuses past this many (connect.ts): the cap only keeps the read bounded.
      .limit(CALENDAR_SYNC.maxConnections),
    db
      .select()
      .from(syncLogs)
      .where(eq(syncLogs.userId, userId))
      .orderBy(desc(syncLogs.startedAt))
      .limit(CALENDAR_SYNC.historyEntries),
  ]);
  return {
    providers: CALENDAR_PROVIDERS.map((p) => ({
      id: p.id,
      name: p.name,
      configured: Boolean(o.calendars[p.id]),
    })),
    connections: connections.map(toConnectionSummary),
    syncLogs: logs.map(
      (l): SyncLogEntry => ({
        id: l.id,
        connectionId: l.connectionId,
        provider: l.provider as CalendarProviderId,
        status: l.status as SyncLogEntry["status"],
        syncType: l.syncType as SyncLogEntry["syncType"],
        eventsSynced: l.eventsSynced,
        startedAt: l.startedAt.toISOString(),
        completedAt: l.completedAt?.toISOString() ?? null,
        errorMessage: l.errorMessage,
      }),
    ),
    redirectUris: o.redirectUris,
    connectionLimit: calendarConnectionLimit,
  };
}
