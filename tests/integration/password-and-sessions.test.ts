// Changing the password (which ends the person's other sessions) and the Active sessions calls
// (list and revoke one by session id, revoke the others, last activity with an injected clock),
// through real HTTP with several "devices" per person; no answer hands a page a session token.
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { AUTH_RATE_LIMITS } from "#server/auth/auth.ts";
import { account, session, twoFactor, user, verification } from "#server/db/schema/auth.ts";
import { SESSION_NOT_FOUND } from "#server/modules/account/sessions.ts";
import type { Me } from "#shared/contracts/auth.ts";
import {
  changePasswordBody,
  emptyBody,
  passwordConfirmBody,
  verifyBackupCodeBody,
  verifyTotpBody,
} from "#shared/contracts/security.ts";
import type { ActiveSessionsResponse } from "#shared/contracts/sessions.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { testServerForFile } from "../support/integration.ts";
import type { TestClient } from "../support/test-client.ts";

type AuthError = { code: string; message: string };
type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const { server, db, client } = testServerForFile();

async function userId(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}
async function passwordHash(email: string) {
  const [row] = await db()
    .select({ password: account.password })
    .from(account)
    .where(eq(account.userId, await userId(email)));
  return row!.password;
}

/** Another browser signing in as the same person. */
async function signInElsewhere(email: string, password: string, userAgent?: string) {
  const c = client();
  const res = await c.post(
    "/api/auth/sign-in/email",
    { email, password },
    userAgent ? { "user-agent": userAgent } : {},
  );
  expect(res.status).toBe(200);
  return c;
}

const isSignedIn = async (c: TestClient) => (await c.get<Me>("/api/me")).status === 200;

describe("POST /api/auth/change-password", () => {
  it("changes the password, ends the other sessions and keeps this one", async () => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    const laptop = await signInElsewhere(person.email, person.password, FIREFOX_LINUX);
    const newPassword = "Brand-new-Secret-77";

    const res = await person.client.post<{ token: string | null }>("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword,
    });
    expect(res.status).toBe(200);
    expect(await isSignedIn(person.client)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    const rows = await db()
      .select()
      .from(session)
      .where(eq(session.userId, await userId(person.email)));
    expect(rows).toHaveLength(1);

    const old = await client().post<AuthError>("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });
    expect(old.status).toBe(401);
    const fresh = client();
    expect(
      (await fresh.post("/api/auth/sign-in/email", { email: person.email, password: newPassword })).status,
    ).toBe(200);
    expect(await isSignedIn(fresh)).toBe(true);
  });

  it("refuses a wrong current password with 400 INVALID_PASSWORD and changes nothing", async () => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password);
    const before = await passwordHash(person.email);

    const res = await person.client.post<AuthError>("/api/auth/change-password", {
      currentPassword: "not-the-password-1",
      newPassword: "Another-Secret-88",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PASSWORD");
    expect(await passwordHash(person.email)).toBe(before);
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(person.client)).toBe(true);
    const old = await client().post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });
    expect(old.status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      "a short new password",
      { currentPassword: "x", newPassword: "short1!" },
      "Password must be at least 8 characters",
    ],
    ["no current password", { newPassword: "Long-enough-123" }, "Current password is required"],
    [
      "an empty current password",
      { currentPassword: "", newPassword: "Long-enough-123" },
      "Current password is required",
    ],
    ["no new password", { currentPassword: "whatever-123" }, "Password is required"],
    [
      "a number for a password",
      { currentPassword: "whatever-123", newPassword: 12345678 },
      "Password must be text",
    ],
    [
      "keeping the other sessions",
      { currentPassword: "whatever-123", newPassword: "Long-enough-123", revokeOtherSessions: false },
      "Other sessions are always signed out when the password changes",
    ],
    [
      "an unknown field",
      { currentPassword: "whatever-123", newPassword: "Long-enough-123", email: "x@example.com" },
      "Unknown field: email",
    ],
  ])("answers %s with 400 and a readable message, changing nothing", async (_, body, message) => {
    const person = await createVerifiedUser(server);
    const before = await passwordHash(person.email);
    const res = await person.client.post<ApiErrorBody>("/api/auth/change-password", body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION");
    expect(res.body.error.message).toBe(message);
    expect(await passwordHash(person.email)).toBe(before);
  });

  it("answers malformed JSON with 400 BAD_JSON", async () => {
    const person = await createVerifiedUser(server);
    const res = await person.client.request<ApiErrorBody>("POST", "/api/auth/change-password", {
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_JSON");
  });

  it("refuses a visitor without a session", async () => {
    const res = await client().post("/api/auth/change-password", {
      currentPassword: "whatever-123",
      newPassword: "Long-enough-123",
    });
    expect(res.status).toBe(401);
  });

  it("limits attempts to 5 per minute per address", async () => {
    expect(AUTH_RATE_LIMITS["/change-password"]).toEqual({ window: 60, max: 5 });
    const person = await createVerifiedUser(server);
    const before = await passwordHash(person.email);
    for (let i = 0; i < 5; i++) {
      const res = await person.client.post("/api/auth/change-password", {
        currentPassword: `wrong-guess-${i}`,
        newPassword: "Long-enough-123",
      });
      expect(res.status).toBe(400);
    }
    const limited = await person.client.post("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword: "Long-enough-123",
    });
    expect(limited.status).toBe(429);
    expect(await passwordHash(person.email)).toBe(before);
  });
});

describe("active sessions: GET /api/account/sessions and DELETE /api/account/sessions/:id", () => {
  afterEach(() => server.clock.reset());

  const list = async (c: TestClient) => {
    const res = await c.get<ActiveSessionsResponse>("/api/account/sessions");
    expect(res.status).toBe(200);
    return res.body.sessions;
  };
  const sessionRows = async (email: string) =>
    db()
      .select()
      .from(session)
      .where(eq(session.userId, await userId(email)));

  it("lists the person's sessions by id, this browser's first, with browser and times, and no token", async () => {
    const person = await createVerifiedUser(server);
    await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    await signInElsewhere(person.email, person.password, FIREFOX_LINUX);
    const stranger = await createVerifiedUser(server);

    const res = await person.client.get<ActiveSessionsResponse>("/api/account/sessions");
    expect(res.status).toBe(200);
    const sessions = res.body.sessions;
    const rows = await sessionRows(person.email);
    expect(sessions.map((s) => s.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(sessions.map((s) => s.current)).toEqual([true, false, false]);
    expect(sessions.map((s) => s.userAgent)).toEqual(expect.arrayContaining([SAFARI_IPHONE, FIREFOX_LINUX]));
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual(
        ["createdAt", "current", "expiresAt", "id", "ipAddress", "lastActiveAt", "userAgent"].sort(),
      );
      expect(Number.isNaN(Date.parse(s.lastActiveAt))).toBe(false);
      expect(Date.parse(s.expiresAt)).toBeGreaterThan(Date.now());
    }
    // The tokens stay on the server: none of them, in any field.
    const text = JSON.stringify(res.body);
    for (const row of rows) expect(text).not.toContain(row.token);

    const theirs = await list(stranger.client);
    expect(theirs.map((s) => s.id)).toEqual((await sessionRows(stranger.email)).map((r) => r.id));
  });

  it("lists at most the 50 most recently used sessions, this browser's first even when it is the oldest", async () => {
    const person = await createVerifiedUser(server);
    const personId = await userId(person.email);
    // 60 more sessions, each used a minute after the one before, all newer than this browser's.
    const base = Date.now() + 60_000;
    await db()
      .insert(session)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `bulk-session-${personId}-${i}`,
          token: `bulk-token-${personId}-${i}`,
          userId: personId,
          expiresAt: new Date(base + 86_400_000),
          createdAt: new Date(base + i * 60_000),
          updatedAt: new Date(base + i * 60_000),
        })),
      );
    const sessions = await list(person.client);
    expect(sessions).toHaveLength(50);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions.slice(1).map((s) => s.id)).toEqual(
      Array.from({ length: 49 }, (_, i) => `bulk-session-${personId}-${59 - i}`),
    );
  });

  it("revokes one session by its id: that device is signed out, the others stay", async () => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    const laptop = await signInElsewhere(person.email, person.password, FIREFOX_LINUX);
    const phoneSession = (await list(person.client)).find((s) => s.userAgent === SAFARI_IPHONE)!;

    const res = await person.client.delete(`/api/account/sessions/${phoneSession.id}`);
    expect(res.status).toBe(204);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(person.client)).toBe(true);
    const after = await list(person.client);
    expect(after.map((s) => s.id)).not.toContain(phoneSession.id);
    expect(after).toHaveLength(2);
    // Gone already: the same id again is a 404.
    expect((await person.client.delete(`/api/account/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it("answers 404 for another person's session, a made-up id or a malformed one, and signs nobody out", async () => {
    const person = await createVerifiedUser(server);
    const victim = await createVerifiedUser(server);
    const victimPhone = await signInElsewhere(victim.email, victim.password, SAFARI_IPHONE);
    const victimRows = await sessionRows(victim.email);
    expect(victimRows).toHaveLength(2);

    const ids = [
      ...victimRows.map((r) => r.id),
      "no-such-session-id",
      encodeURIComponent("bad id!"),
      "x".repeat(65),
    ];
    for (const id of ids) {
      const res = await person.client.delete<ApiErrorBody>(`/api/account/sessions/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toEqual({ code: "NOT_FOUND", message: SESSION_NOT_FOUND });
    }
    expect((await sessionRows(victim.email)).map((r) => r.id).sort()).toEqual(
      victimRows.map((r) => r.id).sort(),
    );
    expect(await isSignedIn(victim.client)).toBe(true);
    expect(await isSignedIn(victimPhone)).toBe(true);
    expect(await isSignedIn(person.client)).toBe(true);
  });

  it("revoking this browser's own session signs it out and expires its cookie", async () => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    const own = (await list(person.client)).find((s) => s.current)!;
    const res = await person.client.delete(`/api/account/sessions/${own.id}`);
    expect(res.status).toBe(204);
    expect(person.client.hasSessionCookie()).toBe(false);
    expect(await isSignedIn(person.client)).toBe(false);
    expect(await isSignedIn(phone)).toBe(true);
  });

  it("signs out everywhere else and keeps this device", async () => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    const laptop = await signInElsewhere(person.email, person.password, FIREFOX_LINUX);
    const stranger = await createVerifiedUser(server);

    const res = await person.client.post<{ status: boolean }>("/api/auth/revoke-other-sessions", {});
    expect(res.status).toBe(200);
    expect(await isSignedIn(person.client)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(stranger.client)).toBe(true);
    expect((await list(person.client)).map((s) => s.current)).toEqual([true]);
  });

  it("records last activity per session as requests come, at most once a minute", async () => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    const phoneId = (await list(person.client)).find((s) => s.userAgent === SAFARI_IPHONE)!.id;
    const phoneRow = async () => (await db().select().from(session).where(eq(session.id, phoneId)))[0]!;
    const phoneInList = async () => (await list(person.client)).find((s) => s.id === phoneId)!;
    const renewedAt = (await phoneRow()).updatedAt;

    const t0 = new Date(Date.now() + 3 * 60 * 60_000);
    server.clock.set(t0);
    expect(await isSignedIn(phone)).toBe(true);
    expect((await phoneInList()).lastActiveAt).toBe(t0.toISOString());

    // Within the minute: no write.
    server.clock.set(new Date(t0.getTime() + 30_000));
    expect(await isSignedIn(phone)).toBe(true);
    expect((await phoneRow()).lastActiveAt).toEqual(t0);
    expect((await phoneInList()).lastActiveAt).toBe(t0.toISOString());

    // A minute on, the next request moves it.
    const t1 = new Date(t0.getTime() + 61_000);
    server.clock.set(t1);
    expect(await isSignedIn(phone)).toBe(true);
    expect((await phoneInList()).lastActiveAt).toBe(t1.toISOString());
    // Better Auth's own renewal time did not move: it is not what the list shows.
    expect((await phoneRow()).updatedAt).toEqual(renewedAt);

    // A session that makes no request keeps its time while another one is used.
    server.clock.set(new Date(t1.getTime() + 10 * 60_000));
    expect((await phoneInList()).lastActiveAt).toBe(t1.toISOString());
  });

  it("closes Better Auth's calls that answer or take session tokens, and no auth answer carries one", async () => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    const rows = await sessionRows(person.email);

    const listed = await person.client.get<ApiErrorBody>("/api/auth/list-sessions");
    expect(listed.status).toBe(404);
    expect(listed.body.error.code).toBe("NOT_FOUND");
    for (const row of rows) {
      const revoked = await person.client.post("/api/auth/revoke-session", { token: row.token });
      expect(revoked.status).toBe(404);
    }
    expect(await isSignedIn(phone)).toBe(true);
    expect((await sessionRows(person.email)).length).toBe(rows.length);

    // The browser's own token is in its HttpOnly cookie, not in what a page can read.
    const laptop = client();
    const signIn = await laptop.post<Record<string, unknown>>("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body).not.toHaveProperty("token");
    expect(signIn.body).toHaveProperty("user");
    const current = await laptop.get<{ session: Record<string, unknown>; user: { email: string } }>(
      "/api/auth/get-session",
    );
    expect(current.status).toBe(200);
    expect(current.body.user.email).toBe(person.email);
    expect(current.body.session).toHaveProperty("id");
    expect(current.body.session).not.toHaveProperty("token");
    const changed = await laptop.post<Record<string, unknown>>("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword: "Another-Fresh-Secret-31",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).not.toHaveProperty("token");
    expect(await isSignedIn(laptop)).toBe(true);
    const all = (await db().select({ token: session.token }).from(session)).map((r) => r.token);
    for (const body of [signIn.body, current.body, changed.body]) {
      for (const token of all) expect(JSON.stringify(body)).not.toContain(token);
    }
  });

  it.each<[string, string, unknown, string]>([
    ["revoke-other-sessions", "an unknown field", { all: true }, "Unknown field: all"],
    ["revoke-sessions", "an unknown field", { keep: "this" }, "Unknown field: keep"],
  ])("/%s with %s answers 400 and signs nobody out", async (path, _, body, message) => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password);
    const res = await person.client.post<ApiErrorBody>(`/api/auth/${path}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(person.client)).toBe(true);
  });

  it("refuses visitors without a session", async () => {
    expect((await client().get("/api/account/sessions")).status).toBe(401);
    expect((await client().delete("/api/account/sessions/abc")).status).toBe(401);
    expect((await client().post("/api/auth/revoke-other-sessions", {})).status).toBe(401);
  });
});

describe("malformed bodies on every security call (property-based)", () => {
  const CALLS: [path: string, schema: z.ZodType][] = [
    ["/api/auth/change-password", changePasswordBody],
    ["/api/auth/two-factor/enable", passwordConfirmBody],
    ["/api/auth/two-factor/disable", passwordConfirmBody],
    ["/api/auth/two-factor/get-totp-uri", passwordConfirmBody],
    ["/api/auth/two-factor/generate-backup-codes", passwordConfirmBody],
    ["/api/auth/two-factor/verify-totp", verifyTotpBody],
    ["/api/auth/two-factor/verify-backup-code", verifyBackupCodeBody],
    ["/api/auth/revoke-other-sessions", emptyBody],
    ["/api/auth/revoke-sessions", emptyBody],
  ];
  const fields = ["code", "password", "currentPassword", "newPassword", "revokeOtherSessions", "token", "x"];
  // Bodies near the real ones (the right keys with wrong values) and anything JSON at all.
  const body = fc.oneof(
    fc.dictionary(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    fc.jsonValue({ maxDepth: 3 }),
  );

  async function snapshot(email: string) {
    const id = await userId(email);
    const n = async (table: typeof session | typeof twoFactor | typeof verification) =>
      Number((await db().select({ n: count() }).from(table))[0]!.n);
    return {
      password: await passwordHash(email),
      sessions: await n(session),
      factors: await n(twoFactor),
      verifications: await n(verification),
      twoFactorEnabled: (await db().select().from(user).where(eq(user.id, id)))[0]!.twoFactorEnabled,
    };
  }

  it.each(CALLS)("%s answers 4xx, never 5xx, and changes nothing", async (path, schema) => {
    const person = await createVerifiedUser(server);
    await signInElsewhere(person.email, person.password);
    const before = await snapshot(person.email);
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        fc.pre(!schema.safeParse(value).success); // only bodies the shared schema refuses
        // Sent as raw text: the client's post() would turn a null body into {}.
        const res = await person.client.request<ApiErrorBody>("POST", path, { body: JSON.stringify(value) });
        expect(res.status, JSON.stringify(value)).toBeGreaterThanOrEqual(400);
        expect(res.status, JSON.stringify(value)).toBeLessThan(500);
        expect(typeof res.body.error.message).toBe("string");
      }),
      { numRuns: 30 },
    );
    expect(await snapshot(person.email)).toEqual(before);
    expect(await isSignedIn(person.client)).toBe(true);
  });
});
