// Security settings in the browser: change the password and sign in with it; turn on two-factor
// with a code this test computes itself (RFC 6238, tests/support/totp.ts) from the setup key shown on
// screen, then sign in with a code and with a backup code; see the other sessions (by id, with their
// last activity) and end one, then all of them.
// Every test destructures `consoleErrors`: the fixture fails the test on an unexpected console error
// when it ends (fixtures.ts).
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { base32Decode, totp } from "../support/totp.ts";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

async function signOut(page: Page) {
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("change the password, then sign in with the new one", async ({ page, request, consoleErrors }) => {
  const { email, password } = await signUpAndVerify(page, request);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Change Password" });
  await expect(section).toBeVisible();

  // Everything is required; the new password needs 8 characters and the same twice.
  await section.getByRole("button", { name: "Update Password" }).click();
  await expect(section.getByText("Current password is required")).toBeVisible();
  await section.getByLabel("New Password", { exact: true }).fill("short");
  await section.getByLabel("Confirm New Password").fill("shorter");
  await section.getByRole("button", { name: "Update Password" }).click();
  await expect(section.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(section.getByText("New passwords do not match")).toBeVisible();

  // The strength meter follows the typing.
  const label = section.getByTestId("password-strength-label");
  await section.getByLabel("New Password", { exact: true }).fill("abcdefgh");
  await expect(label).toHaveText("Weak");
  await section.getByLabel("New Password", { exact: true }).fill("abcdefgh1");
  await expect(label).toHaveText("Fair");
  await section.getByLabel("New Password", { exact: true }).fill("Abcdefgh1");
  await expect(label).toHaveText("Good");
  await section.getByLabel("New Password", { exact: true }).fill("Abcdefgh1!");
  await expect(label).toHaveText("Strong");
  const newPassword = "Kairo-Strong-Pass-2026";
  await section.getByLabel("New Password", { exact: true }).fill(newPassword);
  await expect(label).toHaveText("Very Strong");
  await expect(section.getByRole("meter", { name: "Password strength" })).toHaveAttribute("value", "5");
  await section.getByLabel("Confirm New Password").fill(newPassword);

  // A wrong current password says so, and changes nothing.
  await section.getByLabel("Current Password").fill("not-my-password");
  await section.getByRole("button", { name: "Update Password" }).click();
  await expect(section.getByText("Your current password is incorrect.")).toBeVisible();
  await expect(
    page.getByText("Failed to update password. Your current password is incorrect."),
  ).toBeVisible();

  await section.getByLabel("Current Password").fill(password);
  await section.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();
  await expect(section.getByLabel("Current Password")).toHaveValue("");
  await expectNoSeriousA11yViolations(page);

  await signOut(page);
  await signInWithPassword(page, email, password);
  await expect(page.getByText("Incorrect email or password. Please try again.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  void consoleErrors;
});

test("turn on two-factor with a computed code, then sign in with a code and with a backup code", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const { email, password } = await signUpAndVerify(page, request);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: /^Two-Factor Authentication/ });
  const toggle = section.getByRole("switch", { name: "Two-factor authentication" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");

  // Turning it on asks for the password first.
  await toggle.click();
  const confirm = page.getByRole("dialog", { name: "Turn on two-factor authentication" });
  await confirm.getByLabel("Password").fill("wrong-password-1");
  await confirm.getByRole("button", { name: "Continue" }).click();
  await expect(confirm.getByText("Incorrect password. Please try again.")).toBeVisible();
  await confirm.getByLabel("Password").fill(password);
  await confirm.getByRole("button", { name: "Continue" }).click();
  await expect(confirm).toBeHidden();

  // Enrolling: the QR code, the setup key for typing by hand, and the code field.
  const setup = page.getByRole("region", { name: "Set up your authenticator app" });
  await expect(
    setup.getByRole("img", { name: "QR code to add Kairo to your authenticator app" }),
  ).toBeVisible();
  const setupKey = (await setup.locator("#two-factor-setup-key").textContent())!.replace(/\s/g, "");
  expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
  const secret = base32Decode(setupKey);
  const codeField = setup.getByLabel("Verification code");
  await expect(codeField).toHaveAttribute("placeholder", "Enter 6-digit code");
  await codeField.fill("12ab345678");
  await expect(codeField).toHaveValue("123456"); // digits only, at most 6 (a pasted "123 456" works too)
  await expectNoSeriousA11yViolations(page);

  const firstCode = totp(secret);
  await codeField.fill(firstCode);
  await setup.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("2FA enabled successfully")).toBeVisible();

  // Backup codes: ten of eight characters, shown once, downloadable as a text file.
  const codes = (
    await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents()
  ).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{8}$/);
  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download codes" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("kairo-backup-codes.txt");
  const text = await readFile((await download.path())!, "utf8");
  for (const code of codes) expect(text).toContain(code);
  await section.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(section.getByRole("list", { name: "Backup codes" })).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await expect(section.getByRole("switch", { name: "Two-factor authentication" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(section.getByRole("list", { name: "Backup codes" })).toHaveCount(0);

  // Sign in with a code from the authenticator (the next one: the first is spent).
  await signOut(page);
  await signInWithPassword(page, email, password);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const authCode = page.getByLabel("Authentication code");
  await expect(authCode).toHaveAttribute("placeholder", "Enter 6-digit code");
  await authCode.fill(firstCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page.getByText("This code has already been used. Wait for the next code in your authenticator app."),
  ).toBeVisible();
  await authCode.fill(totp(secret, { stepOffset: 1 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Sign in with a backup code, typed in lower case with a dash; it works once.
  await signOut(page);
  await signInWithPassword(page, email, password);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  const backup = page.getByLabel("Backup code");
  await backup.fill(`${codes[0]!.slice(0, 4)}-${codes[0]!.slice(4)}`.toLowerCase());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await signInWithPassword(page, email, password);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That backup code is not valid or has already been used.")).toBeVisible();
  await page.getByLabel("Backup code").fill("nope");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("A backup code is 8 letters and digits")).toBeVisible();
  await page.getByLabel("Backup code").fill(codes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Turning it off (with the password) removes the factor: sign-in asks for no code any more.
  await page.goto("/settings");
  await section.getByRole("switch", { name: "Two-factor authentication" }).click();
  const off = page.getByRole("dialog", { name: "Turn off two-factor authentication" });
  await off.getByLabel("Password").fill(password);
  await off.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("2FA disabled successfully")).toBeVisible();
  await expect(section.getByRole("switch", { name: "Two-factor authentication" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await signOut(page);
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  void consoleErrors;
});

test("lists the active sessions by id, signs one out, then all the others", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  // Three browsers sign in: more work than most tests on a busy machine.
  test.slow();
  const { email, password } = await signUpAndVerify(page, request);

  // Two more browsers sign in as the same person.
  const phoneContext = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });
  const laptopContext = await browser.newContext({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  });
  const phone = await phoneContext.newPage();
  const laptop = await laptopContext.newPage();
  for (const other of [phone, laptop]) {
    await signInWithPassword(other, email, password);
    await expect(other).toHaveURL(/\/dashboard$/);
  }

  // What the page is given: ids, never a session token; Better Auth's token list is not asked.
  const asked: string[] = [];
  page.on("request", (r) => asked.push(new URL(r.url()).pathname));
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/account/sessions");
  await page.goto("/settings");
  const body = await (await listed).json();
  expect(body.sessions).toHaveLength(3);
  expect(JSON.stringify(body)).not.toMatch(/token/i);

  const section = page.getByRole("region", { name: "Active sessions" });
  await expect(section.getByRole("listitem")).toHaveCount(3);
  await expect(section.getByRole("listitem").first()).toContainText("This device");
  await expect(section.getByRole("listitem").first()).toContainText("Active now");
  const phoneRow = section.getByRole("listitem", { name: "Safari 18 on iOS" });
  await expect(phoneRow).toContainText("Phone · ");
  await expect(phoneRow).toContainText(/Last active less than a minute ago/);
  await expect(section.getByRole("listitem", { name: "Firefox 133 on Linux" })).toContainText("Desktop");
  await expectNoSeriousA11yViolations(page);

  // One: the phone is signed out, the laptop stays.
  await phoneRow.getByRole("button", { name: "Sign out Safari 18 on iOS" }).click();
  await expect(page.getByText("Session signed out")).toBeVisible();
  await expect(section.getByRole("listitem")).toHaveCount(2);
  await phone.goto("/settings");
  await expect(phone).toHaveURL(/\/login\?redirect=/);
  await laptop.goto("/settings");
  await expect(laptop.getByRole("region", { name: "Active sessions" })).toBeVisible();

  // All the others.
  await section.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Signed out everywhere else")).toBeVisible();
  await expect(section.getByRole("listitem")).toHaveCount(1);
  await expect(section.getByText("You are not signed in anywhere else.")).toBeVisible();
  await laptop.goto("/settings");
  await expect(laptop).toHaveURL(/\/login\?redirect=/);

  expect(asked).not.toContain("/api/auth/list-sessions");
  await phoneContext.close();
  await laptopContext.close();
  void consoleErrors;
});
