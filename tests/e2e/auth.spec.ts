// Sign-up, e-mail verification, sign-in and out, password reset and the sign-in redirect, through the
// real server and the development outbox.
// Every test destructures `consoleErrors`: the fixture fails the test on an unexpected console error
// when it ends (fixtures.ts).
import type { Page } from "@playwright/test";
import { expect, linkFromMail, readOutbox, signUpAndVerify, test, uniqueEmail } from "./fixtures.ts";

const WRONG_CREDENTIALS = "Incorrect email or password. Please try again.";
const VERIFY_FIRST = "Please verify your email before signing in. Check your inbox.";
const SIGN_UP_SUCCESS =
  "Your account has been created. Please check your email to verify your account before signing in.";

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function fillSignUp(
  page: Page,
  v: { name: string; email: string; password: string; confirm?: string },
) {
  await page.getByLabel("Full Name").fill(v.name);
  await page.getByLabel("Email").fill(v.email);
  await page.getByLabel("Password", { exact: true }).fill(v.password);
  await page.getByLabel("Confirm Password").fill(v.confirm ?? v.password);
}

test("sign up, verify by email, sign out from the avatar menu and sign in again", async ({
  page,
  request,
  consoleErrors,
}) => {
  const { name, email, password } = await signUpAndVerify(page, request, {
    name: "Avery Journey",
    form: true,
  });
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("Welcome back, Avery.")).toBeVisible();

  await page.getByRole("button", { name: new RegExp(`^Account menu for ${name}`) }).click();
  await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signed out for real: the workspace now asks for sign-in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirect=/);

  await page.goto("/login");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("button", { name: /^Account menu for/ })).toBeVisible();

  // Signed in, the landing page's Start Free Trial leads to the dashboard instead of sign-up.
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Plan less. Finish what matters." });
  await hero.getByRole("link", { name: "Start Free Trial" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  void consoleErrors;
});

test("a wrong password shows the wrong-credentials message", async ({ page, request, consoleErrors }) => {
  const { email } = await signUpAndVerify(page, request);
  await page.context().clearCookies();
  await page.goto("/login");
  await signIn(page, email, "not-the-password-1");
  await expect(page.getByText(WRONG_CREDENTIALS, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // An address nobody registered gets the same message (no account enumeration).
  await signIn(page, uniqueEmail("nobody"), "whatever-password");
  await expect(page.getByText(WRONG_CREDENTIALS, { exact: true })).toBeVisible();
  void consoleErrors;
});

test("an unverified account is told to verify and can resend the verification mail", async ({
  page,
  request,
  consoleErrors,
}) => {
  const email = uniqueEmail("unverified");
  const password = "unverified-pass-42";
  await page.goto("/signup");
  await fillSignUp(page, { name: "Una Verified", email, password });
  await page.getByLabel("Confirm Password").press("Enter");
  await expect(page.getByText(SIGN_UP_SUCCESS)).toBeVisible();

  const verificationMails = async () =>
    (await readOutbox(request)).filter((m) => m.to === email && /verify/i.test(m.subject)).length;
  await expect.poll(verificationMails).toBe(1);

  await page.getByRole("link", { name: "Go to Sign In" }).click();
  await expect(page).toHaveURL(/\/login/);
  // The sign-in form keeps the address the person just registered.
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText(VERIFY_FIRST, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(page.getByText("A new verification email is on its way.")).toBeVisible();
  await expect.poll(verificationMails).toBe(2);

  // The resent link works: it verifies and signs in.
  const link = await linkFromMail(request, email, /verify/i);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard/);
  void consoleErrors;
});

test("forgot password: the emailed link sets a new password, and only the new one works", async ({
  page,
  request,
  consoleErrors,
}) => {
  const oldPassword = "old-password-42";
  const newPassword = "brand-new-password-77";
  const { email } = await signUpAndVerify(page, request, { password: oldPassword });
  await page.context().clearCookies();

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/a link to reset the password is on its way/)).toBeVisible();

  const link = await linkFromMail(request, email, /reset/i);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel("New Password").fill(newPassword);
  await page.getByLabel("Confirm Password").fill(newPassword);
  await page.getByLabel("Confirm Password").press("Enter");
  await expect(
    page.getByText("Your password has been changed. Sign in with your new password."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Go to Sign In" }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, email, oldPassword);
  await expect(page.getByText(WRONG_CREDENTIALS, { exact: true })).toBeVisible();

  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  void consoleErrors;
});

test("a signed-out visit to /settings goes to sign-in and returns to /settings afterwards", async ({
  page,
  request,
  consoleErrors,
}) => {
  const { email, password } = await signUpAndVerify(page, request);
  await page.context().clearCookies();

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Account Information" })).toBeVisible();
  void consoleErrors;
});

// Typing the password, then the confirmation, then clicking the submit button is the most common way
// to fill these forms. The click must submit on the first try, and the confirmation must not be
// reported as missing while the person is still typing the password above it.
test.describe("password forms submit on the first click", () => {
  test("sign-up", async ({ page, request, consoleErrors }) => {
    const email = uniqueEmail("click");
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Cleo Click");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("click-password-42");
    await page.getByLabel("Confirm Password").fill("click-password-42");
    // A confirmation that is filled in (and was never left empty) is not reported as missing.
    await expect.soft(page.getByText("Please confirm your password")).toHaveCount(0);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText(SIGN_UP_SUCCESS)).toBeVisible();
    await linkFromMail(request, email, /verify/i);
    void consoleErrors;
  });

  test("reset password", async ({ page, consoleErrors }) => {
    await page.goto("/auth/reset-password?token=not-a-real-token");
    await page.getByLabel("New Password").fill("click-password-42");
    await page.getByLabel("Confirm Password").fill("click-password-42");
    await expect.soft(page.getByText("Please confirm your password")).toHaveCount(0);
    await page.getByRole("button", { name: "Set new password" }).click();
    // The made-up token reaches the server, which refuses it.
    await expect(
      page.getByText("This reset link is invalid or has expired. Please ask for a new one."),
    ).toBeVisible();
    void consoleErrors;
  });
});

test.describe("sign-up form validation", () => {
  test("mismatched passwords", async ({ page, consoleErrors }) => {
    await page.goto("/signup");
    await fillSignUp(page, {
      name: "Mia Match",
      email: uniqueEmail("mismatch"),
      password: "first-password-1",
      confirm: "second-password-2",
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
    // What was typed is kept after the error.
    await expect(page.getByLabel("Full Name")).toHaveValue("Mia Match");
    void consoleErrors;
  });

  test("an invalid email address", async ({ page, consoleErrors }) => {
    await page.goto("/signup");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    void consoleErrors;
  });

  test("an already registered email", async ({ page, request, consoleErrors }) => {
    const email = uniqueEmail("taken");
    const res = await request.post("/api/auth/sign-up/email", {
      data: { name: "First Owner", email, password: "owner-password-1", callbackURL: "/auth/callback" },
    });
    expect(res.ok()).toBeTruthy();

    await page.goto("/signup");
    await fillSignUp(page, { name: "Second Comer", email, password: "another-password-2" });
    await page.getByLabel("Confirm Password").press("Enter");
    await expect(
      page.getByText("An account with this email already exists. Please sign in instead.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(SIGN_UP_SUCCESS)).toHaveCount(0);
    void consoleErrors;
  });
});

test("sign-in checks the email as it is typed", async ({ page, consoleErrors }) => {
  await page.goto("/login");
  const email = page.getByLabel("Email");
  await email.fill("robin@");
  await email.blur();
  await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // Corrected, the message goes without submitting.
  await email.fill("robin@example.com");
  await expect(page.getByText("Please enter a valid email address", { exact: true })).toHaveCount(0);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  void consoleErrors;
});

test("sign-in asks for 6 characters of password, the spec's rule, before asking the server", async ({
  page,
  consoleErrors,
}) => {
  let sent = 0;
  await page.route("**/api/auth/sign-in/email", (route) => {
    sent++;
    return route.fallback();
  });
  await page.goto("/login");
  await page.getByLabel("Email").fill("robin@example.com");
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Password must be at least 6 characters", { exact: true })).toBeVisible();
  expect(sent).toBe(0);
  void consoleErrors;
});

test("a session that cannot be restored at start sends the person to sign in, saying so", async ({
  page,
  request,
  consoleErrors,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 500/);
  const { email, password } = await signUpAndVerify(page, request);
  await page.route("**/api/auth/get-session", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong" } }),
    }),
  );
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("alert")).toHaveText("Failed to restore session. Please log in again.");

  // The server is back: signing in again works and goes where the person was heading.
  await page.unroute("**/api/auth/get-session");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/settings/);
  void consoleErrors;
});
