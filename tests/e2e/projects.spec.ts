// Shared projects in the browser (issue 23), with two members of one team in two browser contexts:
// the owner creates a shared project from the sidebar and assigns a task to the member; the member
// sees it in "Assigned to me" and live in the project view, completes it, and the owner sees it
// completed without reloading. Quick capture's +Project lands a task in the project.
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  linkFromMail,
  signUpAndVerify,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/** Buys Team for the signed-in person of `page` on the local test checkout, over the API. */
async function buyTeam(page: Page, seats: number) {
  const checkout = await page.request.post("/api/billing/checkout", {
    data: {
      plan: "team",
      quantity: seats,
      billing: "monthly",
      successUrl: "/dashboard?upgrade=success",
      cancelUrl: "/dashboard?upgrade=cancelled",
    },
  });
  expect(checkout.status()).toBe(201);
  const id = new URL((await checkout.json()).url).pathname.split("/").pop();
  expect((await page.request.post(`/api/billing/checkout-sessions/${id}/pay`)).ok()).toBeTruthy();
}

test("two members share a project: assignment, Assigned to me, and live completion", async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The owner, on Team, invites the member.
  await signUpAndVerify(page, request, { name: "Olivia Owner" });
  await buyTeam(page, 3);
  const memberEmail = uniqueEmail("member");
  const invite = await page.request.post("/api/team/invitations", { data: { email: memberEmail } });
  expect(invite.status(), await invite.text()).toBeLessThan(300);

  // The member, in a browser context of their own, signs up and accepts.
  const memberContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `10.250.${Date.now() % 250}.${process.pid % 250}` },
  });
  const member = await memberContext.newPage();
  await signUpAndVerify(member, request, { name: "Milo Member", email: memberEmail });
  const link = await linkFromMail(request, memberEmail, /invited/i);
  const invitationId = new URL(link).pathname.split("/").pop();
  const accepted = await member.request.post(`/api/team/invitations/${invitationId}/accept`);
  expect(accepted.ok(), await accepted.text()).toBeTruthy();

  // The owner creates a shared project from the sidebar.
  await page.goto("/dashboard");
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  await expect(nav.getByRole("heading", { name: "Projects" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /Inbox/ })).toBeVisible();
  await nav.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Name").fill("Launch Site");
  await dialog.getByRole("radio", { name: "Green" }).check({ force: true });
  await dialog.getByRole("radio", { name: /^Team:/ }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Launch Site", level: 1 })).toBeVisible();
  const projectUrl = new URL(page.url()).pathname;

  // A milestone, then a task assigned to the member.
  await page.getByRole("button", { name: "Add milestone" }).click();
  const ms = page.getByRole("dialog", { name: "Add milestone" });
  await ms.getByLabel("Name").fill("Beta");
  await ms.getByRole("button", { name: "Add milestone" }).click();
  await expect(page.getByText("0 of 0")).toBeVisible();

  // The member opens the project view before the task exists: it must arrive live.
  await member.goto(projectUrl);
  await expect(member.getByRole("heading", { name: "Launch Site", level: 1 })).toBeVisible();
  await expect(member.getByText("No tasks yet")).toBeVisible();

  await page.getByRole("button", { name: "New Task" }).first().click();
  const form = page.getByRole("dialog", { name: "New Task" });
  await form.getByLabel("Title").fill("Write launch copy");
  await expect(form.getByLabel("Project")).toHaveValue(/[0-9a-f-]{36}/);
  await form.getByLabel("Milestone").selectOption({ label: "Beta" });
  await form.getByLabel("Assignee").selectOption({ label: "Milo Member" });
  await form.getByRole("button", { name: "Add Task" }).click();
  await expect(page.getByText("Assigned to Milo Member")).toBeVisible();
  await expect(page.getByText("0 of 1")).toBeVisible();

  // Live in the member's open project view, without a reload.
  await expect(member.getByText("Write launch copy")).toBeVisible({ timeout: 5000 });
  await expect(member.getByText("Assigned to you")).toBeVisible();

  // "Assigned to me" lists it.
  await member
    .getByRole("complementary", { name: "Main navigation" })
    .getByRole("link", { name: "Assigned to me" })
    .click();
  await expect(member.getByRole("heading", { name: "Assigned to me", level: 1 })).toBeVisible();
  await expect(member.getByText("Write launch copy")).toBeVisible();
  await expectNoSeriousA11yViolations(member);

  // The member completes it from the project view; the owner sees it done without reloading.
  await member.goto(projectUrl);
  await member.getByRole("checkbox", { name: "Complete Write launch copy" }).check();
  await expect(member.getByText("1 of 1")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Mark Write launch copy as not done" })).toBeChecked({
    timeout: 5000,
  });
  await expect(page.getByText("1 of 1")).toBeVisible();

  // Quick capture names the project with +Name and shows it before adding.
  await page.keyboard.press("Control+k");
  const capture = page.getByRole("dialog", { name: "Quick capture" });
  await capture.getByRole("combobox").fill("Press kit +launch-site !high");
  await expect(capture.getByText("Launch Site")).toBeVisible();
  await capture.getByRole("combobox").press("Enter");
  await expect(page.getByText("Press kit")).toBeVisible();
  await expect(member.getByText("Press kit")).toBeVisible({ timeout: 5000 });

  await memberContext.close();
  void consoleErrors;
});

test("the sidebar's projects work on a phone, and a project is archived, restored and deleted", async ({
  page,
  request,
  consoleErrors,
}) => {
  // Sign-up and four screens (create, archive, restore, delete): longer than one screen's test.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpAndVerify(page, request, { name: "Pat Phone" });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open navigation" }).click();
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  await nav.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Name").fill("Garden");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { name: "Garden", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("button", { name: "New Task" }).first().click();
  await page.getByRole("dialog", { name: "New Task" }).getByLabel("Title").fill("Plant tulips");
  await page.getByRole("dialog", { name: "New Task" }).getByRole("button", { name: "Add Task" }).click();
  await expect(page.getByText("Plant tulips")).toBeVisible();
  const gardenUrl = page.url();

  // The whole task list narrows to one project with its Project filter, kept in the address.
  const created = await page.request.post("/api/tasks", {
    data: { title: "Call the plumber" },
    headers: { origin: new URL(gardenUrl).origin },
  });
  expect(created.status()).toBe(201);
  await page.goto("/dashboard?section=tasks");
  await expect(page.getByText("Call the plumber")).toBeVisible();
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Garden" });
  await expect(page).toHaveURL(/project=/);
  await expect(page.getByText("Plant tulips")).toBeVisible();
  await expect(page.getByText("Call the plumber")).toHaveCount(0);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByText("Call the plumber")).toBeVisible();
  await page.goto(gardenUrl);

  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByText(/This project is archived/)).toBeVisible();
  await expect(page.getByRole("button", { name: "New Task" })).toHaveCount(0);
  await page.goto("/projects");
  const archived = page.getByRole("region", { name: "Archived" });
  await expect(archived.getByText("Garden")).toBeVisible();
  await archived.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByRole("region", { name: "Active projects" }).getByText("Garden")).toBeVisible();

  await page
    .getByRole("region", { name: "Active projects" })
    .getByRole("link", { name: /Garden/ })
    .click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this project?" });
  await expect(confirm).toContainText('Delete "Garden" and its 1 task? This cannot be undone.');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("region", { name: "Active projects" }).getByText("Garden")).toHaveCount(0);
  void consoleErrors;
});
