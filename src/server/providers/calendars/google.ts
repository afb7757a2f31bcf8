// Google Calendar API v3 over plain fetch. A full sync lists the primary calendar's events of the
// window (timeMin/timeMax, single events) page by page and keeps the last page's nextSyncToken; an
// incremental sync sends only that syncToken (Google refuses it together with timeMin/timeMax), gets
// every change since, cancelled events included, and a 410 Gone when the token has expired.
import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { z } from "zod";
import {
  CalendarApiError,
  type CalendarProvider,
  type EventChanges,
  eventWithoutDate,
  MAX_PAGES,
  type ProviderEvent,
} from "./calendar-provider.ts";
import { getJson, type HttpOptions, shaped, tokenCall } from "./provider-http.ts";
import { googleWriter } from "./write-back.ts";

export type GoogleOptions = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  apiUrl: string;
  http?: HttpOptions;
};

export const GOOGLE_SCOPES = ["https://www.googleapis.com/auth/calendar.readonly"];
/** Asked for on top of the read scope when the person turns plan write-back on (incremental consent). */
export const GOOGLE_WRITE_SCOPE = "https://www.googleapis.com/auth/calendar.events";

const when = z.object({ dateTime: z.string().optional(), date: z.string().optional() }).passthrough();

const googleEvent = z
  .object({
    id: z.string().min(1),
    status: z.string().optional(),
    summary: z.string().nullish(),
    description: z.string().nullish(),
    location: z.string().nullish(),
    start: when.optional(),
    end: when.optional(),
    attendees: z
      .array(
        z
          .object({
            email: z.string().nullish(),
            displayName: z.string().nullish(),
            responseStatus: z.string().nullish(),
          })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();

const eventsPage = z
  .object({
    items: z.array(googleEvent).default([]),
    nextPageToken: z.string().optional(),
    nextSyncToken: z.string().optional(),
  })
  .passthrough();

const calendarResource = z.object({ id: z.string().min(1), summary: z.string().nullish() }).passthrough();

/** An instant from Google's {dateTime} or, for all-day events, {date} (midnight UTC of that day). */
export function googleInstant(w: { dateTime?: string; date?: string } | undefined): Date | null {
  const text = w?.dateTime ?? (w?.date ? `${w.date}T00:00:00Z` : undefined);
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function createGoogleCalendar(o: GoogleOptions): CalendarProvider {
  const api = o.apiUrl.replace(/\/+$/, "");
  const revokeUrl = o.tokenUrl.replace(/\/token\/?$/, "/revoke");
  const client = (redirectUri: string | null) => new OAuth2Client(o.clientId, o.clientSecret, redirectUri);

  function toEvent(e: z.infer<typeof googleEvent>): ProviderEvent {
    const start = googleInstant(e.start);
    if (!start) throw eventWithoutDate();
    return {
      externalId: e.id,
      title: e.summary || null,
      description: e.description ?? null,
      start,
      end: googleInstant(e.end),
      allDay: !e.start?.dateTime,
      location: e.location ?? null,
      attendees: (e.attendees ?? []).map((a) => ({
        email: a.email ?? null,
        name: a.displayName ?? null,
        status: a.responseStatus ?? null,
      })),
      raw: e,
    };
  }

  return {
    id: "google",
    writer: googleWriter({ apiUrl: o.apiUrl, http: o.http }),
    authorizationUrl({ state, codeVerifier, redirectUri, write }) {
      const url = client(redirectUri).createAuthorizationURLWithPKCE(
        o.authUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        write ? [...GOOGLE_SCOPES, GOOGLE_WRITE_SCOPE] : GOOGLE_SCOPES,
      );
      // Incremental consent: the new grant keeps the scopes granted before.
      if (write) url.searchParams.set("include_granted_scopes", "true");
      // A refresh token, asked for again at every consent so a reconnect always gets one.
      url.searchParams.set("access_type", "offline");
      url.searchParams.set("prompt", "consent");
      return url.toString();
    },
    exchangeCode({ code, codeVerifier, redirectUri }) {
      return tokenCall(() => client(redirectUri).validateAuthorizationCode(o.tokenUrl, code, codeVerifier));
    },
    refresh(refreshToken) {
      return tokenCall(() => client(null).refreshAccessToken(o.tokenUrl, refreshToken, []));
    },
    async revoke({ accessToken, refreshToken }) {
      // Revoking the refresh token ends the whole grant, access tokens included.
      const token = refreshToken ?? accessToken;
      if (!token) return;
      await client(null).revokeToken(revokeUrl, token);
    },
    async account(accessToken) {
      const cal = shaped(
        calendarResource,
        await getJson(`${api}/calendars/primary`, accessToken, o.http),
        "calendar",
      );
      // The primary calendar's id is the account's address.
      return { email: cal.id, calendarName: cal.summary || cal.id };
    },
    async changes(accessToken, { cursor, from, to }): Promise<EventChanges> {
      const result: EventChanges = { full: cursor === null, events: [], removed: [], cursor: null };
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const url = new URL(`${api}/calendars/primary/events`);
        url.searchParams.set("singleEvents", "true");
        url.searchParams.set("maxResults", "250");
        if (cursor) {
          url.searchParams.set("syncToken", cursor);
        } else {
          url.searchParams.set("timeMin", from.toISOString());
          url.searchParams.set("timeMax", to.toISOString());
        }
        if (pageToken) url.searchParams.set("pageToken", pageToken);
        const body = shaped(eventsPage, await getJson(url.toString(), accessToken, o.http), "event list");
        for (const e of body.items) {
          if (e.status === "cancelled") result.removed.push(e.id);
          else result.events.push(toEvent(e));
        }
        if (body.nextPageToken) {
          pageToken = body.nextPageToken;
          continue;
        }
        if (!body.nextSyncToken) {
          throw new CalendarApiError("malformed", "The provider's last page carries no sync token.");
        }
        result.cursor = body.nextSyncToken;
        return result;
      }
      throw new CalendarApiError(
        "malformed",
        `The provider's event list did not end after ${MAX_PAGES} pages.`,
      );
    },
  };
}
