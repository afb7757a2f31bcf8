// What a person sees when things fail: the application error screen (a page's code cannot load) and
// the error toasts, whose severity decides how long they stay and whether they offer Retry.
import { expect, signUpAndVerify, test } from "./fixtures.ts";

const ABORTED = /Failed to load resource: net::ERR_FAILED/;
const SERVER_ERROR = /Failed to load resource: the server responded with a status of 500/;

test("the error screen: Try Again until the third error, the log kept, Report Bug and Go Home", async ({
  page,
  request,
  consoleErrors,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(ABORTED);
  await signUpAndVerify(page, request);
  // The Settings page's code cannot be downloaded (a deploy replaced it, the network dropped it).
  await page.route(/\/assets\/settings-[^/]+\.js$/, (route) => route.abort());

  await page.goto("/settings");
  const screen = page.getByRole("alert").filter({ hasText: "Error Loading Application" });
  await expect(screen.getByRole("heading", { name: "Error Loading Application" })).toBeVisible();
  await expect(screen).toContainText(/dynamically imported module|Importing a module script failed/);
  await expect(screen.getByRole("button", { name: "Try Again" })).toBeVisible();
  await expect(screen.getByRole("button", { name: "Refresh Page" })).toBeVisible();
  const report = screen.getByRole("link", { name: "Report Bug" });
  await expect(report).toHaveAttribute("href", /^mailto:support@kairo\.app\?subject=Bug%20report/);

  // The second and third errors in this tab: at the third, Try Again is withdrawn and a refresh urged.
  await page.reload();
  await expect(screen.getByRole("button", { name: "Try Again" })).toBeVisible();
  await page.reload();
  await expect(screen.getByRole("heading", { name: "Error Loading Application" })).toBeVisible();
  await expect(screen.getByRole("button", { name: "Try Again" })).toHaveCount(0);
  await expect(screen).toContainText("This keeps happening.");

  // Each error was logged in this browser with its message, time and address.
  const log = await page.evaluate(() => JSON.parse(localStorage.getItem("kairo-error-log") ?? "[]"));
  expect(log).toHaveLength(3);
  for (const entry of log) {
    expect(entry.url).toMatch(/\/settings$/);
    expect(entry.message).toMatch(/module/);
    expect(Number.isNaN(Date.parse(entry.timestamp))).toBe(false);
  }

  await screen.getByRole("button", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  void consoleErrors;
});

test("the error log keeps only the last 10 errors, newest first", async ({
  page,
  request,
  consoleErrors,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(ABORTED);
  await signUpAndVerify(page, request);
  // Ten older errors are already in the log.
  await page.evaluate(() => {
    const old = Array.from({ length: 10 }, (_, i) => ({
      message: `older error ${i}`,
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      url: "http://localhost/dashboard",
    }));
    localStorage.setItem("kairo-error-log", JSON.stringify(old));
  });
  await page.route(/\/assets\/settings-[^/]+\.js$/, (route) => route.abort());
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Error Loading Application" })).toBeVisible();
  const log = await page.evaluate(() => JSON.parse(localStorage.getItem("kairo-error-log") ?? "[]"));
  expect(log).toHaveLength(10);
  expect(log[0].message).toMatch(/module/);
  expect(log[0].url).toMatch(/\/settings$/);
  expect(log[1].message).toBe("older error 0");
  expect(log.map((e: { message: string }) => e.message)).not.toContain("older error 9");
  void consoleErrors;
});

test.describe("error toasts", () => {
  test("a lost connection is critical: it stays 10 seconds and Retry repeats the action", async ({
    page,
    request,
    consoleErrors,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(ABORTED);
    await signUpAndVerify(page, request);
    await page.clock.install();
    await page.route("**/api/auth/sign-out", (route) => route.abort());

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Unable to connect to our servers." });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole("button", { name: "Retry" })).toBeVisible();

    // Still there just before 10 seconds.
    await page.clock.runFor(9_000);
    await expect(toast).toBeVisible();

    // The connection is back: Retry signs out and goes home.
    await page.unroute("**/api/auth/sign-out");
    await toast.getByRole("button", { name: "Retry" }).click();
    await expect(page).toHaveURL(/\/$/);
    void consoleErrors;
  });

  test("a server failure is high: the spec's text, no Retry, gone after 7 seconds; at most 3 show", async ({
    page,
    request,
    consoleErrors,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(SERVER_ERROR);
    await signUpAndVerify(page, request);
    await page.clock.install();
    await page.route("**/api/auth/sign-out", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":{"code":"INTERNAL","message":"x"}}',
      }),
    );
    const signOut = async () => {
      await page.getByRole("button", { name: /Account menu/ }).click();
      await page.getByRole("menuitem", { name: "Sign out" }).click();
    };
    await signOut();
    const toasts = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Failed to sign out. Please try again." });
    await expect(toasts).toHaveCount(1);
    await expect(toasts.getByRole("button", { name: "Retry" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard/);

    await page.clock.runFor(6_000);
    await expect(toasts.first()).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(toasts).toHaveCount(0);

    // Four failures in a row: only three toasts are shown at once.
    for (let i = 0; i < 4; i++) await signOut();
    await expect(page.locator("[data-sonner-toast][data-visible='true']")).toHaveCount(3);
    void consoleErrors;
  });
});
