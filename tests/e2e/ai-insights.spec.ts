// AI Insights as a person with a few weeks of tracked work meets it: predictions, patterns and a
// burnout alert at high load (eleven-hour days from 06:00 for a fortnight after calm two-hour
// weekdays), applying "Take 5-minute breaks every 45 minutes" sets the Pomodoro panel to 45 and 5,
// and acknowledging the alert hides it. The history is written through the API at past times with
// the test clock header (the server runs with NODE_ENV=test).
import type { Page } from "@playwright/test";
import { expect, signUpAndVerify, test } from "./fixtures.ts";

const DAY = 86_400_000;
test.use({ timezoneId: "UTC" });

async function at(page: Page, when: number, method: "POST" | "PATCH", path: string, data?: object) {
  const res = await page.request.fetch(path, {
    method,
    data,
    headers: {
      origin: new URL(page.url()).origin,
      "x-kairo-test-clock-offset": String(Math.round(when - Date.now())),
    },
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

async function seedHistory(page: Page) {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const task = await at(page, today - 30 * DAY, "POST", "/api/tasks", { title: "Quarterly report" });
  for (let d = 28; d >= 1; d--) {
    const day = today - d * DAY;
    const weekday = new Date(day).getUTCDay();
    const heavy = d <= 14;
    if (!heavy && (weekday === 0 || weekday === 6)) continue;
    // Heavy days: 06:00-17:00; calm weekdays: 09:00-11:00.
    const start = day + (heavy ? 6 : 9) * 3_600_000;
    const minutes = heavy ? 660 : 120;
    await at(page, start, "POST", `/api/tasks/${task.id}/timer/start`);
    await at(page, start + minutes * 60_000, "POST", `/api/tasks/${task.id}/timer/stop`);
    if (d % 7 === 0) {
      const done = await at(page, start, "POST", "/api/tasks", { title: `Weekly review ${d}` });
      await at(page, start + 3_600_000, "PATCH", `/api/tasks/${done.id}`, { completed: true });
    }
  }
}

test("a person under heavy load sees predictions, patterns and the burnout alert, applies a break rhythm and acknowledges the alert", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page, request);
  await seedHistory(page);

  await page.goto("/ai-insights");
  await expect(page.getByRole("heading", { name: "AI Insights", level: 1 })).toBeVisible();
  await expect(page.getByText("PRO Feature")).toBeVisible();
  await expect(page.getByText(/^Trial: \d+ days? left$/)).toBeVisible();

  const alert = page.getByRole("region", { name: "Burnout Risk Alert" });
  await expect(alert).toBeVisible();
  await expect(alert.getByText("11 hours a day over the last 14 days")).toBeVisible();
  await expect(alert.getByText(/not a diagnosis of burnout/)).toBeVisible();
  await expect(alert.getByRole("progressbar", { name: "Burnout risk score" })).toBeVisible();

  await expect(page.getByRole("heading", { name: "Productivity Analysis" })).toBeVisible();
  await expect(page.getByText(/^Over the last 30 days you completed/)).toBeVisible();

  await page.getByRole("tab", { name: "Predictions" }).click();
  await expect(page.getByText("Trend Direction")).toBeVisible();
  await expect(page.getByText("Confidence Level")).toBeVisible();
  await expect(page.getByText(/^Forecast from \d+ weeks of your completion rate/)).toBeVisible();

  await page.getByRole("tab", { name: "Patterns" }).click();
  await expect(page.getByText("6-8 AM")).toBeVisible();

  await page.getByRole("tab", { name: "Recommendations" }).click();
  const card = page.getByRole("listitem").filter({ hasText: "Take 5-minute breaks every 45 minutes" });
  await card.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Recommendation Applied")).toBeVisible();
  await expect(card.getByText("Applied")).toBeVisible();
  await expect(card.getByRole("checkbox")).toBeChecked();

  // Adjust Schedule: this week's tasks, lowest priority first, each can be postponed.
  const origin = new URL(page.url()).origin;
  const deadline = new Date(Date.now() + 2 * 86_400_000).toISOString();
  for (const [title, priority] of [
    ["Ship the release", "urgent"],
    ["Tidy the wiki", "low"],
  ])
    expect(
      (
        await page.request.post("/api/tasks", { data: { title, priority, deadline }, headers: { origin } })
      ).status(),
    ).toBe(201);
  await alert.getByRole("button", { name: "Adjust Schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Adjust Schedule" });
  const due = dialog.getByRole("list", { name: "Tasks due this week" }).getByRole("listitem");
  await expect(due.first()).toContainText("Tidy the wiki");
  await dialog.getByRole("button", { name: "Postpone Tidy the wiki by a week" }).click();
  await expect(page.getByText("Task postponed")).toBeVisible();
  await expect(dialog.getByText("Tidy the wiki")).toBeHidden();
  await dialog.getByRole("button", { name: "Done" }).click();

  await alert.getByRole("button", { name: "I'll Take Care" }).click();
  await expect(page.getByText("Alert Acknowledged")).toBeVisible();
  await expect(page.getByText("We'll help you manage your workload better")).toBeVisible();
  await expect(alert).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Productivity Analysis" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Burnout Risk Alert" })).toBeHidden();

  await page.goto("/dashboard");
  await expect(page.getByLabel("Focus length")).toHaveValue("45");
  await expect(page.getByLabel("Break length")).toHaveValue("5");
  expect(consoleErrors).toEqual([]);
});
