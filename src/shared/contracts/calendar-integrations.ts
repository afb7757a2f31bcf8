// Calendar Integrations: which providers this server can connect, the person's active connections
// and latest sync logs, and the calls that connect, sync and disconnect. Tokens never leave the server.
import { z } from "zod";
import { CALENDAR_PROVIDERS, type CalendarProviderId } from "../domain/calendar-sync.ts";

const calendarProviderId = z.enum(
  CALENDAR_PROVIDERS.map((p) => p.id) as [CalendarProviderId, ...CalendarProviderId[]],
);

export const calendarProviderStatus = z.object({
  id: calendarProviderId,
  name: z.string(),
  /** An OAuth client (id and secret) is configured on the server for this provider. */
  configured: z.boolean(),
});
export type CalendarProviderStatus = z.infer<typeof calendarProviderStatus>;

export const calendarConnectionSummary = z.object({
  id: z.string(),
  provider: calendarProviderId,
  calendarEmail: z.string(),
  calendarName: z.string().nullable(),
  lastSync: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** The provider refused the grant: syncs stop until the person reconnects. */
  needsReconnect: z.boolean(),
  /** When the schedule syncs it next; null while it needs reconnecting. */
  nextSyncAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CalendarConnectionSummary = z.infer<typeof calendarConnectionSummary>;

export const syncLogEntry = z.object({
  id: z.string(),
  connectionId: z.string(),
  provider: calendarProviderId,
  status: z.enum(["success", "failed"]),
  syncType: z.enum(["manual", "scheduled"]),
  eventsSynced: z.number(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type SyncLogEntry = z.infer<typeof syncLogEntry>;

/** GET /api/calendar-integrations */
export const calendarIntegrationsResponse = z.object({
  providers: z.array(calendarProviderStatus),
  connections: z.array(calendarConnectionSummary),
  syncLogs: z.array(syncLogEntry),
  /** The redirect addresses to register with a provider (the setup dialog lists them). */
  redirectUris: z.array(z.string()),
  /** Active connections the person's plan allows; null is unlimited. */
  connectionLimit: z.number().nullable(),
});
export type CalendarIntegrationsResponse = z.infer<typeof calendarIntegrationsResponse>;

/** POST /api/calendar-integrations/connect: which provider to connect. */
export const calendarConnectBody = z.object({ provider: calendarProviderId }).strict();

/** POST /api/calendar-integrations/connect answers where to send the browser. */
export const calendarConnectResponse = z.object({
  authUrl: z.string(),
  /** Addresses the provider must know; the setup dialog shows them before the redirect. */
  validRedirectUris: z.array(z.string()),
});
export type CalendarConnectResponse = z.infer<typeof calendarConnectResponse>;

/** POST /api/calendar-integrations/callback: what the provider put on /calendar-callback. */
export const calendarCallbackBody = z
  .object({
    state: z.string().min(1, "state is required").max(2000),
    code: z.string().min(1).max(4000).optional(),
    error: z.string().max(200).optional(),
  })
  .strict();
export type CalendarCallbackBody = z.infer<typeof calendarCallbackBody>;

/** POST /api/calendar-integrations/connections/:id/sync */
export const calendarSyncResult = z.object({ eventsSynced: z.number(), calendarName: z.string() });
export type CalendarSyncResult = z.infer<typeof calendarSyncResult>;

/** POST /api/calendar-integrations/callback */
export const calendarCallbackResponse = z.object({
  connection: calendarConnectionSummary,
  /** The first sync, run before answering; null when it failed (the connection says why). */
  sync: calendarSyncResult.nullable(),
});
export type CalendarCallbackResponse = z.infer<typeof calendarCallbackResponse>;

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

/** GET/POST/DELETE /api/calendar-integrations/ical-feed: the private subscription address, if any. */
export const icalFeedResponse = z.object({ url: z.string().nullable(), createdAt: z.string().nullable() });
export type IcalFeedResponse = z.infer<typeof icalFeedResponse>;

/** DELETE /api/calendar-integrations/connections/:id */
export const calendarDisconnected = z.object({ disconnected: z.literal(true) });

/**
 * Settings → Calendar, "Write accepted plan blocks to my calendar" (decision 185): the connection
 * whose calendar receives them, or null for off.
 */
export const planWriteBackBody = z
  .object({
    connectionId: z.uuid({ error: "connectionId must be a calendar connection id" }).nullable(),
    /** One of `calendars` of the answer; left out: the calendar chosen before (or the main one). */
    calendarId: z
      .string({ error: "calendarId must be the id of one of your calendars" })
      .min(1, "calendarId must be the id of one of your calendars")
      .max(500, "calendarId must be the id of one of your calendars")
      .optional(),
  })
  .strict();
export type PlanWriteBackBody = z.infer<typeof planWriteBackBody>;

export const writableCalendar = z.object({ id: z.string(), name: z.string(), primary: z.boolean() });

export const planWriteBackResponse = z.object({
  /** The connection written to, or null when write-back is off. */
  connectionId: z.string().nullable(),
  /** The calendar written to in it (decision 307); null when off. */
  calendarId: z.string().nullable(),
  /** The connection's calendars the person may write to (empty when off or unreadable). */
  calendars: z.array(writableCalendar),
  /** Why the calendars could not be read just now, or null. */
  calendarsError: z.string().nullable(),
  /**
   * Set when the chosen connection has not granted the write scope yet: the browser goes there to
   * consent, and write-back turns on when the consent's callback comes back.
   */
  authUrl: z.string().nullable(),
});
export type PlanWriteBackResponse = z.infer<typeof planWriteBackResponse>;
