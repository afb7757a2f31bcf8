// The planner in the browser (issue 25): set working hours in Settings → Planning, Plan my week on
// the calendar, read a proposed block's reason, Accept all, and see the accepted block on the plan's
// week view. The server plans in real time here, so the week always has working days to fill.
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

test("set working hours, Plan my week, read a block's reason, accept all", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page, request);

  await page.goto("/settings");
  const planning = page.getByRole("region", { name: "Planning" });
  await expect(planning.getByLabel("Monday working hours from")).toHaveValue("09:00");
  await planning.getByLabel("Monday working hours from").fill("08:00");
  // The server plans in real time: every day of the week a working day, ending late, keeps room in
  // this week's view whenever the journey runs (at 16:40 UTC on a Friday, 9:00-17:00 left no 25
  // minutes; on a weekend, Monday to Friday left none at all).
  for (const day of ["Saturday", "Sunday"]) await planning.getByRole("checkbox", { name: day }).check();
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    await planning.getByLabel(`${day} working hours until`).fill("23:45");
  await planning.getByRole("button", { name: "Save planning preferences" }).click();
  await expect(page.getByText("Planning preferences saved")).toBeVisible();

  const created = await page.request.post("/api/tasks", {
    // One shortest block (25 minutes): a longer task is split around the lunch break when the
    // test runs late in the morning, and the journey counts one block to add.
    data: { title: "Write the launch plan", estimatedMinutes: 25, priority: "high" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/dashboard?section=calendar");
  const plan = page.getByRole("region", { name: "Your plan" });
  await expect(plan.getByText(/No plan yet/)).toBeVisible();
  await plan.getByRole("button", { name: "Plan my week" }).click();

  const preview = plan.getByRole("region", { name: "Proposed plan" });
  await expect(preview.getByText(/Preview for the week: 1 to add, 0 to move, 0 to remove/)).toBeVisible();
  const proposed = plan.getByRole("region", { name: "Proposed blocks" });
  await expect(proposed.getByText("Write the launch plan")).toBeVisible();
  await expect(proposed.getByText(/^Why here: high priority/)).toBeVisible();
  await expect(plan.getByRole("button", { name: /^Proposed: Write the launch plan/ })).toBeVisible();
  await expect(plan.getByRole("button", { name: /^Accept Write the launch plan, / })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await preview.getByRole("button", { name: "Accept all" }).click();
  await expect(page.getByText("Plan accepted")).toBeVisible();
  await expect(plan.getByRole("region", { name: "Proposed plan" })).toHaveCount(0);
  const block = plan.getByRole("button", { name: /^Write the launch plan/ });
  await expect(block).toBeVisible();
  await block.click();
  const details = plan.getByRole("region", { name: "Block details: Write the launch plan" });
  await expect(details.getByText(/^Why here: high priority/)).toBeVisible();
  await expect(details.getByLabel("New start")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
