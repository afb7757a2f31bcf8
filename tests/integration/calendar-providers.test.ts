// The Google Calendar and Microsoft Graph adapters against the local fake providers: the OAuth
// authorization-code flow with PKCE, refresh (Microsoft's rotation), revocation, full listings
// with paging, incremental changes, 410 Gone, 401, rate limits with Retry-After, malformed answers.
import { generateCodeVerifier } from "arctic";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";
import { CalendarApiError, type CalendarProvider } from "#server/providers/calendars/calendar-provider.ts";
import { calendarProvidersFromEnv } from "#server/providers/calendars/create-calendar-providers.ts";
import { retryAfterMs } from "#server/providers/calendars/provider-http.ts";
import { type FakeCalendars, startFakeCalendars } from "../support/fake-calendars.ts";

let fake: FakeCalendars;
let providers: { google: CalendarProvider; microsoft: CalendarProvider };
const waits: number[] = [];
const redirectUri = "http://kairo.test/calendar-callback";
const from = new Date("2026-01-05T00:00:00Z");
const to = new Date("2026-02-04T00:00:00Z");

beforeAll(async () => {
  fake = await startFakeCalendars({ pageSize: 2 });
  const env = parseEnv({ NODE_ENV: "test", ...fake.env() });
  const made = calendarProvidersFromEnv(env, {
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  providers = { google: made.google!, microsoft: made.microsoft! };
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.reset();
  waits.length = 0;
});

/** Plays the browser at the provider: follows the authorization address to the code. */
async function authorize(p: CalendarProvider) {
  const codeVerifier = generateCodeVerifier();
  const url = new URL(p.authorizationUrl({ state: "state-1", codeVerifier, redirectUri }));
  const res = await fetch(url, { redirect: "manual" });
  const back = new URL(res.headers.get("location")!);
  return { url, back, codeVerifier, code: back.searchParams.get("code")! };
}

async function connected(p: CalendarProvider) {
  const { code, codeVerifier } = await authorize(p);
  return p.exchangeCode({ code, codeVerifier, redirectUri });
}

const eventsPath = (id: "google" | "microsoft") =>
  id === "google"
    ? "/google/calendar/v3/calendars/primary/events"
    : "/microsoft/graph/v1.0/me/calendarView/delta";

function seed(provider: "google" | "microsoft", n: number) {
  for (let i = 1; i <= n; i++) {
    fake.addEvent(provider, {
      id: `ev${i}`,
      title: `Meeting ${i}`,
      start: `2026-01-1${i}T09:00:00.000Z`,
      end: `2026-01-1${i}T10:00:00.000Z`,
      attendees: ["bob@example.com"],
    });
  }
}

describe.each(["google", "microsoft"] as const)("%s adapter", (id) => {
  it("authorizes with PKCE S256, exchanges the code and names the account", async () => {
    const p = providers[id];
    const { url, back, code, codeVerifier } = await authorize(p);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toBe(redirectUri);
    expect(back.searchParams.get("state")).toBe("state-1");
    if (id === "google") {
      expect(url.searchParams.get("access_type")).toBe("offline");
      expect(url.searchParams.get("prompt")).toBe("consent");
      expect(url.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/calendar.readonly");
    } else {
      expect(url.pathname).toBe("/microsoft/common/oauth2/v2.0/authorize");
      expect(url.searchParams.get("scope")).toBe("offline_access Calendars.Read User.Read");
    }
    // The wrong verifier is refused: the code is bound to the challenge.
    await expect(
      p.exchangeCode({ code, codeVerifier: `${codeVerifier}x`, redirectUri }),
    ).rejects.toMatchObject({
      kind: "invalid_grant",
    });
    const again = await authorize(p);
    const grant = await p.exchangeCode({ code: again.code, codeVerifier: again.codeVerifier, redirectUri });
    expect(grant.accessToken).toMatch(/^access-/);
    expect(grant.refreshToken).toMatch(/^refresh-/);
    expect(grant.expiresInSeconds).toBe(3600);
    expect(await p.account(grant.accessToken)).toEqual(
      id === "google"
        ? { email: "ada@example.com", calendarName: "Ada's calendar" }
        : { email: "grace@example.com", calendarName: "Calendar" },
    );
  });

  it("a redirect address the provider does not know fails the exchange with redirect_uri_mismatch", async () => {
    const p = providers[id];
    const { code, codeVerifier } = await authorize(p);
    const err = await p
      .exchangeCode({ code, codeVerifier, redirectUri: "http://elsewhere.test/calendar-callback" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(CalendarApiError);
    expect(err).toMatchObject({ kind: "oauth", oauthCode: "redirect_uri_mismatch" });
  });

  it("lists the window page by page, then follows only the changes", async () => {
    const p = providers[id];
    const grant = await connected(p);
    seed(id, 5);
    const first = await p.changes(grant.accessToken, { cursor: null, from, to });
    expect(first.full).toBe(true);
    expect(first.events.map((e) => e.externalId)).toEqual(["ev1", "ev2", "ev3", "ev4", "ev5"]);
    expect(first.events[0]).toMatchObject({
      title: "Meeting 1",
      start: new Date("2026-01-11T09:00:00Z"),
      end: new Date("2026-01-11T10:00:00Z"),
      allDay: false,
      attendees: [{ email: "bob@example.com", status: "accepted" }],
    });
    expect(first.cursor).toBeTruthy();

    fake.addEvent(id, {
      id: "ev6",
      title: "All hands",
      start: "2026-01-20T00:00:00.000Z",
      end: "2026-01-21T00:00:00.000Z",
      allDay: true,
    });
    fake.updateEvent(id, "ev2", {
      title: "Moved",
      start: "2026-01-22T09:00:00.000Z",
      end: "2026-01-22T09:30:00.000Z",
    });
    fake.cancelEvent(id, "ev3");
    const next = await p.changes(grant.accessToken, { cursor: first.cursor, from, to });
    expect(next.full).toBe(false);
    expect(next.events.map((e) => [e.externalId, e.title]).sort()).toEqual([
      ["ev2", "Moved"],
      ["ev6", "All hands"],
    ]);
    expect(next.events.find((e) => e.externalId === "ev6")).toMatchObject({
      allDay: true,
      start: new Date("2026-01-20T00:00:00Z"),
    });
    expect(next.removed).toEqual(["ev3"]);
    if (id === "google") {
      // The incremental call carries the sync token and no window (Google refuses both together).
      const last = fake.requests.filter((r) => r.path.endsWith("/events")).at(-1)!;
      expect(last.query).toContain("syncToken=");
      expect(last.query).not.toContain("timeMin");
    }
  });

  it("an expired sync state is a 410 the caller answers with a full sync", async () => {
    const p = providers[id];
    const grant = await connected(p);
    seed(id, 1);
    const first = await p.changes(grant.accessToken, { cursor: null, from, to });
    fake.expireSyncState();
    await expect(p.changes(grant.accessToken, { cursor: first.cursor, from, to })).rejects.toMatchObject({
      kind: "sync_expired",
    });
  });

  it("waits out a 429 as Retry-After says and goes on", async () => {
    const p = providers[id];
    const grant = await connected(p);
    seed(id, 1);
    const path = eventsPath(id);
    fake.failNext(path, { status: 429, retryAfter: "7" });
    const result = await p.changes(grant.accessToken, { cursor: null, from, to });
    expect(result.events).toHaveLength(1);
    expect(waits).toEqual([7000]);
  });

  it("gives up on a rate limit that asks for too long a wait", async () => {
    const p = providers[id];
    const grant = await connected(p);
    const path = eventsPath(id);
    fake.failNext(path, { status: 429, retryAfter: "3600" });
    await expect(p.changes(grant.accessToken, { cursor: null, from, to })).rejects.toMatchObject({
      kind: "rate_limited",
    });
    expect(waits).toEqual([]);
  });

  it("a refused access token is an auth error; refresh gets a new one; a revoked grant is invalid_grant", async () => {
    const p = providers[id];
    const grant = await connected(p);
    fake.expireAccessTokens();
    await expect(p.changes(grant.accessToken, { cursor: null, from, to })).rejects.toMatchObject({
      kind: "auth",
    });
    const renewed = await p.refresh(grant.refreshToken!);
    expect(renewed.accessToken).not.toBe(grant.accessToken);
    if (id === "microsoft") {
      // Microsoft rotates the refresh token: the new one works, the old one no longer does.
      expect(renewed.refreshToken).toMatch(/^refresh-/);
      expect(renewed.refreshToken).not.toBe(grant.refreshToken);
      await expect(p.refresh(grant.refreshToken!)).rejects.toMatchObject({ kind: "invalid_grant" });
    } else {
      expect(renewed.refreshToken).toBeNull();
    }
    await expect(p.changes(renewed.accessToken, { cursor: null, from, to })).resolves.toMatchObject({
      full: true,
    });
    fake.revokeAll(id);
    await expect(p.refresh(renewed.refreshToken ?? grant.refreshToken!)).rejects.toMatchObject({
      kind: "invalid_grant",
    });
  });

  it("refuses an event without a date and a listing that never ends", async () => {
    const p = providers[id];
    const grant = await connected(p);
    fake.addEvent(id, {
      id: "bad",
      title: "No date",
      start: "2026-01-12T09:00:00.000Z",
      end: "2026-01-12T10:00:00.000Z",
      noDate: true,
    });
    await expect(p.changes(grant.accessToken, { cursor: null, from, to })).rejects.toMatchObject({
      kind: "malformed",
      message: "The calendar provider sent an event without a date.",
    });
    fake.reset();
    fake.behaviour.paginateForever = true;
    await expect(p.changes(grant.accessToken, { cursor: null, from, to })).rejects.toMatchObject({
      kind: "malformed",
    });
  });

  it("refuses an answer that is not JSON", async () => {
    const p = providers[id];
    const grant = await connected(p);
    const path = eventsPath(id);
    fake.failNext(path, { status: 200, raw: "<html>" });
    await expect(p.changes(grant.accessToken, { cursor: null, from, to })).rejects.toMatchObject({
      kind: "malformed",
    });
  });
});

describe("provider specifics", () => {
  it("Google revocation ends the grant", async () => {
    const grant = await connected(providers.google);
    await providers.google.revoke({ accessToken: grant.accessToken, refreshToken: grant.refreshToken });
    await expect(providers.google.refresh(grant.refreshToken!)).rejects.toMatchObject({
      kind: "invalid_grant",
    });
  });

  it("Google's 403 rateLimitExceeded is waited out like a 429", async () => {
    const grant = await connected(providers.google);
    fake.failNext("/google/calendar/v3/calendars/primary/events", {
      status: 403,
      body: { error: { code: 403, errors: [{ reason: "rateLimitExceeded" }] } },
    });
    await providers.google.changes(grant.accessToken, { cursor: null, from, to });
    expect(waits).toEqual([1000]);
  });

  it("a Graph delta link off the Graph origin is never called", async () => {
    const grant = await connected(providers.microsoft);
    await expect(
      providers.microsoft.changes(grant.accessToken, {
        cursor: "https://evil.test/steal?$deltatoken=x",
        from,
        to,
      }),
    ).rejects.toMatchObject({ kind: "malformed" });
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(
      10_000,
    );
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs("soon")).toBeNull();
  });
});
