// Calendar Integrations: which providers this server can connect, the person's active connections
// and latest sync logs, and the calls that connect, sync and disconnect. Tokens never leave the server.
import { z } from "zod";
import { CALENDAR_PROVIDERS, type CalendarProviderId } from "../domain/calendar-sync.ts";

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
  /** The provider refused the grant: syncs stop until the person reconnects. */
  needsReconnect: boolean;
  /** When the schedule syncs it next; null while it needs reconnecting. */
  nextSyncAt: string | null;
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
  /** The redirect addresses to register with a provider (the setup dialog lists them). */
  redirectUris: string[];
  /** Active connections the person's plan allows; null is unlimited. */
  connectionLimit: number | null;
};

const calendarProviderId = z.enum(
  CALENDAR_PROVIDERS.map((p) => p.id) as [CalendarProviderId, ...CalendarProviderId[]],
);

/** POST /api/calendar-integrations/connect: which provider to connect. */
export const calendarConnectBody = z.object({ provider: calendarProviderId }).strict();

/** POST /api/calendar-integrations/connect answers where to send the browser. */
export type CalendarConnectResponse = {
  authUrl: string;
  /** Addresses the provider must know; the setup dialog shows them before the redirect. */
  validRedirectUris: string[];
};

/** POST /api/calendar-integrations/callback: what the provider put on /calendar-callback. */
export const calendarCallbackBody = z
  .object({
    state: z.string().min(1, "state is required").max(2000),
    code: z.string().min(1).max(4000).optional(),
    error: z.string().max(200).optional(),
  })
  .strict();
export type CalendarCallbackBody = z.infer<typeof calendarCallbackBody>;

export type CalendarSyncResult = { eventsSynced: number; calendarName: string };

export type CalendarCallbackResponse = {
  connection: CalendarConnectionSummary;
  /** The first sync, run before answering; null when it failed (the connection says why). */
  sync: CalendarSyncResult | null;
};

/**
 * Why a connect failed, as the callback's error body carries it in `reason`; the web shows the
 * spec's texts for each (redirect_uri_mismatch opens the OAuth Configuration Required dialog).
 */
export type CalendarConnectFailure =
  | "access_denied"
  | "invalid_grant"
  | "redirect_uri_mismatch"
  | "invalid_state"
  | "failed";

/** Error codes of a failed sync (POST /api/calendar-integrations/connections/:id/sync). */
export const SYNC_ERROR_CODES = {
  reconnect: "CALENDAR_RECONNECT_REQUIRED",
  noToken: "CALENDAR_NO_TOKEN",
  failed: "CALENDAR_SYNC_FAILED",
  busy: "CALENDAR_SYNC_BUSY",
} as const;

/** GET/POST /api/calendar-integrations/ical-feed: the private subscription address, if any. */
export type IcalFeedResponse = { url: string | null; createdAt: string | null };
