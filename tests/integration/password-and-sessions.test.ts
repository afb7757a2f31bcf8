// Changing the password (which ends the person's other sessions) and the Active sessions calls
// (list, revoke one, revoke the others), through real HTTP with several "devices" per person.
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { AUTH_RATE_LIMITS } from "#server/auth/auth.ts";
import { account, session, twoFactor, user, verification } from "#server/db/schema/auth.ts";
import type { Me } from "#shared/contracts/auth.ts";
import {
  type AuthSession,
  changePasswordBody,
  emptyBody,
  passwordConfirmBody,
  revokeSessionBody,
  verifyBackupCodeBody,
  verifyTotpBody,
} from "#shared/contracts/security.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type AuthError = { code: string; message: string };
type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const db = () => server.testDb.database.db;
const client = () => new TestClient(server.baseUrl);

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

describe("active sessions", () => {
  it("lists the person's sessions with their browser and times, and nobody else's", async () => {
    const person = await createVerifiedUser(server);
    await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    await signInElsewhere(person.email, person.password, FIREFOX_LINUX);
    const stranger = await createVerifiedUser(server);

    const res = await person.client.get<AuthSession[]>("/api/auth/list-sessions");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    const id = await userId(person.email);
    for (const s of res.body) {
      expect(s.userId).toBe(id);
      expect(Number.isNaN(Date.parse(s.updatedAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.expiresAt))).toBe(false);
    }
    expect(res.body.map((s) => s.userAgent)).toEqual(expect.arrayContaining([SAFARI_IPHONE, FIREFOX_LINUX]));

    const theirs = await stranger.client.get<AuthSession[]>("/api/auth/list-sessions");
    expect(theirs.body).toHaveLength(1);
    expect(theirs.body[0]!.userId).toBe(await userId(stranger.email));
  });

  it("revokes one session: that device is signed out, the others stay", async () => {
    const person = await createVerifiedUser(server);
    const phone = await signInElsewhere(person.email, person.password, SAFARI_IPHONE);
    const laptop = await signInElsewhere(person.email, person.password, FIREFOX_LINUX);
    const list = (await person.client.get<AuthSession[]>("/api/auth/list-sessions")).body;
    const phoneSession = list.find((s) => s.userAgent === SAFARI_IPHONE)!;

    const res = await person.client.post<{ status: boolean }>("/api/auth/revoke-session", {
      token: phoneSession.token,
    });
    expect(res.status).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(person.client)).toBe(true);
    const after = (await person.client.get<AuthSession[]>("/api/auth/list-sessions")).body;
    expect(after.map((s) => s.id)).not.toContain(phoneSession.id);
    expect(after).toHaveLength(2);
  });

  it("cannot revoke someone else's session", async () => {
    const person = await createVerifiedUser(server);
    const victim = await createVerifiedUser(server);
    const [victimSession] = await db()
      .select()
      .from(session)
      .where(eq(session.userId, await userId(victim.email)));

    await person.client.post("/api/auth/revoke-session", { token: victimSession!.token });
    expect(await isSignedIn(victim.client)).toBe(true);
    const rows = await db().select().from(session).where(eq(session.id, victimSession!.id));
    expect(rows).toHaveLength(1);
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
    expect((await person.client.get<AuthSession[]>("/api/auth/list-sessions")).body).toHaveLength(1);
  });

  it.each<[string, string, unknown, string]>([
    ["revoke-session", "no token", {}, "Session is required"],
    ["revoke-session", "a number", { token: 5 }, "Session must be text"],
    ["revoke-session", "an over-long token", { token: "t".repeat(300) }, "Session is not valid"],
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

  it("asks for a recent sign-in before listing sessions of a session over a day old", async () => {
    const person = await createVerifiedUser(server);
    const id = await userId(person.email);
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, id));
    const res = await person.client.get<AuthError>("/api/auth/list-sessions");
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("SESSION_NOT_FRESH");
    // Signing out the others still works from such a session.
    expect((await person.client.post("/api/auth/revoke-other-sessions", {})).status).toBe(200);
  });

  it("refuses visitors without a session", async () => {
    expect((await client().get("/api/auth/list-sessions")).status).toBe(401);
    expect((await client().post("/api/auth/revoke-other-sessions", {})).status).toBe(401);
    expect((await client().post("/api/auth/revoke-session", { token: "abc" })).status).toBe(401);
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
    ["/api/auth/revoke-session", revokeSessionBody],
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
