// The admin area in a browser: a super admin finds a person, makes them an admin (the ADMIN badge
// then shows in that person's own navigation), and the audit log records it.
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test, uniqueEmail } from "./fixtures.ts";

// The only test that may register super-e2e@example.com (KAIRO_SUPER_ADMIN_EMAILS in the Playwright
// config): an address can be registered once per server run.
test("a super admin promotes a person, the ADMIN badge appears for them, and the audit log says so", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  // The person, signed in in a browser of their own.
  const personContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "10.250.1.1" },
  });
  const personPage = await personContext.newPage();
  const personEmail = uniqueEmail("promoted");
  await signUpAndVerify(personPage, request, { name: "Pat Promoted", email: personEmail });
  const personNav = personPage.getByRole("complementary", { name: "Main navigation" });
  await expect(personNav.getByRole("link", { name: /Admin Dashboard/ })).toHaveCount(0);

  // The super admin opens People and finds them.
  await signUpAndVerify(page, request, { name: "Sue Super", email: "super-e2e@example.com" });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview", selected: true })).toBeVisible();
  await expect(page.getByText("Paying subscriptions")).toBeVisible();

  await page.getByRole("tab", { name: "People" }).click();
  await expect(page).toHaveURL(/\/admin\/people$/);
  await page.getByLabel("Search people by name or email").fill(personEmail);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("admin-user-row").filter({ hasText: personEmail });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText("User");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Yes");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Off");
  await expectNoSeriousA11yViolations(page);

  // Change role → Admin.
  await row.getByRole("button", { name: `Change role of Pat Promoted` }).click();
  const dialog = page.getByRole("dialog", { name: "Change role" });
  await dialog.getByLabel("Role").selectOption("admin");
  await dialog.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText("Pat Promoted is now Admin.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell").nth(1)).toHaveText("Admin");

  // The person sees the Admin Dashboard entry with its ADMIN badge, and the admin area opens for them.
  await personPage.reload();
  const adminLink = personNav.getByRole("link", { name: /Admin Dashboard/ });
  await expect(adminLink).toBeVisible();
  await expect(adminLink.getByText("ADMIN", { exact: true })).toBeVisible();
  await adminLink.click();
  await expect(personPage.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await personContext.close();

  // The audit log names who did what to whom.
  await page.getByRole("tab", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  const entry = page.getByTestId("admin-audit-row").filter({ hasText: personEmail });
  await expect(entry).toContainText("Role changed");
  await expect(entry).toContainText("super-e2e@example.com");
  await expect(entry).toContainText("From user to admin");

  // The mail outbox holds the person's verification mail.
  await page.getByRole("tab", { name: "Mail outbox" }).click();
  await expect(
    page.getByRole("list", { name: "Sent mail" }).getByText(`To ${personEmail}`).first(),
  ).toBeVisible();
  void consoleErrors;
});

test("a person who is not an admin is refused a deep admin address, by the page and by the API", async ({
  page,
  request,
  consoleErrors,
}) => {
  const email = uniqueEmail("plain");
  await signUpAndVerify(page, request, { email });
  // A plain user is refused the admin area, and the API agrees.
  await page.goto("/admin/people");
  await expect(page.getByRole("heading", { name: "Not authorised" })).toBeVisible();
  const res = await page.request.get("/api/admin/users");
  expect(res.status()).toBe(403);
  void consoleErrors;
});
