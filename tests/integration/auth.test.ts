// Sign-up, verification, sign-in, sign-out, sessions, password reset, the first administrator and
// the development outbox, all through real HTTP against the database KAIRO_TEST_DB selects.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, session, user } from "#server/db/schema/auth.ts";
import { parseEnv } from "#server/env.ts";
import { createKairo } from "#server/kairo.ts";
import { createLogger } from "#server/logger.ts";
import { betterAuthSession, betterAuthSignIn, type Me } from "#shared/contracts/auth.ts";
import { createVerifiedUser, resetLink, userData, verificationLink } from "../support/factories.ts";
import { testServerForFile } from "../support/integration.ts";
import type { TestClient } from "../support/test-client.ts";

const EMAIL_EXISTS = "An account with this email already exists. Please sign in instead.";
const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60; // default of SESSION_TTL_SECONDS
const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60; // default of SESSION_RENEW_AFTER_SECONDS

type AuthError = { code: string; message: string };
type SessionBody = {
  session: { id: string; userId: string; expiresAt: string };
  user: { email: string };
} | null;

const { server, db, client } = testServerForFile();
const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};
const mailsTo = (email: string) => server.outbox.list().filter((m) => m.to === email);

async function userRow(email: string) {
  const [row] = await db().select().from(user).where(eq(user.email, email.toLowerCase()));
  return row;
}

async function signUp(c: TestClient, data: { name: string; email: string; password: string }) {
  return c.post<{ user?: { email: string }; token?: string | null } & Partial<AuthError>>(
    "/api/auth/sign-up/email",
    { ...data, callbackURL: "/auth/callback" },
  );
}

async function sessionRowsOf(userId: string) {
  return db().select().from(session).where(eq(session.userId, userId));
}

describe("sign-up", () => {
  it("writes an unverified user with a password account and mails a verification link", async () => {
    const data = userData();
    const res = await signUp(client(), data);
    expect(res.status).toBe(200);
    expect(res.body.user?.email).toBe(data.email);

    const row = await userRow(data.email);
    expect(row).toBeDefined();
    expect(row!.name).toBe(data.name);
    expect(row!.emailVerified).toBe(false);
    expect(row!.role).toBe("user");
    const accounts = await db().select().from(account).where(eq(account.userId, row!.id));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.providerId).toBe("credential");
    expect(accounts[0]!.password).toBeTruthy();
    expect(accounts[0]!.password).not.toContain(data.password); // stored hashed, never in clear

    const mails = mailsTo(data.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/verify/i);
    const link = new URL(verificationLink(server, data.email));
    expect(link.origin).toBe(server.baseUrl);
    expect(link.pathname).toBe("/api/auth/verify-email");
    expect(link.searchParams.get("token")).toBeTruthy();
    expect(link.searchParams.get("callbackURL")).toBe("/auth/callback");
  });

  it("does not sign the person in before verification", async () => {
    const c = client();
    const data = userData();
    expect((await signUp(c, data)).status).toBe(200);
    expect(c.hasSessionCookie()).toBe(false);
    const me = await c.get("/api/me");
    expect(me.status).toBe(401);
  });

  it("answers a duplicate sign-up with 422 and the exact message, writing and mailing nothing", async () => {
    const data = userData();
    expect((await signUp(client(), data)).status).toBe(200);
    const mailsBefore = mailsTo(data.email).length;

    const again = await signUp(client(), { ...data, name: "Someone Else", password: "another-pass-1" });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: "USER_ALREADY_EXISTS", message: EMAIL_EXISTS });

    const upper = await signUp(client(), { ...data, email: data.email.toUpperCase() });
    expect(upper.status).toBe(422);
    expect(upper.body).toMatchObject({ code: "USER_ALREADY_EXISTS", message: EMAIL_EXISTS });

    const rows = await db().select().from(user).where(eq(user.email, data.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(data.name);
    expect(mailsTo(data.email)).toHaveLength(mailsBefore);
  });

  it("stores the email in lower case", async () => {
    const data = userData();
    const mixed = data.email.replace("person", "PerSon");
    expect((await signUp(client(), { ...data, email: mixed })).status).toBe(200);
    expect((await userRow(data.email))?.email).toBe(data.email.toLowerCase());
  });
});

describe("email verification", () => {
  it("refuses sign-in before verification with 403 EMAIL_NOT_VERIFIED", async () => {
    const data = userData();
    const c = client();
    await signUp(c, data);
    const res = await c.post<AuthError>("/api/auth/sign-in/email", {
      email: data.email,
      password: data.password,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(c.hasSessionCookie()).toBe(false);
    const row = await userRow(data.email);
    expect(await sessionRowsOf(row!.id)).toHaveLength(0);
  });

  it("resends the verification email on request", async () => {
    const data = userData();
    await signUp(client(), data);
    expect(mailsTo(data.email)).toHaveLength(1);

    const res = await client().post("/api/auth/send-verification-email", {
      email: data.email,
      callbackURL: "/auth/callback",
    });
    expect(res.status).toBe(200);
    const mails = mailsTo(data.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toMatch(/verify/i);
    expect(mails[0]!.text).toMatch(/\/api\/auth\/verify-email\?token=/);
  });

  it("follows the link: 302 to /auth/callback, verified, and signed in", async () => {
    const data = userData();
    const c = client();
    await signUp(c, data);
    const res = await c.get(pathOf(verificationLink(server, data.email)));
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, server.baseUrl).pathname).toBe("/auth/callback");
    expect(c.hasSessionCookie()).toBe(true);

    const me = await c.get<Me>("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: data.email,
      fullName: data.name,
      emailVerified: true,
      role: "user",
    });
    expect((await userRow(data.email))?.emailVerified).toBe(true);
  });

  it("works from the resent link too, and then sign-in is allowed", async () => {
    const data = userData();
    await signUp(client(), data);
    await client().post("/api/auth/send-verification-email", {
      email: data.email,
      callbackURL: "/auth/callback",
    });
    const c = client();
    const res = await c.get(pathOf(verificationLink(server, data.email)));
    expect(res.status).toBe(302);
    expect((await c.get<Me>("/api/me")).body.email).toBe(data.email);

    const other = client();
    const signIn = await other.post("/api/auth/sign-in/email", {
      email: data.email,
      password: data.password,
    });
    expect(signIn.status).toBe(200);
  });

  it("rejects a forged verification token without verifying anyone", async () => {
    const data = userData();
    await signUp(client(), data);
    const c = client();
    const res = await c.get("/api/auth/verify-email?token=not-a-real-token&callbackURL=/auth/callback");
    expect(res.status).not.toBe(200);
    expect(res.status).toBeLessThan(500);
    expect(c.hasSessionCookie()).toBe(false);
    expect((await userRow(data.email))?.emailVerified).toBe(false);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password: 200 and a session cookie", async () => {
    const { email, password } = await createVerifiedUser(server);
    const c = client();
    const res = await c.post<{ user: { email: string } }>("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(betterAuthSignIn.safeParse(res.body).success).toBe(true);
    expect(c.hasSessionCookie()).toBe(true);
    const cookie = res.headers.getSetCookie().find((l) => l.includes("session_token"))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await c.get<Me>("/api/me")).body.email).toBe(email);
  });

  it("answers a wrong password with 401 INVALID_EMAIL_OR_PASSWORD", async () => {
    const { email } = await createVerifiedUser(server);
    const c = client();
    const res = await c.post<AuthError>("/api/auth/sign-in/email", { email, password: "wrong-password-1" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(c.hasSessionCookie()).toBe(false);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const { email } = await createVerifiedUser(server);
    const wrong = await client().post<AuthError>("/api/auth/sign-in/email", {
      email,
      password: "wrong-password-1",
    });
    const unknown = await client().post<AuthError>("/api/auth/sign-in/email", {
      email: userData().email,
      password: "wrong-password-1",
    });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("refuses a password under 6 characters with the spec's words before Better Auth sees it", async () => {
    const { email } = await createVerifiedUser(server);
    const c = client();
    const res = await c.post<{ error: { code: string; message: string; fields: Record<string, string> } }>(
      "/api/auth/sign-in/email",
      { email, password: "12345" },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION");
    expect(res.body.error.fields).toEqual({ password: "Password must be at least 6 characters" });
    expect(c.hasSessionCookie()).toBe(false);
  });

  it("signs out: get-session null, /api/me 401, and the old cookie is dead", async () => {
    const { client: c } = await createVerifiedUser(server);
    expect((await c.get("/api/me")).status).toBe(200);
    const oldCookie = c.cookieHeader();

    const out = await c.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect(c.hasSessionCookie()).toBe(false);

    const s = await c.get<SessionBody>("/api/auth/get-session");
    expect(s.status).toBe(200);
    expect(s.body).toBeNull();
    expect(betterAuthSession.parse(s.body)).toBeNull();
    const me = await c.get<{ error: { code: string } }>("/api/me");
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe("UNAUTHENTICATED");

    // Replaying the cookie from before sign-out must not work: the session is gone on the server.
    const replay = await client().get("/api/me", { cookie: oldCookie });
    expect(replay.status).toBe(401);
  });
});

describe("sessions", () => {
  it("lasts SESSION_TTL_SECONDS from sign-in", async () => {
    const { email, password } = await createVerifiedUser(server);
    const c = client();
    const before = Date.now();
    await c.post("/api/auth/sign-in/email", { email, password });
    const row = await userRow(email);
    const sessions = await sessionRowsOf(row!.id);
    const mine = sessions.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    expect(mine.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_TTL_SECONDS * 1000 - 5_000);
    expect(mine.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_TTL_SECONDS * 1000 + 5_000);
  });

  it("renews a session used after SESSION_RENEW_AFTER_SECONDS", async () => {
    const { client: c, email } = await createVerifiedUser(server);
    const row = await userRow(email);
    const [s] = await sessionRowsOf(row!.id);
    expect(s).toBeDefined();
    const old = new Date(Date.now() + (SESSION_TTL_SECONDS - SESSION_RENEW_AFTER_SECONDS - 60) * 1000);
    await db().update(session).set({ expiresAt: old }).where(eq(session.id, s!.id));

    const res = await c.get<SessionBody>("/api/auth/get-session");
    expect(res.status).toBe(200);
    expect(res.body?.user.email).toBe(email);
    // What the web's session store reads (src/web/lib/session.ts, docs/decisions/025).
    expect(betterAuthSession.parse(res.body)?.user.email).toBe(email);

    const [renewed] = await db().select().from(session).where(eq(session.id, s!.id));
    const expected = Date.now() + SESSION_TTL_SECONDS * 1000;
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(
      old.getTime() + (SESSION_RENEW_AFTER_SECONDS - 60) * 1000,
    );
    expect(Math.abs(renewed!.expiresAt.getTime() - expected)).toBeLessThan(60_000);
    expect((await c.get("/api/me")).status).toBe(200);
  });

  it("does not renew a young session", async () => {
    const { client: c, email } = await createVerifiedUser(server);
    const row = await userRow(email);
    const [s] = await sessionRowsOf(row!.id);
    const young = new Date(Date.now() + (SESSION_TTL_SECONDS - 60 * 60) * 1000); // one hour old
    await db().update(session).set({ expiresAt: young }).where(eq(session.id, s!.id));

    expect((await c.get("/api/auth/get-session")).status).toBe(200);
    const [after] = await db().select().from(session).where(eq(session.id, s!.id));
    expect(after!.expiresAt.getTime()).toBe(young.getTime());
  });

  it("ends an expired session: get-session null and /api/me 401", async () => {
    const { client: c, email } = await createVerifiedUser(server);
    const row = await userRow(email);
    const [s] = await sessionRowsOf(row!.id);
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.id, s!.id));

    const res = await c.get<SessionBody>("/api/auth/get-session");
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect((await c.get("/api/me")).status).toBe(401);
    expect((await c.patch("/api/profile", { fullName: "Late" })).status).toBe(401);
    expect((await userRow(email))?.name).not.toBe("Late");
  });
});

describe("password reset", () => {
  it("mails a link that leads to the reset page, changes the password and ends old sessions", async () => {
    const { client: signedIn, email, password } = await createVerifiedUser(server);
    const c = client();
    const req = await c.post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    expect(req.status).toBe(200);

    const mails = mailsTo(email).filter((m) => /reset/i.test(m.subject));
    expect(mails).toHaveLength(1);
    const link = resetLink(server, email);
    expect(new URL(link).origin).toBe(server.baseUrl);
    expect(new URL(link).pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);

    const follow = await c.get(pathOf(link));
    expect(follow.status).toBe(302);
    const location = new URL(follow.headers.get("location")!, server.baseUrl);
    expect(location.pathname).toBe("/auth/reset-password");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();
    expect(new URL(link).pathname.endsWith(`/${token}`)).toBe(true);

    const newPassword = "brand-new-pass-7";
    const reset = await c.post("/api/auth/reset-password", { newPassword, token });
    expect(reset.status).toBe(200);

    const oldTry = await client().post<AuthError>("/api/auth/sign-in/email", { email, password });
    expect(oldTry.status).toBe(401);
    expect(oldTry.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const newTry = await client().post("/api/auth/sign-in/email", { email, password: newPassword });
    expect(newTry.status).toBe(200);

    // revokeSessionsOnPasswordReset: the browser signed in before the reset is signed out.
    expect((await signedIn.get("/api/me")).status).toBe(401);

    // The token works once.
    const again = await client().post("/api/auth/reset-password", { newPassword: "third-pass-999", token });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect((await client().post("/api/auth/sign-in/email", { email, password: newPassword })).status).toBe(
      200,
    );
  });

  it("refuses a made-up token", async () => {
    const res = await client().post<AuthError>("/api/auth/reset-password", {
      newPassword: "brand-new-pass-7",
      token: "made-up-token",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_TOKEN");
  });

  it("answers an unknown email exactly like a known one and mails nothing", async () => {
    const { email } = await createVerifiedUser(server);
    const unknownEmail = userData().email;
    const known = await client().post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    const unknown = await client().post("/api/auth/request-password-reset", {
      email: unknownEmail,
      redirectTo: "/auth/reset-password",
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get("content-type")).toBe(known.headers.get("content-type"));
    expect(mailsTo(unknownEmail)).toHaveLength(0);
    expect(mailsTo(email).filter((m) => /reset/i.test(m.subject))).toHaveLength(1);
  });
});

describe("dev outbox GET /api/dev/mail", () => {
  it("lists the sent mails newest first as {to, subject, text, html, sentAt}", async () => {
    const first = userData();
    const second = userData();
    await signUp(client(), first);
    await new Promise((r) => setTimeout(r, 5)); // distinct sentAt
    await signUp(client(), second);

    const res = await client().get<Array<Record<string, string>>>("/api/dev/mail");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(Array.isArray(res.body)).toBe(true);
    for (const mail of res.body) {
      expect(Object.keys(mail).sort()).toEqual(["html", "sentAt", "subject", "text", "to"]);
      expect(new Date(mail.sentAt!).toISOString()).toBe(mail.sentAt);
    }
    const times = res.body.map((m) => Date.parse(m.sentAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const ours = res.body.filter((m) => m.to === first.email || m.to === second.email);
    expect(ours.map((m) => m.to)).toEqual([second.email, first.email]);
    expect(ours[0]!.subject).toMatch(/verify/i);
    expect(ours[0]!.html).toMatch(/<html/i);
    expect(ours[0]!.text).toContain("/api/auth/verify-email?token=");
  });
});

describe("the first administrator (KAIRO_ADMIN_EMAILS)", () => {
  const { server: adminServer } = testServerForFile({ KAIRO_ADMIN_EMAILS: "boss@example.com" });

  it("gives the admin role to a listed email at sign-up and the user role to others", async () => {
    const boss = await createVerifiedUser(adminServer, { email: "boss@example.com" });
    const bossMe = await boss.client.get<Me>("/api/me");
    expect(bossMe.status).toBe(200);
    expect(bossMe.body.role).toBe("admin");

    const other = await createVerifiedUser(adminServer);
    const otherMe = await other.client.get<Me>("/api/me");
    expect(otherMe.body.role).toBe("user");
  });

  it("promotes an existing listed user at start-up, and nobody else", async () => {
    const existing = await createVerifiedUser(adminServer);
    const bystander = await createVerifiedUser(adminServer);
    expect((await existing.client.get<Me>("/api/me")).body.role).toBe("user");

    // A second Kairo starting over the same database, now listing the existing user (in other case).
    const env = parseEnv({
      NODE_ENV: "test",
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      KAIRO_ADMIN_EMAILS: `boss@example.com, ${existing.email.toUpperCase()}`,
    });
    await createKairo({
      env,
      logger: createLogger("silent"),
      database: adminServer.testDb.database,
      mailer: adminServer.outbox,
    }); // not closed: closing it would close the shared database

    expect((await existing.client.get<Me>("/api/me")).body.role).toBe("admin");
    expect((await bystander.client.get<Me>("/api/me")).body.role).toBe("user");
    const [row] = await adminServer.testDb.database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, existing.email));
    expect(row?.role).toBe("admin");
  });
});

describe("the dev outbox in production", () => {
  const { server: prodServer, client: prodClient } = testServerForFile({ NODE_ENV: "production" });

  it("answers GET /api/dev/mail with a JSON 404", async () => {
    await signUp(prodClient(), userData()); // something is in the outbox
    expect(prodServer.outbox.list().length).toBeGreaterThan(0);
    const res = await prodClient().get<{ error: { code: string } }>("/api/dev/mail");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
  });
});
