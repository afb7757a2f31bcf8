// What Kairo needs from a calendar provider: the OAuth authorization-code flow with PKCE, the
// account's address and calendar name, and the events of a time window as changes since the last
// sync. Two adapters speak the real protocols over plain fetch (google.ts: Calendar API v3 with sync
// tokens; microsoft.ts: Graph calendarView delta); their addresses are settings, so tests run them
// against local fakes (tests/support/fake-calendars.ts).
import type { CalendarProviderId } from "#shared/domain/calendar-sync.ts";

export type TokenGrant = {
  accessToken: string;
  /** Google sends one only at the first exchange; Microsoft rotates it on every refresh. */
  refreshToken: string | null;
  expiresInSeconds: number | null;
};

export type CalendarAccount = { email: string; calendarName: string | null };

export type ProviderEvent = {
  externalId: string;
  title: string | null;
  description: string | null;
  start: Date;
  end: Date | null;
  allDay: boolean;
  location: string | null;
  attendees: { email: string | null; name: string | null; status: string | null }[];
  raw: unknown;
};

export type EventChanges = {
  /** A full listing of the window: stored events it does not name are gone. */
  full: boolean;
  events: ProviderEvent[];
  /** External ids cancelled or deleted at the provider. */
  removed: string[];
  /** Where the next incremental sync starts (Google's sync token, Graph's delta link). */
  cursor: string | null;
};

export interface CalendarProvider {
  readonly id: CalendarProviderId;
  /**
   * The consent page's address. `write` also asks for the write scope (Google calendar.events,
   * Microsoft Calendars.ReadWrite), only when the person turns plan write-back on (decision 185).
   */
  authorizationUrl(a: { state: string; codeVerifier: string; redirectUri: string; write?: boolean }): string;
  exchangeCode(a: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenGrant>;
  /** `write`: the grant holds the write scope, and the refreshed access token must too. */
  refresh(refreshToken: string, o?: { write?: boolean }): Promise<TokenGrant>;
  /** Writes plan blocks as events (write-back.ts), with the write scope. */
  readonly writer?: CalendarWriter;
  /** Revokes the grant where the provider offers it; resolves either way when it does not. */
  revoke(tokens: { accessToken: string | null; refreshToken: string | null }): Promise<void>;
  account(accessToken: string): Promise<CalendarAccount>;
  /**
   * The window's events: all of them when `cursor` is null, else what changed since the cursor. A
   * cursor the provider no longer knows throws CalendarApiError "sync_expired".
   */
  changes(accessToken: string, a: { cursor: string | null; from: Date; to: Date }): Promise<EventChanges>;
}

export type CalendarApiErrorKind =
  /** The access token was refused (401). */
  | "auth"
  /** The grant is revoked or expired (OAuth invalid_grant): the person must reconnect. */
  | "invalid_grant"
  /** Another OAuth error answer (access_denied, redirect_uri_mismatch, ...): see `oauthCode`. */
  | "oauth"
  | "rate_limited"
  /** The sync token or delta link is no longer valid: a full sync is needed (410 Gone). */
  | "sync_expired"
  /** The answer does not have the protocol's shape, or never ends. */
  | "malformed"
  /** Unreachable, or an unexpected status. */
  | "unavailable";

/** A provider's failure. The message is for logs and the sync history: never a token. */
export class CalendarApiError extends Error {
  readonly kind: CalendarApiErrorKind;
  readonly oauthCode: string | undefined;
  readonly status: number | undefined;
  constructor(
    kind: CalendarApiErrorKind,
    message: string,
    extra: { oauthCode?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "CalendarApiError";
    this.kind = kind;
    this.oauthCode = extra.oauthCode;
    this.status = extra.status;
  }
}

/** Pages followed in one sync before the answer is taken as endless. */
export const MAX_PAGES = 100;

/** An event that is not cancelled must have a start: the whole answer is refused. */
export const eventWithoutDate = () =>
  new CalendarApiError("malformed", "The calendar provider sent an event without a date.");

/** A plan block as an event (write-back.ts writes it). */
export type BlockEvent = {
  /** Kairo's plan block id, kept in the event's mark. */
  blockId: string;
  title: string;
  description?: string;
  start: Date;
  end: Date;
  /** Busy once the deadline is at risk; free while there is slack. */
  busy: boolean;
};

export interface CalendarWriter {
  insert(accessToken: string, calendarId: string, e: BlockEvent): Promise<{ eventId: string }>;
  move(
    accessToken: string,
    calendarId: string,
    eventId: string,
    e: Omit<BlockEvent, "title" | "blockId">,
  ): Promise<void>;
  remove(accessToken: string, calendarId: string, eventId: string): Promise<void>;
  /** The calendars of the account the person may write events to, every page read. */
  calendars(accessToken: string): Promise<WritableCalendar[]>;
}

/** A calendar plan blocks can be written to; `primary`: the account's main (default) calendar. */
export type WritableCalendar = { id: string; name: string; primary: boolean };
