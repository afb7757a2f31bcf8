// Writing accepted plan blocks to the person's calendar (issue 25, point 5): create, move and delete
// events in a chosen calendar over Google Calendar API v3 and Microsoft Graph, each marked as
// Kairo's own (Google's private extended properties, a Graph open extension) so Kairo changes only
// events it created, and shown as free while there is slack and busy once the deadline is at risk.
// Rate limits (429, Google's 403 rateLimitExceeded) are waited out as the sync's reads are; an event
// already gone at the provider counts as deleted.
import { z } from "zod";
import { type BlockEvent, CalendarApiError, type CalendarWriter } from "./calendar-provider.ts";

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

/** A bearer JSON call that writes; `gone` answers (404, 410) resolve to null for a delete. */
async function send(
  method: "POST" | "PATCH" | "DELETE",
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

export function googleWriter(o: { apiUrl: string; http?: HttpOptions }): CalendarWriter {
  const api = o.apiUrl.replace(/\/+$/, "");
  const when = (d: Date) => ({ dateTime: d.toISOString(), timeZone: "UTC" });
  return {
    async insert(token, calendarId, e) {
      const answer = await send(
        "POST",
        `${api}/calendars/${enc(calendarId)}/events`,
        token,
        {
          summary: e.title,
          description: e.description ?? "Planned by Kairo.",
          start: when(e.start),
          end: when(e.end),
          transparency: e.busy ? "opaque" : "transparent",
          extendedProperties: { private: { [KAIRO_MARK]: e.blockId } },
        },
        o.http,
      );
      return { eventId: shaped(created, answer, "created event").id };
    },
    async move(token, calendarId, eventId, e) {
      await send(
        "PATCH",
        `${api}/calendars/${enc(calendarId)}/events/${enc(eventId)}`,
        token,
        { start: when(e.start), end: when(e.end), transparency: e.busy ? "opaque" : "transparent" },
        o.http,
      );
    },
    async remove(token, calendarId, eventId) {
      await send("DELETE", `${api}/calendars/${enc(calendarId)}/events/${enc(eventId)}`, token, undefined, {
        ...o.http,
        goneIsDone: true,
      });
    },
  };
}

export function microsoftWriter(o: { graphUrl: string; http?: HttpOptions }): CalendarWriter {
  const graph = o.graphUrl.replace(/\/+$/, "");
  const when = (d: Date) => ({ dateTime: d.toISOString().replace("Z", ""), timeZone: "UTC" });
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
        },
        o.http,
      );
      return { eventId: shaped(created, answer, "created event").id };
    },
    async move(token, _calendarId, eventId, e) {
      await send(
        "PATCH",
        `${graph}/me/events/${enc(eventId)}`,
        token,
        { start: when(e.start), end: when(e.end), showAs: e.busy ? "busy" : "free" },
        o.http,
      );
    },
    async remove(token, _calendarId, eventId) {
      await send("DELETE", `${graph}/me/events/${enc(eventId)}`, token, undefined, {
        ...o.http,
        goneIsDone: true,
      });
    },
  };
}
