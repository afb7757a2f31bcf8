// What the Calendar Integrations settings show: each provider and whether this server has an OAuth
// client for it, the person's active connections (never their tokens) and the latest sync logs.
import { and, desc, eq } from "drizzle-orm";
import type {
  CalendarConnectionSummary,
  CalendarIntegrationsResponse,
  SyncLogEntry,
} from "#shared/contracts/calendar-integrations.ts";
import { CALENDAR_PROVIDERS, CALENDAR_SYNC, type CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import type { Db } from "../../db/client.ts";
import { calendarConnections, syncLogs } from "../../db/schema/calendar.ts";

/** OAuth clients configured on the server, by provider (see env.ts). */
export type CalendarOAuthClients = Partial<
  Record<CalendarProviderId, { clientId: string; clientSecret: string }>
>;

export async function getCalendarIntegrations(
  db: Db,
  userId: string,
  clients: CalendarOAuthClients,
): Promise<CalendarIntegrationsResponse> {
  const connections = await db
    .select({
      id: calendarConnections.id,
      provider: calendarConnections.provider,
      calendarEmail: calendarConnections.calendarEmail,
      calendarName: calendarConnections.calendarName,
      lastSync: calendarConnections.lastSync,
      errorMessage: calendarConnections.errorMessage,
      createdAt: calendarConnections.createdAt,
    })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.isActive, true)))
    .orderBy(desc(calendarConnections.createdAt));
  const logs = await db
    .select()
    .from(syncLogs)
    .where(eq(syncLogs.userId, userId))
    .orderBy(desc(syncLogs.startedAt))
    .limit(CALENDAR_SYNC.historyEntries);
  return {
    providers: CALENDAR_PROVIDERS.map((p) => ({
      id: p.id,
      name: p.name,
      configured: Boolean(clients[p.id]),
    })),
    connections: connections.map(
      (c): CalendarConnectionSummary => ({
        ...c,
        provider: c.provider as CalendarProviderId,
        lastSync: c.lastSync?.toISOString() ?? null,
        createdAt: c.createdAt.toISOString(),
      }),
    ),
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
  };
}

/** The clients whose id and secret are both set. */
export function calendarClientsFromEnv(env: {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  MICROSOFT_CLIENT_ID?: string;
  MICROSOFT_CLIENT_SECRET?: string;
}): CalendarOAuthClients {
  const clients: CalendarOAuthClients = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    clients.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  }
  if (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET) {
    clients.microsoft = { clientId: env.MICROSOFT_CLIENT_ID, clientSecret: env.MICROSOFT_CLIENT_SECRET };
  }
  return clients;
}
