// Settings: Notifications and Privacy switches saved on the server and honoured (crash reports off
// means no error report leaves the browser; desktop notifications ask the browser's permission),
// Calendar Integrations, and Your data (export as a JSON file, delete the account with the
// password, then signed out and barred).
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
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
  const titles = privacy.getByRole("switch", { name: "Share task titles with the AI model" });
  for (const s of [email, desktop, focus, crash]) await expect(s).toBeChecked();
  await expect(titles).not.toBeChecked();
  // Kairo measures no usage, so it offers no switch for it (decision 159).
  await expect(privacy.getByRole("switch", { name: "Usage analytics" })).toHaveCount(0);

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
  await expect(titles).not.toBeChecked();

  // Calendar Integrations: both providers (the e2e server points them at a local fake), each with
  // its Connect; calendar.spec.ts connects one.
  const calendar = page.getByRole("region", { name: "Calendar Integrations" });
  await expect(calendar.getByRole("tab", { name: "Connections" })).toHaveAttribute("aria-selected", "true");
  await expect(calendar.getByRole("button", { name: "Connect Google Calendar" })).toBeEnabled();
  await expect(calendar.getByRole("button", { name: "Connect Microsoft Outlook" })).toBeEnabled();
  await calendar.getByRole("tab", { name: "Sync History" }).click();
  await expect(calendar.getByText("No syncs yet")).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  expect(consoleErrors).toEqual([]);
});

/** The error log the app keeps in this browser (src/web/lib/error-log.ts), newest first. */
const errorLog = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem("kairo-error-log") ?? "[]") as { message: string; reported?: string }[],
  );

test("with crash reports off an app error sends no report; with them on it does", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  const reports: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/client-errors") {
      reports.push(r.postData() ?? "");
    }
  });
  // An app error: the code of the /dpa page fails as it loads, and the error screen takes over.
  const broken = "Kairo e2e: this page failed to load";
  await page.route("**/assets/dpa-*.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: `throw new Error(${JSON.stringify(broken)});` }),
  );

  await page.goto("/settings");
  const crash = page.getByRole("region", { name: "Privacy" }).getByRole("switch", { name: "Crash reports" });
  await crash.click();
  await expect(page.getByText("Crash reports off.")).toBeVisible();
  await page.goto("/dpa");
  await expect(page.getByRole("heading", { name: "Error Loading Application" })).toBeVisible();
  // The app has decided (it marks the kept entry once it has): nothing went to the server.
  await expect.poll(async () => (await errorLog(page))[0]?.reported).toBe("not-sent");
  expect((await errorLog(page))[0]?.message).toContain(broken);
  expect(reports).toEqual([]);

  await page.goto("/settings");
  await crash.click();
  await expect(page.getByText("Crash reports on.")).toBeVisible();
  const sent = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/client-errors",
  );
  await page.goto("/dpa");
  await expect(page.getByRole("heading", { name: "Error Loading Application" })).toBeVisible();
  expect(JSON.parse((await sent).postData() ?? "{}").message).toContain(broken);
  await expect.poll(async () => (await errorLog(page))[0]?.reported).toBe("sent");
  expect(reports).toHaveLength(1);
  void consoleErrors;
});

test("turning desktop notifications on asks the browser's permission", async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  // Counts the asks; the browser's own answer is still what the page gets.
  await page.addInitScript(() => {
    const w = window as unknown as { permissionAsks: number };
    w.permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      w.permissionAsks += 1;
      return ask(...args);
    };
  });
  const asks = () => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const notifications = page.getByRole("region", { name: "Notifications" });
  const desktop = notifications.getByRole("switch", { name: "Desktop notifications" });
  expect(await page.evaluate(() => Notification.permission)).toBe("default");

  // Off, then on: the click that turns it on asks the browser, once.
  await desktop.click();
  await expect(page.getByText("Desktop notifications off.")).toBeVisible();
  expect(await asks()).toBe(0);
  await desktop.click();
  await expect(page.getByText("Desktop notifications on.")).toBeVisible();
  await expect.poll(asks).toBe(1);
  // Headless Chromium answers with a refusal, and the page says what that means.
  await expect.poll(() => page.evaluate(() => Notification.permission)).toBe("denied");
  await expect(notifications.getByText(/Your browser blocks notifications from Kairo/)).toBeVisible();

  // A browser that already allows them is not asked again, and nothing warns.
  await page.context().grantPermissions(["notifications"], { origin: baseURL! });
  await page.reload();
  expect(await page.evaluate(() => Notification.permission)).toBe("granted");
  await desktop.click();
  await expect(page.getByText("Desktop notifications off.")).toBeVisible();
  await desktop.click();
  await expect(page.getByText("Desktop notifications on.")).toBeVisible();
  await expect(desktop).toBeChecked();
  expect(await asks()).toBe(0);
  await expect(notifications.getByText(/Your browser blocks notifications/)).toHaveCount(0);
  await expect(
    notifications.getByRole("button", { name: "Allow notifications in this browser" }),
  ).toHaveCount(0);
  void consoleErrors;
});

test("a failed save puts the switch back", async ({ page, request }) => {
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const crash = page.getByRole("switch", { name: "Crash reports" });
  await expect(crash).toBeChecked();
  await page.route("**/api/preferences", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "Down for a moment" } } })
      : route.continue(),
  );
  await crash.click();
  await expect(page.getByText("Failed to save your preferences. Please try again.")).toBeVisible();
  await expect(crash).toBeChecked();
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
