// The application frame: not-found page, theme, the dashboard navigation (desktop and phone),
// admin visibility and the settings profile form.
// Every test destructures `consoleErrors`: the fixture fails the test on an unexpected console error
// when it ends (fixtures.ts).
import { expect, signUpAndVerify, test } from "./fixtures.ts";

test("an unknown address shows the not-found page with a way home", async ({ page, consoleErrors }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  void consoleErrors;
});

// One journey through the frame's two remembered choices (one sign-up instead of two).
test("the theme choice and the collapsed sidebar survive a reload, both ways", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  await expect(html).not.toHaveClass(/\bdark\b/);

  // The collapsed sidebar.
  const sidebar = page.getByRole("complementary", { name: "Main navigation" });
  await expect(sidebar).toHaveCSS("width", "256px");

  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(sidebar).toHaveCSS("width", "64px");
  await page.reload();
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  await expect(sidebar).toHaveCSS("width", "64px");
  // Collapsed links keep their names for assistive technology, and show them as a tooltip on
  // keyboard focus (the tooltip's code arrives with that first focus).
  await expect(sidebar.getByRole("link", { name: "Tasks" })).toBeVisible();
  await sidebar.getByRole("link", { name: "Tasks" }).focus();
  await expect(page.getByRole("tooltip")).toHaveText("Tasks");
  await expect(sidebar.getByRole("link", { name: "Tasks" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(sidebar).toHaveCSS("width", "256px");
  await page.reload();
  await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();
  await expect(sidebar).toHaveCSS("width", "256px");
  void consoleErrors;
});

test("the notification bell is a button that opens its popover from the keyboard", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  const bell = page.getByRole("button", { name: "Notifications" });
  await expect(bell).toHaveAttribute("aria-haspopup", "dialog");
  await expect(bell).toHaveAttribute("aria-expanded", "false");
  await bell.focus();
  await page.keyboard.press("Enter");
  const popover = page.getByRole("dialog", { name: "Notifications" });
  await expect(popover.getByText("You're all caught up.", { exact: false })).toBeVisible();
  await expect(bell).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(popover).toHaveCount(0);
  await expect(bell).toBeFocused();
  // Space opens it again, now with the popover's code already there.
  await page.keyboard.press("Space");
  await expect(popover).toBeVisible();
  void consoleErrors;
});

test("dashboard sections live in the address, and back and forward work", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  for (const label of [
    "Overview",
    "Tasks",
    "Calendar",
    "Analytics",
    "AI Insights",
    "Workflows",
    "Team Workspace",
    "Settings",
  ]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  // A trial counts as Pro: Team Workspace is the one locked item, and says what unlocks it.
  await expect(nav.getByRole("link", { name: "Team Workspace" })).toHaveAccessibleDescription(
    "Upgrade to Team to unlock",
  );
  await expect(nav.getByRole("link", { name: "AI Insights" })).toHaveAccessibleDescription("");

  await nav.getByRole("link", { name: "Tasks" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=tasks$/);
  await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Tasks" })).toHaveAttribute("aria-current", "page");

  await nav.getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=analytics$/);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?section=tasks$/);
  await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/dashboard\?section=tasks$/);
  await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();

  // A section address opened directly shows that section.
  await page.goto("/dashboard?section=calendar");
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");
  void consoleErrors;
});

test.describe("on a phone (375 × 812)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("bottom tab bar, overlay navigation and section tabs", async ({ page, request, consoleErrors }) => {
    await signUpAndVerify(page, request);
    const tabs = page.getByRole("navigation", { name: "Quick navigation" });
    await expect(tabs).toBeVisible();
    for (const label of ["Home", "Tasks", "Calendar", "AI"]) {
      await expect(tabs.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(tabs.getByRole("button", { name: "Tools" })).toBeVisible();

    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole("button", { name: "Collapse sidebar" })).toHaveCount(0);

    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Tasks" })).toBeVisible();
    // An overlay: the content stays where it was.
    const main = await page.getByRole("main").boundingBox();
    expect(main?.x).toBe(0);
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();

    // No horizontal scrolling at phone width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await tabs.getByRole("link", { name: "Tasks" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=tasks$/);
    await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Tasks" })).toHaveAttribute("aria-current", "page");

    await tabs.getByRole("link", { name: "Calendar" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=calendar$/);
    await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();

    await tabs.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=overview$/);
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

    // Tools opens the same overlay navigation.
    await tabs.getByRole("button", { name: "Tools" }).click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    void consoleErrors;
  });
});

test("a normal user sees no admin link and /admin says Not authorised", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /Admin Dashboard/ })).toHaveCount(0);
  await expect(nav.getByText("ADMIN", { exact: true })).toHaveCount(0);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Not authorised" })).toBeVisible();
  void consoleErrors;
});

// The only test that may register admin-e2e@example.com: it can be registered once per server run.
test("a configured admin sees Admin Dashboard with the ADMIN badge", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request, { name: "Ada Admin", email: "admin-e2e@example.com" });
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  const adminLink = nav.getByRole("link", { name: /Admin Dashboard/ });
  await expect(adminLink).toBeVisible();
  await expect(adminLink.getByText("ADMIN", { exact: true })).toBeVisible();

  await adminLink.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Not authorised")).toHaveCount(0);
  void consoleErrors;
});

test("settings: the profile is saved and kept, the email is read-only", async ({
  page,
  request,
  consoleErrors,
}) => {
  const { email } = await signUpAndVerify(page, request, { name: "Sam Settings" });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Account Information" })).toBeVisible();

  const fullName = page.getByLabel("Full Name");
  const jobTitle = page.getByLabel("Job Title");
  const emailField = page.getByLabel("Email", { exact: true });
  await expect(fullName).toHaveValue("Sam Settings");
  await expect(emailField).toHaveValue(email);
  await expect(emailField).not.toBeEditable();

  await fullName.fill("Samantha Settings-Changed");
  await jobTitle.fill("Head of Focus");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Full Name")).toHaveValue("Samantha Settings-Changed");
  await expect(page.getByLabel("Job Title")).toHaveValue("Head of Focus");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  void consoleErrors;
});

test("the access gate: a trial opens AI Insights; Team Workspace shows the Premium Feature card until Try Demo Mode", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request);
  await page.goto("/ai-insights");
  await expect(page.getByRole("heading", { name: "AI Insights" })).toBeVisible();
  await page.goto("/team-workspace");
  await expect(page.getByRole("heading", { name: "Premium Feature" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade" })).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/ai-insights$/);

  // Try Demo Mode opens Team features for 30 minutes, with a banner saying so.
  await page.goto("/team-workspace");
  await page.getByRole("button", { name: "Try Demo Mode" }).click();
  await expect(page.getByText("Demo Mode Activated")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Team Workspace", level: 1 })).toBeVisible();
  await expect(
    page.getByText(/Demo mode: Pro and Team features are unlocked for (30|29) more minutes\./),
  ).toBeVisible();
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Team Workspace" })).toHaveAccessibleDescription("");
  expect(consoleErrors).toEqual([]);
});
