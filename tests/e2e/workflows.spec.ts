// Workflow automation as a person meets it: use a template, complete a task, see the follow-up task
// appear and the run in History; pause the workflow and see nothing run.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

/** Calls the API from the page itself (same origin, the person's session). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body ? { "content-type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.json();
    },
    { method, path, body },
  );
}

const titles = async (page: Page) =>
  (await api<{ tasks: { title: string }[] }>(page, "GET", "/api/tasks?limit=100")).tasks.map((t) => t.title);

test("a template's workflow runs on a completed task, shows in History, and stops when paused", async ({
  page,
  request,
}) => {
  await signUpAndVerify(page, request);
  await page.goto("/workflow-automation");
  await expect(page.getByRole("heading", { name: "Workflow Automation" })).toBeVisible();
  await expect(page.getByText("No workflows yet")).toBeVisible();

  await page.getByRole("tab", { name: "Templates" }).click();
  await page.getByRole("button", { name: "Use Template Follow up a completed task" }).click();
  await expect(page.getByRole("tab", { name: "Create New" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Workflow Name")).toHaveValue("Follow up a completed task");
  await expect(page.getByLabel("Action 1 task title")).toHaveValue("Follow up: {{task.title}}");
  // Limited to a project (the Inbox, where the tasks below land), chosen by its visible label.
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Inbox" });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Create Workflow" }).click();
  await expect(page.getByText("Workflow created successfully")).toBeVisible();
  const card = page.getByRole("list", { name: "My Workflows" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Active")).toBeVisible();
  await expect(card).toContainText("in Inbox");

  const task = await api<{ id: string }>(page, "POST", "/api/tasks", { title: "Write launch notes" });
  await api(page, "PATCH", `/api/tasks/${task.id}`, { status: "completed" });
  await expect.poll(() => titles(page)).toContain("Follow up: Write launch notes");

  await page.getByRole("tab", { name: "History" }).click();
  const runs = page.getByRole("list", { name: "Recent Executions" }).getByRole("listitem");
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toContainText("Follow up a completed task");
  await expect(runs.first()).toContainText("completed");
  await runs.first().getByRole("button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Created task “Follow up: Write launch notes”")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "My Workflows" }).click();
  await expect(card.getByText("Runs")).toBeVisible();
  await page.getByRole("button", { name: "Pause Follow up a completed task" }).click();
  await expect(page.getByText("Workflow Paused")).toBeVisible();
  await expect(card.getByText("Paused")).toBeVisible();

  const second = await api<{ id: string }>(page, "POST", "/api/tasks", { title: "Book the venue" });
  await api(page, "PATCH", `/api/tasks/${second.id}`, { status: "completed" });
  await page.waitForTimeout(1500);
  expect(await titles(page)).not.toContain("Follow up: Book the venue");
  await page.getByRole("tab", { name: "History" }).click();
  await expect(runs).toHaveCount(1);
});

test("after the trial ends the page is locked, but the workflows show why they stopped and can be paused or deleted", async ({
  page,
  request,
}) => {
  await signUpAndVerify(page, request);
  await page.goto("/workflow-automation");
  await expect(page.getByText("No workflows yet")).toBeVisible();
  const body = (name: string) => ({
    name,
    triggerType: "task_status",
    triggerConfig: { toStatus: "completed" },
    actions: [{ type: "send_notification", config: { title: "Done: {{task.title}}" } }],
  });
  await api(page, "POST", "/api/workflows", body("Celebrate"));
  await api(page, "POST", "/api/workflows", body("Tidy up"));
  // Eight days on for this person's requests: the 7-day trial is over.
  await page.setExtraHTTPHeaders({ "x-kairo-test-clock-offset": String(8 * 86_400_000) });
  await page.goto("/workflow-automation");
  await expect(page.getByRole("heading", { name: "Premium Feature" })).toBeVisible();
  const mine = page.getByRole("region", { name: "Your workflows" });
  await expect(
    mine.getByText("Your plan does not include Workflow Automation, so none of your workflows run."),
  ).toBeVisible();
  const cards = mine.getByRole("list", { name: "My Workflows" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(
    cards
      .first()
      .getByText("Paused: Workflow Automation is part of the Pro plan. Upgrade to Pro to run it again."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Keep paused Tidy up" }).click();
  await expect(page.getByText("Workflow Paused")).toBeVisible();
  await expect(cards.filter({ hasText: "Tidy up" }).getByText("Upgrade to Pro to run it again")).toHaveCount(
    0,
  );
  await page.getByRole("button", { name: "Delete Celebrate" }).click();
  await expect(page.getByText("Workflow Deleted")).toBeVisible();
  await expect(cards).toHaveCount(1);
  // Switching it on again asks for the plan.
  await page.getByRole("button", { name: "Activate Tidy up" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
