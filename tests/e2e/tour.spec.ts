// The guided tour on a new account (spec sections 2, 4 and 9): it starts by itself 2 s after the
// dashboard loads, walks 11 steps with Previous disabled on the first and Finish on the last, is
// kept finished on the server (a reload does not replay it), restarts from the Help menu, skips on
// Escape, and on a phone points at what a phone shows.
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

const tourDialog = (page: import("@playwright/test").Page) => page.locator(".driver-popover[role=dialog]");

test("a new person gets the tour, walks its 11 steps by keyboard, and it stays finished", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000); // eleven steps, a reload and a restart
  await signUpAndVerify(page, request, { tour: true });
  const tour = tourDialog(page);
  // Not at once: it waits for the dashboard to settle.
  await expect(tour).toHaveCount(0);
  await expect(tour).toBeVisible({ timeout: 6000 });
  await expect(tour).toHaveAccessibleName("Find your way");
  await expect(tour).toContainText("1 of 11");
  await expect(tour.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(tour.getByRole("button", { name: "Skip" })).toBeVisible();
  // Focus is in the step, on its main button, and the step is announced.
  await expect(tour.getByRole("button", { name: "Next" })).toBeFocused();
  await expect(page.locator("[aria-live=polite]").filter({ hasText: "Tour step 1 of 11" })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  const titles = ["Find your way"];
  for (let step = 2; step <= 11; step++) {
    await page.keyboard.press("Enter");
    await expect(tour).toContainText(`${step} of 11`);
    await expect(tour.locator(".driver-popover-next-btn")).toBeFocused();
    titles.push((await tour.locator(".driver-popover-title").textContent()) ?? "");
  }
  expect(titles).toEqual([
    "Find your way",
    "Add a task",
    "Track your time",
    "Quick capture",
    "Focus with Pomodoro",
    "Your week at a glance",
    "Analytics",
    "AI Insights",
    "Workflows",
    "Team Workspace",
    "Settings",
  ]);
  // The settings step highlights the Settings link of the navigation.
  await expect(page.locator('[data-tour="nav-settings"]')).toHaveClass(/driver-active-element/);
  await expect(tour.getByRole("button", { name: "Next" })).toHaveCount(0);
  await expect(tour.getByRole("button", { name: "Previous" })).toBeEnabled();
  await tour.getByRole("button", { name: "Finish" }).click();
  await expect(tour).toHaveCount(0);
  await expect
    .poll(async () => (await (await page.request.get("/api/tour")).json()).completedAt)
    .not.toBeNull();

  // Another load of the dashboard does not replay it.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await page.waitForTimeout(2600);
  await expect(tour).toHaveCount(0);

  // Help → Restart tour clears both records and starts again; Escape skips.
  await page.getByRole("button", { name: "Help" }).click();
  await page.getByRole("menuitem", { name: "Restart tour" }).click();
  await expect(tour).toBeVisible();
  await expect(tour).toContainText("1 of 11");
  await page.keyboard.press("Escape");
  await expect(tour).toHaveCount(0);
  await expect
    .poll(async () => (await (await page.request.get("/api/tour")).json()) as Record<string, unknown>)
    .toMatchObject({ completedAt: null, skippedAt: expect.any(String) });
  void consoleErrors;
});

test("Help lists the keyboard shortcuts and offers a bug report", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  const help = page.getByRole("button", { name: "Help" });
  await help.click();
  await expect(page.getByRole("menuitem", { name: "Report a bug" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Keyboard shortcuts" }).click();
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toContainText("Open quick capture");
  await expect(dialog).toContainText("skip the tour");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(help).toBeFocused();
  void consoleErrors;
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the steps point at the menu button and the bottom tab bar, and Skip ends it", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await signUpAndVerify(page, request, { tour: true });
    const tour = tourDialog(page);
    await expect(tour).toBeVisible({ timeout: 6000 });
    await expect(page.getByRole("button", { name: "Open navigation" })).toHaveClass(/driver-active-element/);
    // Analytics is reached through Tools on a phone.
    for (let i = 0; i < 6; i++) await tour.getByRole("button", { name: "Next" }).click();
    await expect(tour).toHaveAccessibleName("Analytics");
    await expect(page.locator('[data-tour="tab-tools"]')).toHaveClass(/driver-active-element/);
    await expectNoSeriousA11yViolations(page);
    await tour.getByRole("button", { name: "Skip" }).click();
    await expect(tour).toHaveCount(0);
    await expect
      .poll(async () => (await (await page.request.get("/api/tour")).json()).skippedAt)
      .not.toBeNull();
    void consoleErrors;
  });
});
