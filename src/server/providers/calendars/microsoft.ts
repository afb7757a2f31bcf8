// Microsoft Graph over plain fetch. A full sync starts a calendarView delta query on the window
// (startDateTime/endDateTime), follows @odata.nextLink page by page and keeps the @odata.deltaLink of
// the last page; an incremental sync calls that delta link and gets the changes since, deletions as
// "@removed" entries. Times are asked for in UTC (Prefer: outlook.timezone). Links are only followed
// on the Graph origin, so an answer cannot send the access token elsewhere.
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
import { microsoftWriter } from "./write-back.ts";

export type MicrosoftOptions = {
  clientId: string;
  clientSecret: string;
  tenant: string;
  /** May hold "{tenant}", replaced by `tenant`. */
  authUrl: string;
  tokenUrl: string;
  graphUrl: string;
  http?: HttpOptions;
};

export const MICROSOFT_SCOPES = ["offline_access", "Calendars.Read", "User.Read"];
/** With plan write-back on (decision 185): Microsoft tokens carry only the scopes asked for, so refreshes ask again. */
export const MICROSOFT_WRITE_SCOPES = [...MICROSOFT_SCOPES, "Calendars.ReadWrite"];

const when = z.object({ dateTime: z.string(), timeZone: z.string().optional() }).passthrough();

const graphEvent = z
  .object({
    id: z.string().min(1),
    "@removed": z.object({ reason: z.string().optional() }).passthrough().optional(),
    subject: z.string().nullish(),
    bodyPreview: z.string().nullish(),
    body: z.object({ content: z.string().nullish() }).passthrough().nullish(),
    isAllDay: z.boolean().nullish(),
    isCancelled: z.boolean().nullish(),
    start: when.nullish(),
    end: when.nullish(),
    location: z.object({ displayName: z.string().nullish() }).passthrough().nullish(),
    attendees: z
      .array(
        z
          .object({
            emailAddress: z
              .object({ address: z.string().nullish(), name: z.string().nullish() })
              .passthrough()
              .nullish(),
            status: z.object({ response: z.string().nullish() }).passthrough().nullish(),
          })
          .passthrough(),
      )
      .nullish(),
  })
  .passthrough();

const deltaPage = z
  .object({
    value: z.array(graphEvent),
    "@odata.nextLink": z.string().optional(),
    "@odata.deltaLink": z.string().optional(),
  })
  .passthrough();

const me = z
  .object({
    mail: z.string().nullish(),
    userPrincipalName: z.string().nullish(),
    displayName: z.string().nullish(),
  })
  .passthrough();
const calendar = z.object({ name: z.string().nullish() }).passthrough();

/** Graph's {dateTime, timeZone}: times without an offset are UTC, as we ask for. */
export function graphInstant(w: { dateTime: string; timeZone?: string } | null | undefined): Date | null {
  if (!w?.dateTime) return null;
  const hasOffset = /(Z|[+-]\d\d:?\d\d)$/.test(w.dateTime);
  const at = new Date(hasOffset ? w.dateTime : `${w.dateTime.replace(/(\.\d{3})\d+$/, "$1")}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function createMicrosoftCalendar(o: MicrosoftOptions): CalendarProvider {
  const graph = o.graphUrl.replace(/\/+$/, "");
  const graphOrigin = new URL(graph).origin;
  const authUrl = o.authUrl.replace("{tenant}", encodeURIComponent(o.tenant));
  const tokenUrl = o.tokenUrl.replace("{tenant}", encodeURIComponent(o.tenant));
  const client = (redirectUri: string | null) => new OAuth2Client(o.clientId, o.clientSecret, redirectUri);
  const headers = { prefer: 'odata.maxpagesize=100, outlook.timezone="UTC"' };

  function onGraph(link: string): string {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new CalendarApiError("malformed", "The provider sent a link that is not an address.");
    }
    if (url.origin !== graphOrigin) {
      throw new CalendarApiError("malformed", "The provider sent a link away from Microsoft Graph.");
    }
    return url.toString();
  }

  function toEvent(e: z.infer<typeof graphEvent>): ProviderEvent {
    const start = graphInstant(e.start);
    if (!start) throw eventWithoutDate();
    return {
      externalId: e.id,
      title: e.subject || null,
      description: e.bodyPreview || e.body?.content || null,
      start,
      end: graphInstant(e.end),
      allDay: Boolean(e.isAllDay),
      location: e.location?.displayName || null,
      attendees: (e.attendees ?? []).map((a) => ({
        email: a.emailAddress?.address ?? null,
        name: a.emailAddress?.name ?? null,
        status: a.status?.response ?? null,
      })),
      raw: e,
    };
  }

  return {
    id: "microsoft",
    writer: microsoftWriter({ graphUrl: o.graphUrl, http: o.http }),
    authorizationUrl({ state, codeVerifier, redirectUri, write }) {
      return client(redirectUri)
        .createAuthorizationURLWithPKCE(
          authUrl,
          state,
          CodeChallengeMethod.S256,
          codeVerifier,
          write ? MICROSOFT_WRITE_SCOPES : MICROSOFT_SCOPES,
        )
        .toString();
    },
    exchangeCode({ code, codeVerifier, redirectUri }) {
      return tokenCall(() => client(redirectUri).validateAuthorizationCode(tokenUrl, code, codeVerifier));
    },
    refresh(refreshToken, r) {
      const scopes = r?.write ? MICROSOFT_WRITE_SCOPES : MICROSOFT_SCOPES;
      return tokenCall(() => client(null).refreshAccessToken(tokenUrl, refreshToken, scopes));
    },
    async revoke() {
      // The Microsoft identity platform has no revocation of one grant (revokeSignInSessions would
      // sign the person out of every application): the stored tokens are deleted, the refresh token
      // dies unused, and the person can remove the app at myapps.microsoft.com.
    },
    async account(accessToken) {
      const [person, cal] = await Promise.all([
        getJson(`${graph}/me`, accessToken, o.http).then((v) => shaped(me, v, "profile")),
        getJson(`${graph}/me/calendar`, accessToken, o.http).then((v) => shaped(calendar, v, "calendar")),
      ]);
      const email = person.mail || person.userPrincipalName;
      if (!email) throw new CalendarApiError("malformed", "The provider's profile has no address.");
      return { email, calendarName: cal.name || person.displayName || email };
    },
    async changes(accessToken, { cursor, from, to }): Promise<EventChanges> {
      const result: EventChanges = { full: cursor === null, events: [], removed: [], cursor: null };
      let next: string;
      if (cursor) {
        next = onGraph(cursor);
      } else {
        const url = new URL(`${graph}/me/calendarView/delta`);
        url.searchParams.set("startDateTime", from.toISOString());
        url.searchParams.set("endDateTime", to.toISOString());
        next = url.toString();
      }
      for (let page = 0; page < MAX_PAGES; page++) {
        const body = shaped(
          deltaPage,
          await getJson(next, accessToken, { ...o.http, headers }),
          "event delta",
        );
        for (const e of body.value) {
          if (e["@removed"] || e.isCancelled) result.removed.push(e.id);
          else result.events.push(toEvent(e));
        }
        const nextLink = body["@odata.nextLink"];
        if (nextLink) {
          next = onGraph(nextLink);
          continue;
        }
        const deltaLink = body["@odata.deltaLink"];
        if (!deltaLink)
          throw new CalendarApiError("malformed", "The provider's last page carries no delta link.");
        result.cursor = onGraph(deltaLink);
        return result;
      }
      throw new CalendarApiError(
        "malformed",
        `The provider's event delta did not end after ${MAX_PAGES} pages.`,
      );
    },
  };
}
