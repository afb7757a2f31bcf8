// GET /api/calendar-integrations: which providers this server can connect, and the person's active
// connections and latest sync logs. Tokens never leave the server.
import type { CalendarProviderId } from "../domain/calendar-sync.ts";

export type CalendarProviderStatus = {
  id: CalendarProviderId;
  name: string;
  /** An OAuth client (id and secret) is configured on the server for this provider. */
  configured: boolean;
};

export type CalendarConnectionSummary = {
  id: string;
  provider: CalendarProviderId;
  calendarEmail: string;
  calendarName: string | null;
  lastSync: string | null;
  errorMessage: string | null;
  createdAt: string;
};

export type SyncLogEntry = {
  id: string;
  connectionId: string;
  provider: CalendarProviderId;
  status: "success" | "failed";
  syncType: "manual" | "scheduled";
  eventsSynced: number;
  startedAt: string;
  completedAt: string | null;
  errorMessage: string | null;
};

export type CalendarIntegrationsResponse = {
  providers: CalendarProviderStatus[];
  connections: CalendarConnectionSummary[];
  syncLogs: SyncLogEntry[];
};
