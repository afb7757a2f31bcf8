// Focus and insights: a whole Pomodoro cycle on Playwright's clock, stepping the overview's weekly
// calendar, the calendar section's task details, and the analytics section after a task is done.
// Every test destructures `consoleErrors`: the fixture fails the test on an unexpected console error
// when it ends (fixtures.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect, signUpAndVerify, test } from "./fixtures.ts";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe on the page's main content only: what these features draw. The frame around it (header, avatar
 * menu, toasts) is checked by the shell's own tests.
 */
async function expectMainAccessible(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run({ include: [["#main"]] }, { resultTypes: ["violations"] });
    return result.violations as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  });
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, "serious or critical accessibility violations").toEqual([]);
}

test("a full Pomodoro cycle: focus, a break with a suggestion, then back to focus", async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.clock.install();
  await signUpAndVerify(page, request);

  const timer = page.getByRole("timer");
  await expect(timer).toHaveText("25:00");
  await expect(page.getByText("Today: 0 pomodoros")).toBeVisible();

  await page.getByLabel("Focus length").selectOption("15");
  await page.getByLabel("Break length").selectOption("5");
  await expect(timer).toHaveText("15:00");

  const created = page.waitForResponse(
    (r) => r.url().endsWith("/api/pomodoro-sessions") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Start" }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(page.getByLabel("Focus length")).toBeDisabled();
  await expect(page.getByLabel("Break length")).toBeDisabled();
  // The session id reaches the saved timer just after the response; completing needs it.
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem("kairo-pomodoro") ?? "{}").state?.sessionId),
    )
    .toBeTruthy();

  // Pause and resume keep the time.
  await page.clock.fastForward("05:00");
  await expect(timer).toHaveText(/^(10:00|09:5\d)$/);
  await page.getByRole("button", { name: "Pause" }).click();
  const pausedAt = (await timer.textContent()) ?? "";
  await page.clock.fastForward("03:00");
  await expect(timer).toHaveText(pausedAt);
  await page.getByRole("button", { name: "Resume" }).click();

  const completed = page.waitForResponse(
    (r) => /\/api\/pomodoro-sessions\/[^/]+\/complete$/.test(r.url()) && r.request().method() === "POST",
  );
  await page.clock.fastForward("10:00");
  await expect(page.getByText("Pomodoro Complete! Time for a break!")).toBeVisible();
  expect((await completed).status()).toBe(200);
  await expect(page.getByText("Break", { exact: true })).toBeVisible();
  const idea = page.getByRole("region", { name: "Break idea" });
  await expect(idea).toBeVisible();
  await expect(idea.getByTestId("break-suggestion")).toHaveText(/\w{3,}/);
  await expect(page.getByText("Today: 1 pomodoro", { exact: true })).toBeVisible();
  await expect(timer).toHaveText(/^0[45]:\d\d$/);

  // A reload during the break resumes it where it was.
  await page.reload();
  await expect(page.getByRole("timer")).toHaveText(/^0[45]:\d\d$/);
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();

  await page.clock.fastForward("05:00");
  await expect(page.getByText("Break Complete! Ready for another pomodoro?")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText("15:00");
  await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
  await expect(page.getByLabel("Focus length")).toBeEnabled();
  await expect(page.getByRole("region", { name: "Break idea" })).toHaveCount(0);
  await expect(page.getByText("Today: 1 pomodoro", { exact: true })).toBeVisible();
  await expectMainAccessible(page);
  void consoleErrors;
});

test("the weekly calendar steps between weeks and comes back", async ({ page, request, consoleErrors }) => {
  await signUpAndVerify(page, request);
  const heading = page.locator("#weekly-panel-heading");
  await expect(page.getByText(/\d+ events? · [\d.]+ h tracked · \d+ tasks? due/)).toBeVisible();
  const thisWeek = (await heading.textContent()) ?? "";
  expect(thisWeek).toMatch(/–/);
  await expect(page.getByRole("button", { name: "This week" })).toBeDisabled();
  await expect(page.getByText("Nothing scheduled this week")).toBeVisible();

  await page.getByRole("button", { name: "Next week" }).click();
  await expect(heading).not.toHaveText(thisWeek);
  const nextWeek = (await heading.textContent()) ?? "";
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(heading).toHaveText(thisWeek);
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(heading).not.toHaveText(thisWeek);
  await expect(heading).not.toHaveText(nextWeek);

  await page.getByRole("button", { name: "This week" }).click();
  await expect(heading).toHaveText(thisWeek);
  await expect(page.getByRole("button", { name: "This week" })).toBeDisabled();
  void consoleErrors;
});

test("a task's deadline shows in the calendar and can be changed from its details", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  const now = new Date();
  const deadline = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 10, 0);
  const res = await page.request.post("/api/tasks", {
    data: { title: "Prepare the board deck", estimatedMinutes: 90, deadline: deadline.toISOString() },
  });
  expect(res.status()).toBe(201);

  await page.goto("/dashboard?section=calendar");
  await expect(page.getByRole("tab", { name: "Week" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText(/1 task due/)).toBeVisible();
  await page.getByRole("button", { name: /Task due: Prepare the board deck.*due 10:00/ }).click();
  const dialog = page.getByRole("dialog", { name: "Prepare the board deck" });
  await expect(dialog.getByText("1h 30m")).toBeVisible();
  await dialog
    .getByLabel("Deadline")
    .fill(
      `${deadline.getFullYear()}-${String(deadline.getMonth() + 1).padStart(2, "0")}-${String(deadline.getDate()).padStart(2, "0")}T14:30`,
    );
  await dialog.getByRole("button", { name: "Save deadline" }).click();
  await expect(page.getByText(/^Deadline moved to .*14:30$/)).toBeVisible();
  await expect(
    page.getByRole("button", { name: /Task due: Prepare the board deck.*due 14:30/ }),
  ).toBeVisible();

  // Keyboard: Space picks the task up, arrows move it an hour later, Space drops it.
  const chip = page.getByRole("button", { name: /Task due: Prepare the board deck.*due 14:30/ });
  await chip.focus();
  // Each key waits for the live region to confirm the step before the next: the sensor measures
  // the drop targets after it picks the task up, and an arrow pressed before that moves nothing.
  const live = page.getByRole("status");
  await page.keyboard.press("Space");
  await expect(live.filter({ hasText: /Prepare the board deck is over .*, 14:00\./ })).toBeAttached();
  await page.keyboard.press("ArrowDown");
  await expect(live.filter({ hasText: /Prepare the board deck is over .*, 15:00\./ })).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText(/^Deadline moved to .*15:00$/)).toBeVisible();
  await expect(
    page.getByRole("button", { name: /Task due: Prepare the board deck.*due 15:00/ }),
  ).toBeVisible();

  // Mouse: drag the task onto another day of the month; it keeps its time of day.
  await page.getByRole("tab", { name: "Month" }).click();
  const monthChip = page.getByRole("button", { name: /Task due: Prepare the board deck/ }).first();
  await expect(monthChip).toBeVisible();
  const dayName = (d: Date) =>
    new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" }).format(d);
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const target = (await page.getByRole("button", { name: new RegExp(`^${dayName(tomorrow)}\\b`) }).count())
    ? tomorrow
    : yesterday;
  const targetDay = page.getByRole("button", { name: new RegExp(`^${dayName(target)}\\b`) });
  await targetDay.scrollIntoViewIfNeeded();
  await monthChip.scrollIntoViewIfNeeded();
  const from = (await monthChip.boundingBox())!;
  const to = (await targetDay.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height + 12, { steps: 8 });
  await page.mouse.up();
  await expect(
    page.getByRole("status").filter({ hasText: "Prepare the board deck was moved to" }),
  ).toBeVisible();
  await expect
    .poll(async () => {
      const list = (await (await page.request.get("/api/tasks")).json()) as { tasks: { deadline: string }[] };
      return new Date(list.tasks[0]!.deadline).toDateString();
    })
    .toBe(target.toDateString());
  await expectMainAccessible(page);
  void consoleErrors;
});

test("analytics reflect a completed task across ranges", async ({ page, request, consoleErrors }) => {
  await signUpAndVerify(page, request);
  const created = await page.request.post("/api/tasks", {
    data: { title: "Send the weekly report", estimatedMinutes: 30 },
  });
  expect(created.status()).toBe(201);
  const task = (await created.json()) as { id: string };
  const done = await page.request.patch(`/api/tasks/${task.id}`, { data: { completed: true } });
  expect(done.ok()).toBeTruthy();

  await page.goto("/dashboard?section=analytics");
  const tile = (name: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.getByRole("term").filter({ hasText: name }) })
      .getByRole("definition")
      .first();
  await expect(tile("Completion rate")).toHaveText("100%");
  await expect(tile("Total tasks")).toHaveText("1");
  await expect(tile("Productivity score")).toHaveText("100");
  await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 task completed in the last 30 days", { exact: false })).toBeVisible();
  await expect(page.getByText("No tracked time in this period").first()).toBeVisible();

  await page.getByRole("button", { name: "7 days" }).click();
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 task completed in the last 7 days", { exact: false })).toBeVisible();
  await expect(tile("Completion rate")).toHaveText("100%");

  await page.getByRole("button", { name: "90 days" }).click();
  await expect(page.getByRole("button", { name: "90 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 task completed in the last 90 days", { exact: false })).toBeVisible();
  await expect(tile("Completion rate")).toHaveText("100%");
  await expectMainAccessible(page);
  void consoleErrors;
});
