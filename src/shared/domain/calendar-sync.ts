// Calendar sync constants of spec section 9 and the two providers of section 3, written once.
import { FREE_CALENDAR_CONNECTIONS } from "./entitlements.ts";

export const CALENDAR_PROVIDERS = [
  { id: "google", name: "Google Calendar" },
  { id: "microsoft", name: "Microsoft Outlook" },
] as const;

export type CalendarProviderId = (typeof CALENDAR_PROVIDERS)[number]["id"];

export const CALENDAR_SYNC = {
  /** Events are read from now to this many days ahead. */
  windowDays: 30,
  /** Active connections sync on their own this often. */
  autoSyncMinutes: 15,
  /** Sync History shows this many entries, newest first, in a list this tall. */
  historyEntries: 20,
  historyListHeightPx: 400,
  /** After the OAuth setup dialog, the browser moves on after this delay. */
  redirectDelayMs: 3000,
  /** Active connections one person may hold on any plan: each is synced every 15 minutes. */
  maxConnections: 10,
} as const;

export const CALENDAR_MAX_MESSAGE = `You can connect up to ${CALENDAR_SYNC.maxConnections} calendars. Disconnect one to connect another.`;

export const CALENDAR_LIMIT_MESSAGE = `The free plan connects ${FREE_CALENDAR_CONNECTIONS} calendar. Upgrade to Pro to connect more.`;

/** The spec's calendar notices (sections 5 and 8), written once for the server and the web. */
export const CALENDAR_TEXT = {
  connectFailedTitle: "Connection Failed",
  connectFailed: "Unable to connect to calendar provider",
  oauthConfigTitle: "OAuth Configuration Required",
  accessDenied: "Permission denied. Please grant the required permissions.",
  invalidGrant: "Authorization expired. Please reconnect your account.",
  syncCompleteTitle: "Sync Complete",
  syncComplete: (n: number, calendarName: string) =>
    `Synced ${n} ${n === 1 ? "event" : "events"} from ${calendarName}`,
  authRequiredTitle: "Authentication Required",
  authRequired: "Please reconnect your calendar to continue syncing",
  syncFailedTitle: "Sync Failed",
  syncFailed: "Unable to sync calendar events",
  noAccessToken: "No access token found",
  disconnected: "Calendar Disconnected",
  copied: "Copied to clipboard",
  untitled: "Untitled Event",
} as const;
