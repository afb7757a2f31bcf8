// Settings: Notifications and Privacy switches saved on the server, Calendar Integrations, and Your
// data (export as a JSON file, delete the account with the password, then signed out and barred).
import { readFileSync } from "node:fs";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

test("notification and privacy switches are saved and still set after a reload", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const notifications = page.getByRole("region", { name: "Notifications" });
  const privacy = page.getByRole("region", { name: "Privacy" });
  const email = notifications.getByRole("switch", { name: "Email notifications" });
  const desktop = notifications.getByRole("switch", { name: "Desktop notifications" });
  const focus = notifications.getByRole("switch", { name: "Focus reminders" });
  const crash = privacy.getByRole("switch", { name: "Crash reports" });
  const analytics = privacy.getByRole("switch", { name: "Usage analytics" });
  for (const s of [email, desktop, focus, crash, analytics]) await expect(s).toBeChecked();

  await crash.click();
  await expect(crash).not.toBeChecked();
  await expect(page.getByText("Crash reports off.")).toBeVisible();
  await focus.click();
  await expect(focus).not.toBeChecked();
  await expect(page.getByText("Focus reminders off.")).toBeVisible();

  await page.reload();
  await expect(crash).not.toBeChecked();
  await expect(focus).not.toBeChecked();
  await expect(email).toBeChecked();
  await expect(analytics).toBeChecked();

  // Calendar Integrations: both providers, neither configured here, so Connect is off.
  const calendar = page.getByRole("region", { name: "Calendar Integrations" });
  await expect(calendar.getByRole("tab", { name: "Connections" })).toHaveAttribute("aria-selected", "true");
  await expect(calendar.getByText(/Google Calendar has no OAuth client yet/)).toBeVisible();
  await expect(calendar.getByText(/Microsoft Outlook has no OAuth client yet/)).toBeVisible();
  for (const b of await calendar.getByRole("button", { name: "Connect" }).all())
    await expect(b).toBeDisabled();
  await calendar.getByRole("tab", { name: "Sync History" }).click();
  await expect(calendar.getByText("No syncs yet")).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  expect(consoleErrors).toEqual([]);
});

test("a failed save puts the switch back", async ({ page, request }) => {
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const analytics = page.getByRole("switch", { name: "Usage analytics" });
  await expect(analytics).toBeChecked();
  await page.route("**/api/preferences", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "Down for a moment" } } })
      : route.continue(),
  );
  await analytics.click();
  await expect(page.getByText("Failed to save your preferences. Please try again.")).toBeVisible();
  await expect(analytics).toBeChecked();
});

test("export downloads a JSON file with the person's task", async ({ page, request, baseURL }) => {
  const { email } = await signUpAndVerify(page, request);
  const title = `Exported task ${Date.now()}`;
  const created = await page.request.post("/api/tasks", { data: { title }, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);

  await page.goto("/settings");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kairo-export-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(doc.profile.email).toBe(email);
  expect(doc.tasks.map((t: { title: string }) => t.title)).toContain(title);
  expect(JSON.stringify(doc)).not.toMatch(/"(token|password|accessToken|refreshToken)"/);
});

test("deleting the account signs out, and signing in again is refused", async ({ page, request }) => {
  const { email, password } = await signUpAndVerify(page, request);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByText(/kept for 90 days after deletion/)).toBeVisible();

  await dialog.getByLabel("Password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("The password is not correct.")).toBeVisible();

  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Account deleted")).toBeVisible();

  // Signed out: the settings send a visitor to sign in.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  const session = await page.request.get("/api/auth/get-session");
  expect(await session.json()).toBeNull();
});
