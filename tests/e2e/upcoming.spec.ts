// Repeating tasks in the calendars (issue 24 point 3; issue 23 point 1; decisions 265 and 266): a
// series made by quick capture shows its future dates, marked as repeats and read-only, in Upcoming
// (today and the next 7 days, by day), the day, week and month views; the calendar is narrowed to a
// project from the address-kept picker; Upcoming fits a 375 px phone.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

const repeatsOf = (page: Page, title: string) =>
  page.getByRole("button", { name: new RegExp(`^Repeat of a task: ${title}\\b`) });

test("a repeating task's next dates show in Upcoming and the calendar, which filters by project", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page, request);

  // A project with a repeating task of its own, made through the API.
  const project = await page.request.post("/api/projects", { data: { name: "Garden" } });
  expect(project.ok(), await project.text()).toBeTruthy();
  const projectId = ((await project.json()) as { id: string }).id;
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  const mow = await page.request.post("/api/tasks", {
    data: {
      title: "Mow the lawn",
      projectId,
      recurrence: { rrule: "FREQ=DAILY;INTERVAL=2", start: `${today}T23:50`, timeZone: zone },
    },
  });
  expect(mow.ok(), await mow.text()).toBeTruthy();

  // The person's own series, from one line of quick capture.
  await expect(page.getByRole("button", { name: /^Quick capture/ }).first()).toBeVisible();
  await page.keyboard.press("ControlOrMeta+k");
  const palette = page.getByRole("dialog", { name: "Quick capture" });
  const line = palette.getByRole("combobox", { name: "Quick capture" });
  await line.fill("Stretch every day at 21:15");
  await expect(palette.getByRole("option", { name: /Add Stretch/ })).toContainText("Every day at 21:15");
  await line.press("Enter");
  await expect(palette).toBeHidden();

  // The overview's week lists (and counts) the repeats too, and links to Upcoming.
  const panel = page.locator('section[aria-labelledby="weekly-panel-heading"]');
  await panel.getByRole("button", { name: "Next week" }).click();
  await expect(
    panel.getByText(/^Repeat of a task: Stretch, due 21:15\. Repeats: Every day at 21:15$/),
  ).toHaveCount(5);
  await expect(panel.getByText(/\b(1[0-9]|[5-9]) tasks due$/)).toBeVisible();
  await expect(panel.getByRole("link", { name: "Upcoming (next 7 days)" })).toHaveAttribute(
    "href",
    "/dashboard?section=calendar&view=upcoming",
  );

  // Upcoming: today and the next 7 days, by day, with the future repeats marked and their rule named.
  await page.goto("/dashboard?section=calendar&view=upcoming");
  await expect(page.getByRole("tab", { name: "Upcoming", selected: true })).toBeVisible();
  const days = page.getByRole("list", { name: "Upcoming days" });
  await expect(days.getByRole("heading", { name: /^Tomorrow/ })).toBeVisible();
  const tomorrow = days.getByRole("region", { name: /^Tomorrow/ });
  // Tomorrow is a future date of the daily series whatever the hour now: today's 07:30 is the open one
  // (or, once past, tomorrow's is, and then tomorrow shows it as the task due).
  await expect(tomorrow.getByRole("button", { name: /Stretch/ })).toHaveCount(1);
  await expect(tomorrow.getByRole("button", { name: /Stretch/ })).toHaveAccessibleName(
    /Stretch.*Repeats: Every day at 21:15/,
  );
  // Seven or eight dates in all: the open one and the repeats after it.
  expect(await repeatsOf(page, "Stretch").count()).toBeGreaterThanOrEqual(6);
  const weekday = await page.evaluate(() =>
    new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-US", { weekday: "long" }),
  );
  await expect(
    days.getByRole("region", { name: new RegExp(`^${weekday}`) }).getByText("Stretch"),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A repeat opens read-only: its rule, a link to the task, no deadline to change.
  await repeatsOf(page, "Stretch").last().click();
  const details = page.getByRole("dialog", { name: "Stretch" });
  await expect(details.getByText("Every day at 21:15")).toBeVisible();
  await expect(details.getByRole("link", { name: "Open the task" })).toBeVisible();
  await expect(details.getByRole("button", { name: "Save deadline" })).toHaveCount(0);
  // "Open the task" opens the series' task in the task list.
  await details.getByRole("link", { name: "Open the task" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Task" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Edit Task" }).getByLabel("Title")).toHaveValue("Stretch");
  await page.goto("/dashboard?section=calendar&view=upcoming");
  await expect(repeatsOf(page, "Stretch").first()).toBeVisible();

  // The week, the month and the day show them too.
  await page.getByRole("tab", { name: "Week" }).click();
  await expect(page).not.toHaveURL(/view=/);
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(repeatsOf(page, "Stretch")).toHaveCount(7);
  await page.getByRole("tab", { name: "Month" }).click();
  await expect(page).toHaveURL(/view=month/);
  await expect(repeatsOf(page, "Stretch").first()).toBeVisible();
  await page.getByRole("tab", { name: "Day" }).click();
  await page.getByRole("button", { name: "Next day" }).click();
  await page.getByRole("button", { name: "Next day" }).click();
  await expect(repeatsOf(page, "Stretch")).toHaveCount(1);

  // Narrowed to the project: its series stays, the person's own leaves; the address keeps it.
  await page.getByRole("tab", { name: "Upcoming" }).click();
  await expect(repeatsOf(page, "Mow the lawn").first()).toBeVisible();
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Garden" });
  await expect(page).toHaveURL(new RegExp(`project=${projectId}`));
  await expect(repeatsOf(page, "Stretch")).toHaveCount(0);
  await expect(repeatsOf(page, "Mow the lawn").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue(projectId);
  await expect(repeatsOf(page, "Mow the lawn").first()).toBeVisible();
  await expect(page.getByText("Stretch")).toHaveCount(0);

  // On a phone, Upcoming fits the width (read once the layout has settled on the narrow one).
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "All projects" });
  await page.reload();
  await expect(repeatsOf(page, "Stretch").first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  expect(consoleErrors).toEqual([]);
});

test("a completed occurrence stays on its day in the calendar, marked done and read-only", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page, request);
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  // A daily series whose first date is early today; completing it opens tomorrow's.
  const made = await page.request.post("/api/tasks", {
    data: {
      title: "Feed the fish",
      recurrence: { rrule: "FREQ=DAILY", start: `${today}T00:01`, timeZone: zone },
    },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const task = (await made.json()) as { id: string; deadline: string };
  const done = await page.request.post(`/api/tasks/${task.id}/occurrences/complete`, {
    data: { due: task.deadline },
  });
  expect(done.ok(), await done.text()).toBeTruthy();

  await page.goto("/dashboard?section=calendar");
  await page.getByRole("tab", { name: "Day" }).click();
  const completed = page.getByRole("button", { name: /^Repeat of a task: Feed the fish\b.*completed/ });
  await expect(completed).toHaveCount(1);
  await completed.click();
  const details = page.getByRole("dialog", { name: "Feed the fish" });
  await expect(details.getByText("A completed repeat, kept as it was when it was done.")).toBeVisible();
  await expect(details.getByText("Completed", { exact: true }).first()).toBeVisible();
  await expect(details.getByRole("link", { name: "Open the task" })).toBeVisible();
  await expect(details.getByRole("button", { name: "Save deadline" })).toHaveCount(0);
});
