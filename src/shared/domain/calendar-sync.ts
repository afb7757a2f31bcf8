// Calendar sync constants of spec section 9 and the two providers of section 3, written once.

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
} as const;
