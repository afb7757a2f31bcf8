// Writing accepted plan blocks to the person's calendar (issue 25, point 5): create, move and delete
// events in a chosen calendar over Google Calendar API v3 and Microsoft Graph, each marked as
// Kairo's own (Google's private extended properties, a Graph open extension) so Kairo changes only
// events it created, and shown as free while there is slack and busy once the deadline is at risk.
// Rate limits (429, Google's 403 rateLimitExceeded) are waited out as the sync's reads are; an event
// already gone at the provider counts as deleted.
import { z } from "zod";
import {
  type BlockEvent,
  CalendarApiError,
  type CalendarWriter,
  type WritableCalendar,
} from "./calendar-provider.ts";

export type { BlockEvent, CalendarWriter };

import { type HttpOptions, retryAfterMs, shaped } from "./provider-http.ts";

/** The private extended property (Google) and open extension name (Graph) that mark Kairo's events. */
export const KAIRO_MARK = "kairoBlockId";
export const GRAPH_EXTENSION = "com.kairo.planBlock";

const created = z.object({ id: z.string().min(1) }).passthrough();
const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function isGoogleRateLimit(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = await res
    .clone()
    .json()
    .catch(() => null);
  const reasons: unknown[] = body?.error?.errors?.map((e: { reason?: unknown }) => e.reason) ?? [];
  return reasons.some((r) => r === "rateLimitExceeded" || r === "userRateLimitExceeded");
}

/** A bearer JSON call (a write, or the read a write needs); with `goneIsDone`, 404 and 410 resolve to null. */
async function send(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  accessToken: string,
  body: unknown,
  o: HttpOptions & { goneIsDone?: boolean } = {},
): Promise<unknown> {
  const sleep = o.sleep ?? sleepFor;
  const attempts = o.attempts ?? 4;
  const maxWait = o.maxWaitMs ?? 30_000;
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs ?? 20_000),
      });
    } catch (cause) {
      throw new CalendarApiError("unavailable", "The calendar provider could not be reached.", { cause });
    }
    if (res.status === 429 || res.status === 503 || (await isGoogleRateLimit(res))) {
      await res.body?.cancel();
      const wait = retryAfterMs(res.headers.get("retry-after")) ?? 2 ** (attempt - 1) * 1000;
      if (attempt >= attempts || wait > maxWait)
        throw new CalendarApiError(
          res.status === 503 ? "unavailable" : "rate_limited",
          "The calendar provider is limiting requests; the write is tried again later.",
          { status: res.status },
        );
      await sleep(wait);
      continue;
    }
    if (res.status === 401) {
      await res.body?.cancel();
      throw new CalendarApiError("auth", "The calendar provider refused the access token.", { status: 401 });
    }
    if ((res.status === 404 || res.status === 410) && o.goneIsDone) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new CalendarApiError("unavailable", `The calendar provider answered ${res.status}.`, {
        status: res.status,
      });
    }
    if (res.status === 204) return null;
    try {
      return await res.json();
    } catch (cause) {
      throw new CalendarApiError("malformed", "The calendar provider's answer is not JSON.", { cause });
    }
  }
}

const enc = encodeURIComponent;

/**
 * The id Kairo gives the event of a plan block in Google: chosen by the client (base32hex, which a
 * uuid's hex digits are), so a create whose answer was lost is not made twice (decision 306).
 */
export const googleEventIdOf = (blockId: string) => `kairo${blockId.replace(/-/g, "").toLowerCase()}`;

const googleEvent = z
  .object({
    status: z.string().optional(),
    extendedProperties: z.object({ private: z.record(z.string(), z.string()).optional() }).optional(),
  })
  .passthrough();

/** Pages of a calendar list read at most: a guard against a provider that never stops paging. */
const MAX_PAGES = 20;

const googleCalendarList = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z.string().min(1),
            summary: z.string().optional(),
            summaryOverride: z.string().optional(),
            primary: z.boolean().optional(),
            deleted: z.boolean().optional(),
          })
          .passthrough(),
      )
      .optional(),
    nextPageToken: z.string().optional(),
  })
  .passthrough();

const graphCalendarList = z
  .object({
    value: z.array(
      z
        .object({
          id: z.string().min(1),
          name: z.string().optional(),
          canEdit: z.boolean().optional(),
          isDefaultCalendar: z.boolean().optional(),
        })
        .passthrough(),
    ),
    "@odata.nextLink": z.string().optional(),
  })
  .passthrough();

export function googleWriter(o: { apiUrl: string; http?: HttpOptions }): CalendarWriter {
  const api = o.apiUrl.replace(/\/+$/, "");
  const when = (d: Date) => ({ dateTime: d.toISOString(), timeZone: "UTC" });
  const eventsOf = (calendarId: string) => `${api}/calendars/${enc(calendarId)}/events`;
  const move: CalendarWriter["move"] = async (token, calendarId, eventId, e) => {
    await send(
      "PATCH",
      `${eventsOf(calendarId)}/${enc(eventId)}`,
      token,
      { start: when(e.start), end: when(e.end), transparency: e.busy ? "opaque" : "transparent" },
      o.http,
    );
  };
  return {
    async insert(token, calendarId, e) {
      const body = {
        summary: e.title,
        description: e.description ?? "Planned by Kairo.",
        start: when(e.start),
        end: when(e.end),
        transparency: e.busy ? "opaque" : "transparent",
        extendedProperties: { private: { [KAIRO_MARK]: e.blockId } },
      };
      const id = googleEventIdOf(e.blockId);
      try {
        const answer = await send("POST", eventsOf(calendarId), token, { id, ...body }, o.http);
        return { eventId: shaped(created, answer, "created event").id };
      } catch (err) {
        if (!(err instanceof CalendarApiError && err.status === 409)) throw err;
      }
      // The id is taken. Either an earlier run created this event and lost the answer (it is
      // adopted, at the block's time now), or Kairo deleted it once (Google keeps a deleted event's
      // id): then a new event, with an id Google chooses.
      const found = await send("GET", `${eventsOf(calendarId)}/${enc(id)}`, token, undefined, {
        ...o.http,
        goneIsDone: true,
      });
      const event = found === null ? null : shaped(googleEvent, found, "event");
      if (
        event &&
        event.status !== "cancelled" &&
        event.extendedProperties?.private?.[KAIRO_MARK] === e.blockId
      ) {
        await move(token, calendarId, id, e);
        return { eventId: id };
      }
      const answer = await send("POST", eventsOf(calendarId), token, body, o.http);
      return { eventId: shaped(created, answer, "created event").id };
    },
    move,
    async calendars(token) {
      const out: WritableCalendar[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const url = new URL(`${api}/users/me/calendarList`);
        url.searchParams.set("minAccessRole", "writer");
        if (pageToken) url.searchParams.set("pageToken", pageToken);
        const list = shaped(
          googleCalendarList,
          await send("GET", url.toString(), token, undefined, o.http),
          "calendar list",
        );
        for (const c of list.items ?? [])
          if (!c.deleted)
            out.push({ id: c.id, name: c.summaryOverride ?? c.summary ?? c.id, primary: c.primary === true });
        pageToken = list.nextPageToken;
        if (!pageToken) break;
      }
      return out;
    },
    async remove(token, calendarId, eventId) {
      await send("DELETE", `${eventsOf(calendarId)}/${enc(eventId)}`, token, undefined, {
        ...o.http,
        goneIsDone: true,
      });
    },
  };
}

const graphCreated = z
  .object({
    id: z.string().min(1),
    start: z.object({ dateTime: z.string() }).passthrough().optional(),
    end: z.object({ dateTime: z.string() }).passthrough().optional(),
    showAs: z.string().optional(),
  })
  .passthrough();

export function microsoftWriter(o: { graphUrl: string; http?: HttpOptions }): CalendarWriter {
  const graph = o.graphUrl.replace(/\/+$/, "");
  const when = (d: Date) => ({ dateTime: d.toISOString().replace("Z", ""), timeZone: "UTC" });
  const move: CalendarWriter["move"] = async (token, _calendarId, eventId, e) => {
    await send(
      "PATCH",
      `${graph}/me/events/${enc(eventId)}`,
      token,
      { start: when(e.start), end: when(e.end), showAs: e.busy ? "busy" : "free" },
      o.http,
    );
  };
  const events = (calendarId: string) =>
    calendarId === "default" ? `${graph}/me/events` : `${graph}/me/calendars/${enc(calendarId)}/events`;
  return {
    async insert(token, calendarId, e) {
      const answer = await send(
        "POST",
        events(calendarId),
        token,
        {
          subject: e.title,
          body: { contentType: "text", content: e.description ?? "Planned by Kairo." },
          start: when(e.start),
          end: when(e.end),
          showAs: e.busy ? "busy" : "free",
          extensions: [
            {
              "@odata.type": "microsoft.graph.openTypeExtension",
              extensionName: GRAPH_EXTENSION,
              [KAIRO_MARK]: e.blockId,
            },
          ],
          // Graph answers a repeated create with the same transactionId with the event the first
          // one made, so a create whose answer was lost is not made twice (decision 306).
          transactionId: e.blockId,
        },
        o.http,
      );
      const event = shaped(graphCreated, answer, "created event");
      // A repeated create answers the first event as it was: set it to the block's time now.
      const at = (v: { dateTime: string } | undefined) =>
        v ? Date.parse(`${v.dateTime.replace(/Z$/, "")}Z`) : NaN;
      if (
        at(event.start) !== e.start.getTime() ||
        at(event.end) !== e.end.getTime() ||
        (event.showAs !== undefined && event.showAs !== (e.busy ? "busy" : "free"))
      )
        await move(token, calendarId, event.id, e);
      return { eventId: event.id };
    },
    move,
    async calendars(token) {
      const out: WritableCalendar[] = [];
      let next: string | undefined = `${graph}/me/calendars?$select=id,name,canEdit,isDefaultCalendar`;
      for (let page = 0; next && page < MAX_PAGES; page++) {
        const answer: unknown = await send("GET", next, token, undefined, o.http);
        const list: z.infer<typeof graphCalendarList> = shaped(graphCalendarList, answer, "calendar list");
        for (const c of list.value)
          if (c.canEdit !== false)
            out.push({ id: c.id, name: c.name ?? c.id, primary: c.isDefaultCalendar === true });
        next = list["@odata.nextLink"];
      }
      return out;
    },
    async remove(token, _calendarId, eventId) {
      await send("DELETE", `${graph}/me/events/${enc(eventId)}`, token, undefined, {
        ...o.http,
        goneIsDone: true,
      });
    },
  };
}
