// Two-factor authentication through real HTTP: enrolment (password, otpauth URI, first code), the
// sign-in challenge, backup codes used once, refused codes (wrong, reused, malformed), the rate limit
// on verification, and turning it off. Codes come from tests/support/totp.ts, an RFC 6238
// implementation that shares nothing with Better Auth.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "#server/auth/auth.ts";
import { twoFactor, user } from "#server/db/schema/auth.ts";
import { betterAuthSignIn, betterAuthTwoFactorEnrolment, type Me } from "#shared/contracts/auth.ts";
import { BACKUP_CODE_PATTERN } from "#shared/domain/backup-codes.ts";
import { SECURITY_MESSAGES, TOTP_CODE_REUSED } from "#shared/errors/security-messages.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { testServerForFile } from "../support/integration.ts";
import type { TestResponse } from "../support/test-client.ts";
import { parseOtpauthUri, totp } from "../support/totp.ts";

type AuthError = { code: string; message: string };
type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type EnableBody = { totpURI: string; backupCodes: string[] };
type SignInBody = { twoFactorRedirect?: boolean; twoFactorMethods?: string[]; user?: unknown };

const { server, db, client } = testServerForFile();

async function userRow(email: string) {
  const [row] = await db().select().from(user).where(eq(user.email, email));
  return row!;
}
async function factorRows(userId: string) {
  return db().select().from(twoFactor).where(eq(twoFactor.userId, userId));
}

/** A code that none of the codes Better Auth currently accepts (steps -1, 0, +1, and +2 for margin) equals. */
function wrongCode(secret: Buffer): string {
  const valid = new Set([-1, 0, 1, 2].map((stepOffset) => totp(secret, { stepOffset })));
  for (let n = 0; ; n++) {
    const candidate = String((Number(totp(secret)) + 500_000 + n) % 1_000_000).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/** Signs up, turns two-factor on with the current code; returns what a person would have kept. */
async function enrolledPerson() {
  const person = await createVerifiedUser(server);
  const enabled = await person.client.post<EnableBody>("/api/auth/two-factor/enable", {
    password: person.password,
  });
  expect(enabled.status).toBe(200);
  // The web parses this answer with the contract's schema (docs/decisions/025).
  expect(betterAuthTwoFactorEnrolment.safeParse(enabled.body).success).toBe(true);
  const { secret } = parseOtpauthUri(enabled.body.totpURI);
  const firstCode = totp(secret);
  const verified = await person.client.post("/api/auth/two-factor/verify-totp", { code: firstCode });
  expect(verified.status).toBe(200);
  return { ...person, secret, firstCode, backupCodes: enabled.body.backupCodes };
}

/** Email and password on a fresh client: the first step of a two-factor sign-in. */
async function startSignIn(email: string, password: string) {
  const c = client();
  const res = await c.post<SignInBody>("/api/auth/sign-in/email", { email, password });
  return { c, res };
}

function expectRefused(res: TestResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((res.body as AuthError).code).toBe(code);
}

describe("enrolment", () => {
  it("needs the password, then gives an otpauth URI and 10 backup codes of 8 characters", async () => {
    const person = await createVerifiedUser(server);
    const row = await userRow(person.email);

    const wrong = await person.client.post<AuthError>("/api/auth/two-factor/enable", {
      password: "not-my-password-1",
    });
    expectRefused(wrong, 400, "INVALID_PASSWORD");
    expect(await factorRows(row.id)).toHaveLength(0);

    const missing = await person.client.post<ApiErrorBody>("/api/auth/two-factor/enable", {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("VALIDATION");
    expect(missing.body.error.message).toBe("Password is required");

    const res = await person.client.post<EnableBody>("/api/auth/two-factor/enable", {
      password: person.password,
    });
    expect(res.status).toBe(200);
    const uri = parseOtpauthUri(res.body.totpURI);
    expect(uri.issuer).toBe("Kairo");
    expect(uri.account).toBe(person.email);
    expect(uri.digits).toBe(6);
    expect(uri.period).toBe(30);
    expect(uri.secret.length).toBeGreaterThanOrEqual(20);

    expect(res.body.backupCodes).toHaveLength(10);
    expect(new Set(res.body.backupCodes).size).toBe(10);
    for (const code of res.body.backupCodes) expect(code).toMatch(BACKUP_CODE_PATTERN);

    // Pending until the first code is confirmed; secret and codes are not stored in clear.
    const [factor] = await factorRows(row.id);
    expect(factor!.verified).toBe(false);
    expect((await userRow(person.email)).twoFactorEnabled).toBe(false);
    expect(factor!.secret).not.toContain(uri.secretBase32);
    for (const code of res.body.backupCodes) expect(factor!.backupCodes).not.toContain(code);
  });

  it("turns on with a code from an independent TOTP generator; wrong and malformed codes change nothing", async () => {
    const person = await createVerifiedUser(server);
    const enabled = await person.client.post<EnableBody>("/api/auth/two-factor/enable", {
      password: person.password,
    });
    const { secret } = parseOtpauthUri(enabled.body.totpURI);
    const row = await userRow(person.email);

    for (const bad of ["12345", "1234567", "12a456", " ", "١٢٣٤٥٦"]) {
      const res = await person.client.post<ApiErrorBody>("/api/auth/two-factor/verify-totp", { code: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
    const notText = await person.client.post<ApiErrorBody>("/api/auth/two-factor/verify-totp", {
      code: 123456,
    });
    expect(notText.status).toBe(400);
    const extra = await person.client.post<ApiErrorBody>("/api/auth/two-factor/verify-totp", {
      code: totp(secret),
      trustDevice: true,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toBe("Unknown field: trustDevice");

    const wrong = await person.client.post<AuthError>("/api/auth/two-factor/verify-totp", {
      code: wrongCode(secret),
    });
    expectRefused(wrong, 401, "INVALID_CODE");
    expect((await userRow(person.email)).twoFactorEnabled).toBe(false);
    expect((await factorRows(row.id))[0]!.verified).toBe(false);

    const ok = await person.client.post("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(ok.status).toBe(200);
    expect((await userRow(person.email)).twoFactorEnabled).toBe(true);
    expect((await factorRows(row.id))[0]!.verified).toBe(true);
    // Still signed in here (Better Auth swapped the session for one that knows about 2FA).
    expect((await person.client.get<Me>("/api/me")).status).toBe(200);

    const again = await person.client.post<AuthError>("/api/auth/two-factor/enable", {
      password: person.password,
    });
    expectRefused(again, 400, "TOTP_ALREADY_ENABLED");
  });

  it("shows the same authenticator link again only with the password", async () => {
    const person = await enrolledPerson();
    const wrong = await person.client.post("/api/auth/two-factor/get-totp-uri", { password: "nope-nope-1" });
    expect(wrong.status).toBe(400);
    const res = await person.client.post<{ totpURI: string }>("/api/auth/two-factor/get-totp-uri", {
      password: person.password,
    });
    expect(res.status).toBe(200);
    expect(parseOtpauthUri(res.body.totpURI).secret.equals(person.secret)).toBe(true);
  });

  it("refuses a visitor without a session", async () => {
    const res = await client().post("/api/auth/two-factor/enable", { password: "whatever-123" });
    expect(res.status).toBe(401);
  });
});

describe("sign-in with two-factor", () => {
  it("asks for a code after the password, and signs in only with a right one", async () => {
    const person = await enrolledPerson();
    const { c, res } = await startSignIn(person.email, person.password);
    expect(res.status).toBe(200);
    expect(res.body.twoFactorRedirect).toBe(true);
    expect(betterAuthSignIn.parse(res.body).twoFactorRedirect).toBe(true);
    expect(res.body.twoFactorMethods).toEqual(["totp"]);
    expect(res.body.user).toBeUndefined();
    expect(c.hasSessionCookie()).toBe(false);
    expect((await c.get("/api/me")).status).toBe(401);

    const wrong = await c.post<AuthError>("/api/auth/two-factor/verify-totp", {
      code: wrongCode(person.secret),
    });
    expectRefused(wrong, 401, "INVALID_CODE");
    expect(c.hasSessionCookie()).toBe(false);

    const malformed = await c.post<ApiErrorBody>("/api/auth/two-factor/verify-totp", { code: "12 34" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe(SECURITY_MESSAGES.codeFormat);

    const ok = await c.post("/api/auth/two-factor/verify-totp", {
      code: totp(person.secret, { stepOffset: 1 }),
    });
    expect(ok.status).toBe(200);
    expect(c.hasSessionCookie()).toBe(true);
    const me = await c.get<Me>("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(person.email);
  });

  it("refuses a code that was already used, at sign-in as after enrolment", async () => {
    const person = await enrolledPerson();
    // The code that confirmed the enrolment is still inside its 30-second window, but spent.
    const first = await startSignIn(person.email, person.password);
    const reused = await first.c.post<AuthError>("/api/auth/two-factor/verify-totp", {
      code: person.firstCode,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe(TOTP_CODE_REUSED);
    expect(reused.body.message).toBe(SECURITY_MESSAGES.codeReused);
    expect(first.c.hasSessionCookie()).toBe(false);

    const next = totp(person.secret, { stepOffset: 1 });
    expect((await first.c.post("/api/auth/two-factor/verify-totp", { code: next })).status).toBe(200);

    // Someone who saw that code and knows the password cannot use it a second time.
    const second = await startSignIn(person.email, person.password);
    const replay = await second.c.post<AuthError>("/api/auth/two-factor/verify-totp", { code: next });
    expectRefused(replay, 400, TOTP_CODE_REUSED);
    expect(second.c.hasSessionCookie()).toBe(false);
    expect((await second.c.get("/api/me")).status).toBe(401);
  });

  it("spends only accepted codes: a refused code is refused as wrong again, not as used", async () => {
    const person = await enrolledPerson();
    const { c } = await startSignIn(person.email, person.password);
    const guess = wrongCode(person.secret);
    expectRefused(await c.post("/api/auth/two-factor/verify-totp", { code: guess }), 401, "INVALID_CODE");
    expectRefused(await c.post("/api/auth/two-factor/verify-totp", { code: guess }), 401, "INVALID_CODE");
    const next = totp(person.secret, { stepOffset: 1 });
    expect((await c.post("/api/auth/two-factor/verify-totp", { code: next })).status).toBe(200);
  });

  it("refuses verification without a pending sign-in", async () => {
    const res = await client().post<AuthError>("/api/auth/two-factor/verify-totp", { code: "123456" });
    expectRefused(res, 401, "INVALID_TWO_FACTOR_COOKIE");
  });

  it("signs in once with each backup code, typed in any case with a dash", async () => {
    const person = await enrolledPerson();
    const [code] = person.backupCodes;
    const typed = `${code!.slice(0, 4)}-${code!.slice(4)}`.toLowerCase();

    const first = await startSignIn(person.email, person.password);
    const ok = await first.c.post("/api/auth/two-factor/verify-backup-code", { code: typed });
    expect(ok.status).toBe(200);
    expect((await first.c.get<Me>("/api/me")).body.email).toBe(person.email);

    const second = await startSignIn(person.email, person.password);
    const reused = await second.c.post<AuthError>("/api/auth/two-factor/verify-backup-code", { code: code! });
    expectRefused(reused, 401, "INVALID_BACKUP_CODE");
    expect(second.c.hasSessionCookie()).toBe(false);

    // The other nine still work.
    const other = await second.c.post("/api/auth/two-factor/verify-backup-code", {
      code: person.backupCodes[1]!,
    });
    expect(other.status).toBe(200);
    expect((await second.c.get("/api/me")).status).toBe(200);
  });

  it("answers malformed backup codes with 400 before any check", async () => {
    const person = await enrolledPerson();
    const { c } = await startSignIn(person.email, person.password);
    for (const bad of ["", "ABC", "ABCDEFGHJ", "ABCD0FGH", "ABCD1FGH", "x".repeat(100)]) {
      const res = await c.post<ApiErrorBody>("/api/auth/two-factor/verify-backup-code", { code: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
    const wellFormedButWrong = await c.post<AuthError>("/api/auth/two-factor/verify-backup-code", {
      code: "ZZZZZZZZ",
    });
    expectRefused(wellFormedButWrong, 401, "INVALID_BACKUP_CODE");
    // None of that spent the pending sign-in: a real code still completes it.
    expect(
      (await c.post("/api/auth/two-factor/verify-backup-code", { code: person.backupCodes[0]! })).status,
    ).toBe(200);
  });

  it("limits code verification to 5 per minute per address", async () => {
    expect(AUTH_RATE_LIMITS["/two-factor/verify-totp"]).toEqual({ window: 60, max: 5 });
    expect(AUTH_RATE_LIMITS["/two-factor/verify-backup-code"]).toEqual({ window: 60, max: 5 });
    const person = await enrolledPerson();
    const { c } = await startSignIn(person.email, person.password);
    for (let i = 0; i < 5; i++) {
      const res = await c.post("/api/auth/two-factor/verify-totp", { code: wrongCode(person.secret) });
      expect(res.status).toBe(401);
    }
    const limited = await c.post<{ message: string }>("/api/auth/two-factor/verify-totp", {
      code: totp(person.secret, { stepOffset: 1 }),
    });
    expect(limited.status).toBe(429);
    expect(c.hasSessionCookie()).toBe(false);
  });
});

describe("turning two-factor off", () => {
  it("needs the password, removes the factor, and sign-in asks for no code afterwards", async () => {
    const person = await enrolledPerson();
    const row = await userRow(person.email);

    const wrong = await person.client.post<AuthError>("/api/auth/two-factor/disable", {
      password: "nope-nope-1",
    });
    expectRefused(wrong, 400, "INVALID_PASSWORD");
    expect((await userRow(person.email)).twoFactorEnabled).toBe(true);
    expect(await factorRows(row.id)).toHaveLength(1);

    const bad = await person.client.post<ApiErrorBody>("/api/auth/two-factor/disable", { password: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Password must be text");

    const res = await person.client.post("/api/auth/two-factor/disable", { password: person.password });
    expect(res.status).toBe(200);
    expect((await userRow(person.email)).twoFactorEnabled).toBe(false);
    expect(await factorRows(row.id)).toHaveLength(0);
    expect((await person.client.get("/api/me")).status).toBe(200);

    const { c, res: signIn } = await startSignIn(person.email, person.password);
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    expect(c.hasSessionCookie()).toBe(true);
  });

  it("refuses a visitor without a session", async () => {
    expect((await client().post("/api/auth/two-factor/disable", { password: "whatever-123" })).status).toBe(
      401,
    );
  });
});
