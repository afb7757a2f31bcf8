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
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Create Workflow" }).click();
  await expect(page.getByText("Workflow created successfully")).toBeVisible();
  const card = page.getByRole("list", { name: "My Workflows" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Active")).toBeVisible();

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
