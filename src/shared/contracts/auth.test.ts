// The shared validation schemas of the authentication and profile calls (spec section 5, with the
// decided minimum of 8 characters on every new password).
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  profileUpdateBody,
  requestPasswordResetBody,
  resetPasswordBody,
  resetPasswordForm,
  sendVerificationEmailBody,
  signInBody,
  signInForm,
  signUpBody,
  signUpForm,
} from "./auth.ts";

const INVALID_EMAIL = "Please enter a valid email address";
const TOO_SHORT = "Password must be at least 8 characters";
const NO_MATCH = "Passwords do not match";

/** The messages of a failed parse, by field path ("" for the whole object). */
function issues(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    out[key] ??= [];
    out[key].push(issue.message);
  }
  return out;
}

function accepts<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected acceptance, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

const validSignUp = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  password: "analytical1",
  confirmPassword: "analytical1",
};

describe("signUpForm", () => {
  it("accepts a complete, matching form", () => {
    expect(accepts(signUpForm, validSignUp)).toEqual(validSignUp);
  });

  it("requires all four fields", () => {
    const found = issues(signUpForm, {});
    expect(Object.keys(found).sort()).toEqual(["confirmPassword", "email", "fullName", "password"]);
  });

  it.each(["fullName", "email", "password", "confirmPassword"] as const)("requires %s", (field) => {
    const { [field]: _dropped, ...rest } = validSignUp;
    expect(Object.keys(issues(signUpForm, rest))).toContain(field);
  });

  it.each(["fullName", "email", "confirmPassword"] as const)("rejects an empty %s", (field) => {
    expect(Object.keys(issues(signUpForm, { ...validSignUp, [field]: "" }))).toContain(field);
  });

  it("rejects a full name of only spaces", () => {
    expect(issues(signUpForm, { ...validSignUp, fullName: "   " }).fullName).toEqual([
      "Full Name is required",
    ]);
  });

  it("says the passwords do not match, on the confirmation field", () => {
    const found = issues(signUpForm, { ...validSignUp, confirmPassword: "analytical2" });
    expect(found).toEqual({ confirmPassword: [NO_MATCH] });
  });

  it("needs at least 8 characters in the password", () => {
    const found = issues(signUpForm, { ...validSignUp, password: "short12", confirmPassword: "short12" });
    expect(found.password).toEqual([TOO_SHORT]);
    expect(
      accepts(signUpForm, { ...validSignUp, password: "eight888", confirmPassword: "eight888" }),
    ).toBeTruthy();
  });

  it.each([
    "plainaddress",
    "no-at.example.com",
    "a@b",
    "a b@example.com",
    "@example.com",
    "ada@",
    "ada@@example.com",
  ])("rejects the invalid email %j with the spec's message", (email) => {
    expect(issues(signUpForm, { ...validSignUp, email }).email).toEqual([INVALID_EMAIL]);
  });

  it("rejects over-long values and accepts values at the limit", () => {
    expect(issues(signUpForm, { ...validSignUp, fullName: "n".repeat(101) }).fullName).toEqual([
      "Full Name must be at most 100 characters",
    ]);
    accepts(signUpForm, { ...validSignUp, fullName: "n".repeat(100) });

    const longEmail = `${"e".repeat(243)}@example.com`; // 255 characters
    expect(longEmail).toHaveLength(255);
    expect(Object.keys(issues(signUpForm, { ...validSignUp, email: longEmail }))).toEqual(["email"]);
    accepts(signUpForm, { ...validSignUp, email: `${"e".repeat(242)}@example.com` });

    const longPassword = "p".repeat(129);
    expect(
      Object.keys(
        issues(signUpForm, { ...validSignUp, password: longPassword, confirmPassword: longPassword }),
      ),
    ).toEqual(["password"]);
    const maxPassword = "p".repeat(128);
    accepts(signUpForm, { ...validSignUp, password: maxPassword, confirmPassword: maxPassword });
  });

  it("trims the full name and the email, but never the password", () => {
    const data = accepts(signUpForm, {
      ...validSignUp,
      fullName: "  Ada Lovelace \n",
      email: "  ada@example.com\t",
      password: " padded pw ",
      confirmPassword: " padded pw ",
    });
    expect(data).toMatchObject({
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      password: " padded pw ",
    });
  });

  it("rejects non-string values", () => {
    const found = issues(signUpForm, { fullName: 1, email: 2, password: 3, confirmPassword: 4 });
    expect(Object.keys(found).sort()).toEqual(["confirmPassword", "email", "fullName", "password"]);
  });
});

describe("signUpBody (what the server receives)", () => {
  const body = {
    name: "Ada",
    email: "ada@example.com",
    password: "analytical1",
    callbackURL: "/auth/callback",
  };

  it("accepts the body and trims name and email", () => {
    expect(accepts(signUpBody, { ...body, name: " Ada ", email: " ada@example.com " })).toEqual(body);
  });

  it("rejects unknown fields such as a role", () => {
    expect(Object.keys(issues(signUpBody, { ...body, role: "admin" }))).toEqual([""]);
  });

  it("rejects a short password and an over-long callback address", () => {
    expect(issues(signUpBody, { ...body, password: "1234567" }).password).toEqual([TOO_SHORT]);
    expect(Object.keys(issues(signUpBody, { ...body, callbackURL: `/${"x".repeat(2000)}` }))).toEqual([
      "callbackURL",
    ]);
  });
});

describe("signInBody", () => {
  const body = { email: "ada@example.com", password: "whatever" };

  it.each(["123456", "exactly8", "p".repeat(128)])(
    "accepts a password of 6 characters or more (%s)",
    (password) => {
      expect(accepts(signInBody, { ...body, password })).toEqual({ ...body, password });
    },
  );

  it.each(["a", "12345"])("refuses a shorter one with the spec's words (%s)", (password) => {
    expect(issues(signInBody, { ...body, password }).password).toEqual([
      "Password must be at least 6 characters",
    ]);
  });

  it("rejects an empty or missing password, and an absurdly long one", () => {
    expect(issues(signInBody, { ...body, password: "" }).password?.[0]).toBe("Password is required");
    expect(Object.keys(issues(signInBody, { email: body.email }))).toEqual(["password"]);
    expect(Object.keys(issues(signInBody, { ...body, password: "p".repeat(129) }))).toEqual(["password"]);
  });

  it("checks the email against the simple pattern", () => {
    expect(issues(signInBody, { ...body, email: "not-an-email" }).email).toEqual([INVALID_EMAIL]);
    expect(Object.keys(issues(signInBody, { password: "x".repeat(6) }))).toEqual(["email"]);
  });

  it("trims the email", () => {
    expect(accepts(signInBody, { ...body, email: " ada@example.com " }).email).toBe("ada@example.com");
  });

  it("accepts rememberMe and callbackURL", () => {
    accepts(signInBody, { ...body, rememberMe: true, callbackURL: "/dashboard" });
    expect(Object.keys(issues(signInBody, { ...body, rememberMe: "yes" }))).toEqual(["rememberMe"]);
  });

  it.each([{ role: "admin" }, { name: "x" }, { emailVerified: true }])(
    "rejects the unknown field %j",
    (extra) => {
      const result = signInBody.safeParse({ ...body, ...extra });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
    },
  );

  it("rejects non-objects", () => {
    for (const value of [null, [], "ada@example.com", 1])
      expect(signInBody.safeParse(value).success).toBe(false);
  });

  it("has a form of just email and password", () => {
    expect(accepts(signInForm, body)).toEqual(body);
    expect(signInForm.safeParse({ ...body, rememberMe: true }).success).toBe(false);
  });
});

describe("resetPasswordForm", () => {
  it("accepts matching passwords of 8 or more characters", () => {
    const value = { newPassword: "new-pass-1", confirmPassword: "new-pass-1" };
    expect(accepts(resetPasswordForm, value)).toEqual(value);
  });

  it("says the passwords do not match", () => {
    expect(issues(resetPasswordForm, { newPassword: "new-pass-1", confirmPassword: "new-pass-2" })).toEqual({
      confirmPassword: [NO_MATCH],
    });
  });

  it("needs at least 8 characters", () => {
    expect(
      issues(resetPasswordForm, { newPassword: "1234567", confirmPassword: "1234567" }).newPassword,
    ).toEqual([TOO_SHORT]);
  });

  it("requires both fields", () => {
    expect(Object.keys(issues(resetPasswordForm, {})).sort()).toEqual(["confirmPassword", "newPassword"]);
    expect(
      Object.keys(issues(resetPasswordForm, { newPassword: "new-pass-1", confirmPassword: "" })),
    ).toEqual(["confirmPassword"]);
  });

  it("rejects an over-long password", () => {
    const p = "p".repeat(129);
    expect(Object.keys(issues(resetPasswordForm, { newPassword: p, confirmPassword: p }))).toContain(
      "newPassword",
    );
  });
});

describe("resetPasswordBody", () => {
  it("needs a token and a new password, and nothing else", () => {
    accepts(resetPasswordBody, { newPassword: "new-pass-1", token: "abc" });
    expect(Object.keys(issues(resetPasswordBody, { newPassword: "new-pass-1" }))).toEqual(["token"]);
    expect(Object.keys(issues(resetPasswordBody, { newPassword: "new-pass-1", token: "" }))).toEqual([
      "token",
    ]);
    expect(Object.keys(issues(resetPasswordBody, { newPassword: "short", token: "abc" }))).toEqual([
      "newPassword",
    ]);
    expect(
      Object.keys(issues(resetPasswordBody, { newPassword: "new-pass-1", token: "t".repeat(501) })),
    ).toEqual(["token"]);
    expect(
      resetPasswordBody.safeParse({ newPassword: "new-pass-1", token: "abc", email: "a@b.co" }).success,
    ).toBe(false);
  });
});

describe("profileUpdateBody", () => {
  it("accepts an empty update and any subset of the three fields", () => {
    expect(accepts(profileUpdateBody, {})).toEqual({});
    expect(accepts(profileUpdateBody, { jobTitle: "Engineer" })).toEqual({ jobTitle: "Engineer" });
    expect(accepts(profileUpdateBody, { fullName: "Ada", jobTitle: "Engineer", company: "Kairo" })).toEqual({
      fullName: "Ada",
      jobTitle: "Engineer",
      company: "Kairo",
    });
  });

  it("trims the values", () => {
    expect(accepts(profileUpdateBody, { fullName: " Ada ", jobTitle: " CTO ", company: " Kairo " })).toEqual({
      fullName: "Ada",
      jobTitle: "CTO",
      company: "Kairo",
    });
  });

  it("allows clearing the job title and company but not the full name", () => {
    expect(accepts(profileUpdateBody, { jobTitle: "", company: "  " })).toEqual({
      jobTitle: "",
      company: "",
    });
    expect(issues(profileUpdateBody, { fullName: "  " }).fullName).toEqual(["Full Name is required"]);
  });

  it("rejects over-long values", () => {
    expect(Object.keys(issues(profileUpdateBody, { fullName: "n".repeat(101) }))).toEqual(["fullName"]);
    expect(Object.keys(issues(profileUpdateBody, { jobTitle: "j".repeat(201) }))).toEqual(["jobTitle"]);
    expect(Object.keys(issues(profileUpdateBody, { company: "c".repeat(201) }))).toEqual(["company"]);
    accepts(profileUpdateBody, {
      fullName: "n".repeat(100),
      jobTitle: "j".repeat(200),
      company: "c".repeat(200),
    });
  });

  it("rejects wrong types", () => {
    expect(Object.keys(issues(profileUpdateBody, { fullName: 1 }))).toEqual(["fullName"]);
    expect(Object.keys(issues(profileUpdateBody, { jobTitle: null }))).toEqual(["jobTitle"]);
    expect(Object.keys(issues(profileUpdateBody, { company: ["Kairo"] }))).toEqual(["company"]);
  });

  it.each([{ email: "new@example.com" }, { role: "admin" }, { preferences: {} }, { emailVerified: true }])(
    "rejects the field %j (the email is not editable in the profile)",
    (extra) => {
      const result = profileUpdateBody.safeParse({ fullName: "Ada", ...extra });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
    },
  );
});

describe("requestPasswordResetBody", () => {
  it("accepts an email with an optional redirect", () => {
    expect(accepts(requestPasswordResetBody, { email: "ada@example.com" })).toEqual({
      email: "ada@example.com",
    });
    expect(
      accepts(requestPasswordResetBody, { email: " ada@example.com ", redirectTo: "/auth/reset-password" }),
    ).toEqual({ email: "ada@example.com", redirectTo: "/auth/reset-password" });
  });

  it("requires a valid email", () => {
    expect(Object.keys(issues(requestPasswordResetBody, {}))).toEqual(["email"]);
    expect(issues(requestPasswordResetBody, { email: "nope" }).email).toEqual([INVALID_EMAIL]);
    expect(Object.keys(issues(requestPasswordResetBody, { email: 5 }))).toEqual(["email"]);
  });

  it("rejects unknown fields", () => {
    expect(requestPasswordResetBody.safeParse({ email: "ada@example.com", newPassword: "x" }).success).toBe(
      false,
    );
  });
});

describe("sendVerificationEmailBody", () => {
  it("accepts an email with an optional callback and rejects anything else", () => {
    accepts(sendVerificationEmailBody, { email: "ada@example.com", callbackURL: "/auth/callback" });
    expect(issues(sendVerificationEmailBody, { email: "nope" }).email).toEqual([INVALID_EMAIL]);
    expect(sendVerificationEmailBody.safeParse({ email: "ada@example.com", role: "admin" }).success).toBe(
      false,
    );
  });
});

// BUG: no schema refuses a NUL character (U+0000), which PostgreSQL cannot store or compare in text or
// jsonb. EMAIL_PATTERN's `[^\s@]` admits it, and the name, job title, company and reset token fields have
// no character rule. Through the API this turns into 500s (see tests/integration/bad-input.test.ts).
// Expected: these values are refused here, with a readable message.
describe("NUL characters", () => {
  const NUL = "\u0000";

  it("are refused in emails", () => {
    const email = `ada${NUL}@example.com`;
    expect(Object.keys(issues(signInBody, { email, password: "secret-1" }))).toEqual(["email"]);
    expect(Object.keys(issues(requestPasswordResetBody, { email }))).toEqual(["email"]);
    expect(Object.keys(issues(sendVerificationEmailBody, { email }))).toEqual(["email"]);
    expect(Object.keys(issues(signUpForm, { ...validSignUp, email: `ada${NUL}@example.com` }))).toEqual([
      "email",
    ]);
  });

  it("are refused in the full name, job title and company", () => {
    expect(Object.keys(issues(signUpForm, { ...validSignUp, fullName: `Ada${NUL}` }))).toEqual(["fullName"]);
    expect(Object.keys(issues(profileUpdateBody, { fullName: `Ada${NUL}` }))).toEqual(["fullName"]);
    expect(Object.keys(issues(profileUpdateBody, { jobTitle: `CTO${NUL}` }))).toEqual(["jobTitle"]);
    expect(Object.keys(issues(profileUpdateBody, { company: `Kairo${NUL}` }))).toEqual(["company"]);
  });

  it("are refused in the reset token", () => {
    expect(Object.keys(issues(resetPasswordBody, { newPassword: "new-pass-1", token: `abc${NUL}` }))).toEqual(
      ["token"],
    );
  });
});
