// Plans in the browser: the trial running out, the demo preview (and its sample team project) going
// again when it ends, and paying on the local test checkout from Settings, then managing the plan in
// the local portal.
// Time is moved for one person only: the server honours `x-kairo-test-clock-offset` under
// NODE_ENV=test, and Playwright's clock moves the browser's own timers.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

const DAY = 86_400_000;
const MINUTE = 60_000;

async function moveServerClock(page: Page, offsetMs: number) {
  await page.setExtraHTTPHeaders({ "x-kairo-test-clock-offset": String(offsetMs) });
}

test("the trial runs out after 7 days: the plan says so and Pro features lock", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  // The dashboard's Current Plan card words the trial as the spec does.
  const plan = page.getByRole("region", { name: "Your numbers" });
  await expect(plan.getByText("Trial: 7 days left", { exact: true })).toBeVisible();
  await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Subscription & Billing" });
  await expect(billing.getByText("Trial Period")).toBeVisible();
  await expect(billing.getByText(/Trial: 7 days left · ends/)).toBeVisible();

  await moveServerClock(page, 8 * DAY);
  await page.goto("/dashboard");
  await expect(page.getByText("Trial expired - Subscribe to continue using Pro features")).toBeVisible();
  await page.goto("/ai-insights");
  await expect(page.getByRole("heading", { name: "Premium Feature" })).toBeVisible();

  await page.goto("/settings");
  await expect(billing.getByText("Trial expired - Subscribe to continue using Pro features")).toBeVisible();
  const free = billing.getByRole("listitem", { name: "Free plan" });
  await expect(free.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  void consoleErrors;
});

test("Try Demo Mode unlocks AI Insights for 30 minutes and locks it again after", async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.clock.install();
  await signUpAndVerify(page, request);
  await moveServerClock(page, 8 * DAY);
  await page.goto("/ai-insights");
  await expect(page.getByRole("heading", { name: "Premium Feature" })).toBeVisible();
  await page.getByRole("button", { name: "Try Demo Mode" }).click();
  await expect(page.getByText("Demo Mode Activated")).toBeVisible();
  await expect(page.getByRole("heading", { name: "AI Insights", level: 1 })).toBeVisible();
  await expect(page.getByText(/Pro and Team features are unlocked for (30|29) more minutes/)).toBeVisible();
  // The preview shows a sample team project, gone with the preview.
  const sample = page
    .getByRole("complementary", { name: "Main navigation" })
    .getByRole("link", { name: /Website relaunch/ });
  await expect(sample).toBeVisible();

  // 31 minutes later, on the server and in the browser: the next 60-second check ends the preview.
  await moveServerClock(page, 8 * DAY + 31 * MINUTE);
  await page.clock.fastForward(31 * MINUTE);
  await expect(page.getByRole("heading", { name: "Premium Feature" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Pro and Team features are unlocked/)).toHaveCount(0);
  await expect(sample).toHaveCount(0);
  void consoleErrors;
});

test("upgrading from Settings pays on the test checkout, returns with a notice and manages seats", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  await moveServerClock(page, 8 * DAY);
  await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Subscription & Billing" });
  const team = billing.getByRole("listitem", { name: "Team plan" });
  // Each card lists the first 5 features of its plan.
  await expect(team.getByRole("listitem")).toHaveCount(5);
  await expect(
    billing.getByRole("listitem", { name: "Elite plan" }).getByRole("button", { name: "Coming Soon" }),
  ).toBeDisabled();

  await team.getByRole("button", { name: "Upgrade to Team" }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Test checkout — no real charge is made")).toBeVisible();
  await expect(page.getByText("Kairo Team")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^5$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Pay $50" }).click();

  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText("Subscription updated")).toBeVisible();
  await expect(team.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(billing.getByText(/Team · \$50 per month · 5 seats/)).toBeVisible();

  // The local portal changes the seats and returns to Settings.
  await billing.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(/\/billing\/portal\?return=/);
  await expect(page.getByText("Test billing — no real charge is made")).toBeVisible();
  await page.getByLabel("Seats").fill("8");
  await expect(page.getByText("New amount: $80 per month")).toBeVisible();
  await page.getByRole("button", { name: "Update seats" }).click();
  await expect(page.getByText("Seats updated")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Return to Kairo" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(billing.getByText(/Team · \$80 per month · 8 seats/)).toBeVisible();
  // Team features are open now.
  await page.goto("/team-workspace");
  await expect(page.getByRole("heading", { name: "Team Workspace", level: 1 })).toBeVisible();
  void consoleErrors;
});

test("cancelling on the test checkout changes nothing and says so", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Subscription & Billing" });
  await billing
    .getByRole("listitem", { name: "Pro plan" })
    .getByRole("button", { name: "Upgrade to Pro" })
    .click();
  // The upgrade dialog never showed this person the launch offer, so its window never opened: the
  // full price.
  await expect(page.getByRole("button", { name: "Pay $12" })).toBeVisible();
  await expect(page.getByText("Launch offer")).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText("Checkout canceled")).toBeVisible();
  await expect(billing.getByText("Trial Period")).toBeVisible();
  void consoleErrors;
});
