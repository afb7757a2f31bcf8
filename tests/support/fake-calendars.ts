// A local fake of the two calendar providers, speaking their protocols closely enough for Kairo's
// adapters to be tested as they would run against the real services:
//   Google   /google/auth (authorization with PKCE), /google/token (code exchange, refresh),
//            /google/revoke, /google/calendar/v3/calendars/primary[/events] with pageToken paging,
//            nextSyncToken, syncToken and 410 Gone.
//   Microsoft /microsoft/{tenant}/oauth2/v2.0/authorize and /token (refresh tokens rotate),
//            /microsoft/graph/v1.0/me, /me/calendar, /me/calendarView/delta with @odata.nextLink
//            and @odata.deltaLink, "@removed" entries and 410 Gone.
// Failures are queued per path (429 with Retry-After, 401, 410, 500, a malformed answer), a request
// can be held at the door while the test acts, and every request is recorded. Writes (plan blocks,
// issue 25): Google POST/PATCH/DELETE /calendars/{id}/events[/{eventId}] with extendedProperties and
// transparency; Graph POST /me/events or /me/calendars/{id}/events with an open extension and showAs,
// PATCH and DELETE /me/events/{id}. It listens on an ephemeral port.
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";

type ProviderId = "google" | "microsoft";

export type FakeEvent = {
  id: string;
  title?: string;
  description?: string;
  location?: string;
  start: string;
  end: string;
  allDay?: boolean;
  attendees?: string[];
  /** Cancelled (Google) or deleted (Microsoft) at the provider. */
  cancelled?: boolean;
  /** Increases with every change; sync tokens and delta links name the version they saw. */
  version: number;
  /** Leave out the start (a malformed event). */
  noDate?: boolean;
  /** Written by a client: its mark (Google's private extended property, Graph's open extension). */
  mark?: string;
  /** Graph: the transactionId the creating POST carried. */
  transactionId?: string;
  /** Written by a client: busy (Google opaque, Graph busy) or free. */
  busy?: boolean;
  /** The calendar a client wrote it to. */
  calendarId?: string;
};

type Account = { email: string; name: string; events: Map<string, FakeEvent> };

type Grant = {
  provider: ProviderId;
  account: Account;
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  revoked: boolean;
  /** The scopes the access token carries; writes need Google's calendar.events or Graph's Calendars.ReadWrite. */
  scopes: string[];
};

/**
 * An answer given instead of the real one. `afterApplying`: the request is carried out first and
 * only its answer is lost, as when a connection drops after the provider wrote the event.
 */
type Failure = { status: number; retryAfter?: string; body?: unknown; raw?: string; afterApplying?: boolean };

export const FAKE_CLIENTS = {
  google: { id: "google-client-id", secret: "google-client-secret" },
  microsoft: { id: "microsoft-client-id", secret: "microsoft-client-secret" },
} as const;

export type FakeCalendars = Awaited<ReturnType<typeof startFakeCalendars>>;

export async function startFakeCalendars(o: { pageSize?: number } = {}) {
  const pageSize = o.pageSize ?? 2;
  let version = 0;
  const accounts: Record<ProviderId, Account> = {
    google: { email: "ada@example.com", name: "Ada's calendar", events: new Map() },
    microsoft: { email: "grace@example.com", name: "Calendar", events: new Map() },
  };
  const codes = new Map<
    string,
    {
      provider: ProviderId;
      challenge: string;
      redirectUri: string;
      clientId: string;
      used: boolean;
      scopes: string[];
    }
  >();
  const grants: Grant[] = [];
  const failures = new Map<string, Failure[]>();
  /** Requests held at the door until the test lets them through (see holdNext). */
  const holds = new Map<string, Array<{ arrived: () => void; gate: Promise<void> }>>();
  const requests: { method: string; path: string; query: string; auth: string | null; at: number }[] = [];
  /** Redirect addresses each client registered; empty means any. */
  const registeredRedirects: Record<ProviderId, string[]> = { google: [], microsoft: [] };
  /** deny: consent refused; paginateForever: every page has a next; delayMs: event lists answer late. */
  const behaviour = { deny: false, paginateForever: false, expiredSyncBefore: 0, delayMs: 0 };
  let self = "";

  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const unb64 = <T>(v: string): T | null => {
    try {
      return JSON.parse(Buffer.from(v, "base64url").toString("utf8")) as T;
    } catch {
      return null;
    }
  };
  const token = (prefix: string) => `${prefix}-${randomBytes(12).toString("hex")}`;

  function failureFor(c: Context, applied = false): Response | null {
    const list = failures.get(c.req.path);
    if (list?.[0] && Boolean(list[0].afterApplying) !== applied) return null;
    const f = list?.shift();
    if (!f) return null;
    if (f.raw !== undefined) return c.body(f.raw, f.status as 200, { "content-type": "application/json" });
    const headers: Record<string, string> = f.retryAfter ? { "retry-after": f.retryAfter } : {};
    return c.json(f.body ?? { error: { code: f.status, message: "fake failure" } }, f.status as 400, headers);
  }

  function bearer(c: Context, provider: ProviderId): Grant | Response {
    const auth = c.req.header("authorization") ?? "";
    const g = grants.find((x) => x.provider === provider && `Bearer ${x.accessToken}` === auth);
    if (!g || g.revoked || g.accessExpiresAt < Date.now()) {
      return c.json({ error: { code: 401, message: "Invalid Credentials", status: "UNAUTHENTICATED" } }, 401);
    }
    return g;
  }

  function basicClient(c: Context): string | null {
    const auth = c.req.header("authorization");
    if (!auth?.startsWith("Basic ")) return null;
    const [id, secret] = Buffer.from(auth.slice(6), "base64").toString("utf8").split(":");
    const known = Object.values(FAKE_CLIENTS).find((k) => k.id === id && k.secret === secret);
    return known ? known.id : null;
  }

  function authorize(c: Context, provider: ProviderId) {
    const q = c.req.query();
    if (q.client_id !== FAKE_CLIENTS[provider].id) return c.text("invalid_client", 401);
    const allowed = registeredRedirects[provider];
    if (!q.redirect_uri || (allowed.length > 0 && !allowed.includes(q.redirect_uri))) {
      return c.text("Error 400: redirect_uri_mismatch", 400);
    }
    const back = new URL(q.redirect_uri);
    back.searchParams.set("state", q.state ?? "");
    if (behaviour.deny) {
      back.searchParams.set("error", "access_denied");
      return c.redirect(back.toString(), 302);
    }
    if (q.code_challenge_method !== "S256" || !q.code_challenge || q.response_type !== "code") {
      back.searchParams.set("error", "invalid_request");
      return c.redirect(back.toString(), 302);
    }
    const code = token("code");
    codes.set(code, {
      provider,
      challenge: q.code_challenge,
      redirectUri: q.redirect_uri,
      clientId: q.client_id,
      used: false,
      scopes: (q.scope ?? "").split(" ").filter(Boolean),
    });
    back.searchParams.set("code", code);
    return c.redirect(back.toString(), 302);
  }

  async function tokenEndpoint(c: Context, provider: ProviderId) {
    const failed = failureFor(c);
    if (failed) return failed;
    const clientId = basicClient(c);
    if (clientId !== FAKE_CLIENTS[provider].id) return c.json({ error: "invalid_client" }, 401);
    const form = new URLSearchParams(await c.req.text());
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const entry = codes.get(form.get("code") ?? "");
      if (!entry || entry.used || entry.provider !== provider) return c.json({ error: "invalid_grant" }, 400);
      entry.used = true;
      if (form.get("redirect_uri") !== entry.redirectUri)
        return c.json({ error: "redirect_uri_mismatch" }, 400);
      const verifier = form.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== entry.challenge) {
        return c.json({ error: "invalid_grant", error_description: "PKCE verification failed" }, 400);
      }
      const g: Grant = {
        provider,
        account: accounts[provider],
        accessToken: token("access"),
        accessExpiresAt: Date.now() + 3600_000,
        refreshToken: token("refresh"),
        revoked: false,
        scopes: entry.scopes,
      };
      grants.push(g);
      return c.json({
        access_token: g.accessToken,
        refresh_token: g.refreshToken,
        expires_in: 3600,
        token_type: "Bearer",
        scope: form.get("scope") ?? "",
      });
    }
    if (grantType === "refresh_token") {
      const g = grants.find((x) => x.provider === provider && x.refreshToken === form.get("refresh_token"));
      if (!g || g.revoked) {
        return c.json(
          { error: "invalid_grant", error_description: "Token has been expired or revoked." },
          400,
        );
      }
      g.accessToken = token("access");
      g.accessExpiresAt = Date.now() + 3600_000;
      // Microsoft rotates the refresh token and issues the scopes asked for; Google keeps both.
      if (provider === "microsoft") {
        g.refreshToken = token("refresh");
        g.scopes = (form.get("scope") ?? "").split(" ").filter(Boolean);
      }
      return c.json({
        access_token: g.accessToken,
        expires_in: 3600,
        token_type: "Bearer",
        ...(provider === "microsoft" ? { refresh_token: g.refreshToken } : {}),
      });
    }
    return c.json({ error: "unsupported_grant_type" }, 400);
  }

  const inWindow = (e: FakeEvent, from: string | undefined, to: string | undefined) =>
    (!to || e.start < to) && (!from || e.end > from);

  function googleItem(e: FakeEvent) {
    if (e.cancelled) return { id: e.id, status: "cancelled" };
    const at = (v: string) => (e.allDay ? { date: v.slice(0, 10) } : { dateTime: v, timeZone: "UTC" });
    return {
      kind: "calendar#event",
      id: e.id,
      status: "confirmed",
      summary: e.title,
      description: e.description,
      location: e.location,
      ...(e.noDate ? {} : { start: at(e.start) }),
      end: at(e.end),
      attendees: e.attendees?.map((a) => ({ email: a, responseStatus: "accepted" })),
      ...(e.mark ? { extendedProperties: { private: { kairoBlockId: e.mark } } } : {}),
      ...(e.busy === undefined ? {} : { transparency: e.busy ? "opaque" : "transparent" }),
    };
  }

  function graphItem(e: FakeEvent) {
    if (e.cancelled)
      return { "@odata.type": "#microsoft.graph.event", id: e.id, "@removed": { reason: "deleted" } };
    const at = (v: string) => ({
      dateTime: v.replace("Z", "").replace(/(\.\d+)?$/, ".0000000"),
      timeZone: "UTC",
    });
    return {
      "@odata.type": "#microsoft.graph.event",
      id: e.id,
      subject: e.title ?? "",
      bodyPreview: e.description ?? "",
      isAllDay: Boolean(e.allDay),
      isCancelled: false,
      ...(e.noDate ? {} : { start: at(e.start) }),
      end: at(e.end),
      location: { displayName: e.location ?? "" },
      attendees: (e.attendees ?? []).map((a) => ({
        emailAddress: { address: a, name: a },
        status: { response: "accepted" },
      })),
    };
  }

  type GoogleCursor = { since: number | null; from?: string; to?: string; offset: number; at: number };

  const app = new Hono();
  app.use("*", async (c, next) => {
    requests.push({
      method: c.req.method,
      path: c.req.path,
      query: new URL(c.req.url).search,
      auth: c.req.header("authorization") ?? null,
      at: Date.now(),
    });
    const hold = holds.get(c.req.path)?.shift();
    if (hold) {
      hold.arrived();
      await hold.gate;
    }
    await next();
  });

  // -- Google
  app.get("/google/auth", (c) => authorize(c, "google"));
  app.post("/google/token", (c) => tokenEndpoint(c, "google"));
  app.post("/google/revoke", async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const t = form.get("token");
    const g = grants.find((x) => x.provider === "google" && (x.refreshToken === t || x.accessToken === t));
    if (!g) return c.json({ error: "invalid_token" }, 400);
    g.revoked = true;
    return c.body(null, 200);
  });
  app.get("/google/calendar/v3/calendars/primary", (c) => {
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, "google");
    if (g instanceof Response) return g;
    return c.json({
      kind: "calendar#calendar",
      id: g.account.email,
      summary: g.account.name,
      timeZone: "UTC",
    });
  });
  app.get("/google/calendar/v3/calendars/primary/events", async (c) => {
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, "google");
    if (g instanceof Response) return g;
    const q = c.req.query();
    let cursor: GoogleCursor;
    if (q.pageToken) {
      const parsed = unb64<GoogleCursor>(q.pageToken);
      if (!parsed) return c.json({ error: { code: 400, message: "Invalid page token" } }, 400);
      cursor = parsed;
    } else if (q.syncToken) {
      if (q.timeMin || q.timeMax) {
        return c.json(
          { error: { code: 400, message: "syncToken cannot be combined with timeMin or timeMax" } },
          400,
        );
      }
      const since = unb64<{ v: number }>(q.syncToken)?.v;
      if (since === undefined) return c.json({ error: { code: 400, message: "Invalid sync token" } }, 400);
      if (since < behaviour.expiredSyncBefore) {
        return c.json(
          {
            error: {
              code: 410,
              message: "Sync token is no longer valid, a full sync is required.",
              errors: [{ domain: "calendar", reason: "fullSyncRequired" }],
            },
          },
          410,
        );
      }
      cursor = { since, offset: 0, at: version };
    } else {
      cursor = { since: null, from: q.timeMin, to: q.timeMax, offset: 0, at: version };
    }
    const all = [...g.account.events.values()]
      .filter((e) =>
        cursor.since === null
          ? !e.cancelled && inWindow(e, cursor.from, cursor.to)
          : e.version > (cursor.since ?? 0),
      )
      .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
    const page = all.slice(cursor.offset, cursor.offset + pageSize);
    const more = behaviour.paginateForever || cursor.offset + pageSize < all.length;
    return c.json({
      kind: "calendar#events",
      summary: g.account.name,
      items: page.map(googleItem),
      ...(more
        ? { nextPageToken: b64({ ...cursor, offset: cursor.offset + pageSize }) }
        : { nextSyncToken: b64({ v: cursor.at }) }),
    });
  });

  // -- Microsoft
  app.get("/microsoft/:tenant/oauth2/v2.0/authorize", (c) => authorize(c, "microsoft"));
  app.post("/microsoft/:tenant/oauth2/v2.0/token", (c) => tokenEndpoint(c, "microsoft"));
  app.get("/microsoft/graph/v1.0/me", (c) => {
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, "microsoft");
    if (g instanceof Response) return g;
    return c.json({
      id: "fake-user",
      displayName: "Grace Hopper",
      mail: g.account.email,
      userPrincipalName: g.account.email,
    });
  });
  app.get("/microsoft/graph/v1.0/me/calendar", (c) => {
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, "microsoft");
    if (g instanceof Response) return g;
    return c.json({ id: "cal-1", name: g.account.name });
  });
  app.get("/microsoft/graph/v1.0/me/calendarView/delta", async (c) => {
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, "microsoft");
    if (g instanceof Response) return g;
    const q = c.req.query();
    type State = { since: number | null; from: string; to: string; offset: number; at: number };
    let state: State | null;
    if (q.$skiptoken) state = unb64<State>(q.$skiptoken);
    else if (q.$deltatoken) {
      const d = unb64<{ v: number; from: string; to: string }>(q.$deltatoken);
      if (d && d.v < behaviour.expiredSyncBefore) {
        return c.json(
          { error: { code: "SyncStateNotFound", message: "The sync state generation is not found." } },
          410,
        );
      }
      state = d ? { since: d.v, from: d.from, to: d.to, offset: 0, at: version } : null;
    } else if (q.startDateTime && q.endDateTime) {
      state = { since: null, from: q.startDateTime, to: q.endDateTime, offset: 0, at: version };
    } else {
      return c.json(
        { error: { code: "ErrorInvalidParameter", message: "startDateTime and endDateTime are required" } },
        400,
      );
    }
    if (!state) return c.json({ error: { code: "ErrorInvalidParameter", message: "Invalid token" } }, 400);
    const s = state;
    const all = [...g.account.events.values()]
      .filter((e) => inWindow(e, s.from, s.to) && (s.since === null ? !e.cancelled : e.version > s.since))
      .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
    const page = all.slice(s.offset, s.offset + pageSize);
    const more = behaviour.paginateForever || s.offset + pageSize < all.length;
    const base = `${self}/microsoft/graph/v1.0/me/calendarView/delta`;
    return c.json({
      "@odata.context": `${self}/microsoft/graph/v1.0/$metadata#Collection(event)`,
      value: page.map(graphItem),
      ...(more
        ? { "@odata.nextLink": `${base}?$skiptoken=${b64({ ...s, offset: s.offset + pageSize })}` }
        : { "@odata.deltaLink": `${base}?$deltatoken=${b64({ v: s.at, from: s.from, to: s.to })}` }),
    });
  });

  // -- writes (plan blocks)
  let written = 0;
  const newId = (p: string) => `${p}-written-${++written}`;
  const instant = (w: unknown): string | null => {
    const v = (w as { dateTime?: string } | undefined)?.dateTime;
    if (!v) return null;
    const d = new Date(/Z|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  };
  async function writeEvent(c: Context, provider: ProviderId, id: string | null, calendarId: string) {
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, provider);
    if (g instanceof Response) return g;
    if (!g.scopes.some((x) => x.endsWith("/auth/calendar.events") || x === "Calendars.ReadWrite"))
      return c.json({ error: { code: 403, message: "Insufficient permissions for this write." } }, 403);
    const existing = id ? g.account.events.get(id) : undefined;
    if (id && (!existing || existing.cancelled))
      return c.json({ error: { code: 404, message: "Not Found" } }, 404);
    if (c.req.method === "DELETE") {
      upsert(provider, { ...existing!, cancelled: true });
      return failureFor(c, true) ?? c.body(null, 204);
    }
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return c.json({ error: { code: 400, message: "Bad JSON" } }, 400);
    // Google: an id the client chooses (base32hex, 5 to 1024 characters), unique in the calendar
    // even after the event is deleted. Graph: a transactionId makes a repeated POST answer the
    // event the first one created (while it is not deleted).
    let chosenId: string | undefined;
    if (!id && provider === "google" && body.id !== undefined) {
      if (typeof body.id !== "string" || !/^[a-v0-9]{5,1024}$/.test(body.id))
        return c.json({ error: { code: 400, message: "Invalid resource id value." } }, 400);
      if (g.account.events.has(body.id))
        return c.json(
          {
            error: {
              code: 409,
              message: "The requested identifier already exists.",
              errors: [
                {
                  domain: "global",
                  reason: "duplicate",
                  message: "The requested identifier already exists.",
                },
              ],
            },
          },
          409,
        );
      chosenId = body.id;
    }
    const transactionId =
      provider === "microsoft" && !id ? (body.transactionId as string | undefined) : undefined;
    if (transactionId) {
      const before = [...g.account.events.values()].find(
        (e) => e.transactionId === transactionId && !e.cancelled,
      );
      if (before) return failureFor(c, true) ?? c.json(graphItem(before), 201);
    }
    const start = body.start === undefined ? existing?.start : instant(body.start);
    const end = body.end === undefined ? existing?.end : instant(body.end);
    if (!start || !end || end <= start)
      return c.json({ error: { code: 400, message: "Bad time range" } }, 400);
    const busy =
      provider === "google"
        ? body.transparency === undefined
          ? existing?.busy
          : body.transparency !== "transparent"
        : body.showAs === undefined
          ? existing?.busy
          : body.showAs !== "free";
    const ext =
      provider === "google"
        ? (body.extendedProperties as { private?: Record<string, string> } | undefined)?.private?.kairoBlockId
        : (body.extensions as Array<Record<string, string>> | undefined)?.find(
            (x) => x.extensionName === "com.kairo.planBlock",
          )?.kairoBlockId;
    const e: Omit<FakeEvent, "version"> = {
      ...(existing ?? { id: newId(provider) }),
      id: existing?.id ?? chosenId ?? newId(provider),
      ...(transactionId ? { transactionId } : {}),
      title: ((provider === "google" ? body.summary : body.subject) as string | undefined) ?? existing?.title,
      start,
      end,
      busy,
      mark: existing?.mark ?? ext,
      calendarId: existing?.calendarId ?? calendarId,
    };
    upsert(provider, e);
    return (
      failureFor(c, true) ??
      c.json(
        provider === "google" ? googleItem({ ...e, version }) : graphItem({ ...e, version }),
        id ? 200 : 201,
      )
    );
  }
  // -- calendar lists (where plan blocks may be written), paged by the fake's page size
  const googleCalendars = (email: string) => [
    { id: email, summary: email, primary: true, accessRole: "owner" },
    { id: "team-calendar@group.calendar.google.com", summary: "Team plans", accessRole: "writer" },
    { id: "en.usa#holiday@group.v.calendar.google.com", summary: "Holidays", accessRole: "reader" },
    { id: "focus-blocks@group.calendar.google.com", summary: "Focus blocks", accessRole: "owner" },
  ];
  const ROLE_RANK: Record<string, number> = { freeBusyReader: 0, reader: 1, writer: 2, owner: 3 };
  app.get("/google/calendar/v3/users/me/calendarList", (c) => {
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, "google");
    if (g instanceof Response) return g;
    const min = ROLE_RANK[c.req.query("minAccessRole") ?? "freeBusyReader"] ?? 0;
    const all = googleCalendars(g.account.email).filter((x) => ROLE_RANK[x.accessRole]! >= min);
    const offset = Number(c.req.query("pageToken") ?? 0);
    const more = offset + pageSize < all.length;
    return c.json({
      kind: "calendar#calendarList",
      items: all.slice(offset, offset + pageSize).map((x) => ({ kind: "calendar#calendarListEntry", ...x })),
      ...(more ? { nextPageToken: String(offset + pageSize) } : {}),
    });
  });
  const graphCalendars = [
    { id: "cal-default", name: "Calendar", canEdit: true, isDefaultCalendar: true },
    { id: "cal-birthdays", name: "Birthdays", canEdit: false, isDefaultCalendar: false },
    { id: "cal-team", name: "Team plans", canEdit: true, isDefaultCalendar: false },
    { id: "cal-focus", name: "Focus blocks", canEdit: true, isDefaultCalendar: false },
  ];
  app.get("/microsoft/graph/v1.0/me/calendars", (c) => {
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, "microsoft");
    if (g instanceof Response) return g;
    const offset = Number(c.req.query("$skip") ?? 0);
    const more = offset + pageSize < graphCalendars.length;
    return c.json({
      "@odata.context": `${self}/microsoft/graph/v1.0/$metadata#users('me')/calendars`,
      value: graphCalendars.slice(offset, offset + pageSize),
      ...(more
        ? { "@odata.nextLink": `${self}/microsoft/graph/v1.0/me/calendars?$skip=${offset + pageSize}` }
        : {}),
    });
  });

  app.get("/google/calendar/v3/calendars/:cal/events/:id", (c) => {
    const failed = failureFor(c);
    if (failed) return failed;
    const g = bearer(c, "google");
    if (g instanceof Response) return g;
    const e = g.account.events.get(c.req.param("id"));
    if (!e) return c.json({ error: { code: 404, message: "Not Found" } }, 404);
    return c.json(googleItem(e));
  });
  app.post("/google/calendar/v3/calendars/:cal/events", (c) =>
    writeEvent(c, "google", null, c.req.param("cal")),
  );
  app.patch("/google/calendar/v3/calendars/:cal/events/:id", (c) =>
    writeEvent(c, "google", c.req.param("id"), c.req.param("cal")),
  );
  app.delete("/google/calendar/v3/calendars/:cal/events/:id", (c) =>
    writeEvent(c, "google", c.req.param("id"), c.req.param("cal")),
  );
  app.post("/microsoft/graph/v1.0/me/events", (c) => writeEvent(c, "microsoft", null, "default"));
  app.post("/microsoft/graph/v1.0/me/calendars/:cal/events", (c) =>
    writeEvent(c, "microsoft", null, c.req.param("cal")),
  );
  app.patch("/microsoft/graph/v1.0/me/events/:id", (c) => writeEvent(c, "microsoft", c.req.param("id"), ""));
  app.delete("/microsoft/graph/v1.0/me/events/:id", (c) => writeEvent(c, "microsoft", c.req.param("id"), ""));

  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  self = `http://127.0.0.1:${port}`;

  function upsert(provider: ProviderId, e: Omit<FakeEvent, "version">) {
    version += 1;
    accounts[provider].events.set(e.id, { ...e, version });
  }

  return {
    url: self,
    /** The environment that points Kairo at this fake, with working OAuth clients. */
    env(): Record<string, string> {
      return {
        GOOGLE_CLIENT_ID: FAKE_CLIENTS.google.id,
        GOOGLE_CLIENT_SECRET: FAKE_CLIENTS.google.secret,
        GOOGLE_AUTH_URL: `${self}/google/auth`,
        GOOGLE_TOKEN_URL: `${self}/google/token`,
        GOOGLE_CALENDAR_API_URL: `${self}/google/calendar/v3`,
        MICROSOFT_CLIENT_ID: FAKE_CLIENTS.microsoft.id,
        MICROSOFT_CLIENT_SECRET: FAKE_CLIENTS.microsoft.secret,
        MICROSOFT_TENANT: "common",
        MICROSOFT_AUTH_URL: `${self}/microsoft/{tenant}/oauth2/v2.0/authorize`,
        MICROSOFT_TOKEN_URL: `${self}/microsoft/{tenant}/oauth2/v2.0/token`,
        MICROSOFT_GRAPH_URL: `${self}/microsoft/graph/v1.0`,
      };
    },
    accounts,
    requests,
    behaviour,
    registeredRedirects,
    grants,
    addEvent: (provider: ProviderId, e: Omit<FakeEvent, "version">) => upsert(provider, e),
    updateEvent(provider: ProviderId, id: string, change: Partial<Omit<FakeEvent, "version" | "id">>) {
      const current = accounts[provider].events.get(id);
      if (!current) throw new Error(`no fake event ${id}`);
      upsert(provider, { ...current, ...change });
    },
    cancelEvent(provider: ProviderId, id: string) {
      const current = accounts[provider].events.get(id);
      if (!current) throw new Error(`no fake event ${id}`);
      upsert(provider, { ...current, cancelled: true });
    },
    /** Sync tokens and delta links issued so far answer 410 Gone. */
    expireSyncState() {
      behaviour.expiredSyncBefore = version + 1;
    },
    /** The next request to `path` gets this answer instead. */
    failNext(path: string, failure: Failure) {
      const list = failures.get(path) ?? [];
      list.push(failure);
      failures.set(path, list);
    },
    /**
     * The next request to `path` waits at the door until `release()`: `reached` resolves when it
     * has arrived, so a test can act while a call of Kairo's is in flight.
     */
    holdNext(path: string) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const list = holds.get(path) ?? [];
      list.push({ arrived, gate });
      holds.set(path, list);
      return { reached, release };
    },
    /** A grant as a finished consent would leave it, for tests of the calls after sign-in. */
    issueToken(provider: ProviderId): string {
      const g: Grant = {
        provider,
        account: accounts[provider],
        accessToken: token("access"),
        accessExpiresAt: Date.now() + 3600_000,
        refreshToken: token("refresh"),
        revoked: false,
        scopes: ["https://www.googleapis.com/auth/calendar.events", "Calendars.ReadWrite"],
      };
      grants.push(g);
      return g.accessToken;
    },
    /** Every access token issued so far is refused from now on (as after its expiry). */
    expireAccessTokens() {
      for (const g of grants) g.accessExpiresAt = 0;
    },
    revokeAll(provider: ProviderId) {
      for (const g of grants) if (g.provider === provider) g.revoked = true;
    },
    /** Requests to a path (optionally only those with a query part matching). */
    count(path: string, query?: RegExp) {
      return requests.filter((r) => r.path === path && (!query || query.test(r.query))).length;
    },
    reset() {
      for (const a of Object.values(accounts)) a.events.clear();
      failures.clear();
      holds.clear();
      requests.length = 0;
      behaviour.deny = false;
      behaviour.paginateForever = false;
      behaviour.expiredSyncBefore = 0;
      behaviour.delayMs = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
