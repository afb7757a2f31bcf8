// The live Team Workspace in two browsers: an owner and a member of one team see each other online
// with the page they are on, see "typing..." appear and clear, and see a broadcast test action in
// Recent Activity; going offline shows a notice that the lists may be out of date. The member's browser is
// a phone (375 px wide).
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, linkFromMail, test, uniqueEmail } from "./fixtures.ts";

/** A verified account signed in inside `context` (its pages share the cookie). */
async function signedIn(context: BrowserContext, outbox: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const signUp = await context.request.post("/api/auth/sign-up/email", {
    data: { name: `${prefix} Person`, email, password: "correct-horse-42", callbackURL: "/auth/callback" },
  });
  expect(signUp.ok()).toBeTruthy();
  await context.request.get(await linkFromMail(outbox, email, /verify/i));
  return email;
}

test("two members see each other's presence, typing and a broadcast action", async ({
  browser,
  request,
  extraHTTPHeaders,
  consoleErrors,
}) => {
  // Two browsers, the live panels, team analytics and the analytics page: more than the default 30 s
  // on a loaded machine.
  test.slow();
  const owner = await browser.newContext({ extraHTTPHeaders });
  const member = await browser.newContext({ extraHTTPHeaders, viewport: { width: 375, height: 800 } });
  try {
    const ownerEmail = await signedIn(owner, request, "owner");
    const checkout = await owner.request.post("/api/billing/checkout", {
      data: {
        plan: "team",
        quantity: 2,
        billing: "monthly",
        successUrl: "/dashboard?upgrade=success",
        cancelUrl: "/dashboard?upgrade=cancelled",
      },
    });
    const id = new URL((await checkout.json()).url).pathname.split("/").pop();
    expect((await owner.request.post(`/api/billing/checkout-sessions/${id}/pay`)).ok()).toBeTruthy();
    const memberEmail = await signedIn(member, request, "member");
    expect(
      (await owner.request.post("/api/team/invitations", { data: { email: memberEmail } })).ok(),
    ).toBeTruthy();
    const invitation = new URL(await linkFromMail(request, memberEmail, /invited/i)).pathname
      .split("/")
      .pop();
    expect((await member.request.post(`/api/team/invitations/${invitation}/accept`)).ok()).toBeTruthy();

    const olivia = await owner.newPage();
    await olivia.goto("/team-workspace");
    await expect(olivia.getByRole("heading", { name: "Team Workspace", level: 1 })).toBeVisible();
    const presence = olivia.getByRole("list", { name: "Live presence" });
    // Named as on the member list (decision 270), with the email beneath.
    const annRow = presence.getByRole("listitem", { name: /^member Person, / });
    // Ann's joining is the team's first activity.
    await expect(olivia.getByRole("list", { name: "Recent activity" })).toContainText(
      `${memberEmail} joined the team`,
    );
    // Ann has not opened Kairo yet: offline.
    await expect(annRow).toContainText("Offline");
    await expect(annRow).toContainText(memberEmail);

    const ann = await member.newPage();
    await ann.goto("/dashboard?section=tasks");
    await expect(annRow).toContainText("Dashboard · Tasks");
    await expect(annRow).toContainText("Online");
    await expect(annRow.getByTestId("status-dot")).toHaveAttribute("data-status", "online");
    await expect(olivia.getByRole("region", { name: "Team Activity" })).toContainText("2 active");

    await ann.goto("/team-workspace");
    await expect(annRow).toContainText("Team Workspace");
    // Ann sees Olivia too, on her phone, without sideways scrolling.
    const annPresence = ann.getByRole("list", { name: "Live presence" });
    const oliviaRow = annPresence.getByRole("listitem", { name: /^owner Person, / });
    await expect(oliviaRow).toContainText("Online");
    await expect(oliviaRow).toContainText(ownerEmail);
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Typing shows, and clears at once when the field is emptied, or 3 seconds after the last key.
    const field = ann.getByLabel("Message to your team");
    await field.pressSequentially("Stand");
    await expect(annRow.getByText("typing...")).toBeVisible();
    await field.fill("");
    await expect(annRow.getByText("typing...")).toHaveCount(0, { timeout: 1500 });
    await field.pressSequentially("Stand-up in 5");
    await expect(annRow.getByText("typing...")).toBeVisible();
    await expect(annRow.getByText("typing...")).toHaveCount(0, { timeout: 5000 });

    await ann.getByRole("button", { name: "Broadcast Test Action" }).click();
    const recent = olivia.getByRole("list", { name: "Recent activity" });
    await expect(recent).toContainText(`${memberEmail} broadcast a test action: “Stand-up in 5”`);
    await expect(field).toHaveValue("");
    await expectNoSeriousA11yViolations(olivia);
    await expectNoSeriousA11yViolations(ann);

    // Team analytics (decision 210): Ann completes a task of a team project; the owner sees it in
    // Ann's row, Ann sees her own figures and no table of anyone's.
    const team = (await (await owner.request.get("/api/team")).json()).team;
    const annId = team.members.find((m: { email: string }) => m.email === memberEmail).userId;
    const project = await (
      await owner.request.post("/api/projects", { data: { name: "Launch", teamId: team.id } })
    ).json();
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const task = await (
      await owner.request.post("/api/tasks", {
        data: { title: "Brief", projectId: project.id, assigneeId: annId, deadline: inAWeek },
      })
    ).json();
    expect(
      (await member.request.patch(`/api/tasks/${task.id}`, { data: { completed: true } })).ok(),
    ).toBeTruthy();

    // It survives a reload.
    await olivia.reload();
    await expect(olivia.getByRole("list", { name: "Recent activity" })).toContainText("Stand-up in 5");
    const analytics = olivia.getByRole("region", { name: "Team analytics" });
    const annFigures = analytics
      .getByRole("region", { name: "By member" })
      .getByRole("row", { name: /member Person/ });
    await expect(annFigures.getByRole("cell").first()).toHaveText("1");
    await expect(analytics.getByRole("region", { name: "By project" })).toContainText("Launch");
    await analytics.getByRole("button", { name: "7 days" }).click();
    await expect(analytics.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(
      analytics.getByTestId("team-analytics-team").locator('[data-figure="onTimeRate"]'),
    ).toHaveText("100%");

    await ann.reload();
    const annAnalytics = ann.getByRole("region", { name: "Team analytics" });
    await expect(
      annAnalytics.getByTestId("team-analytics-me").locator('[data-figure="tasksCompleted"]'),
    ).toHaveText("1");
    await expect(annAnalytics.getByText(/shown to team owners and admins/)).toBeVisible();
    await expect(annAnalytics.getByRole("table")).toHaveCount(0);
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(olivia);

    // Olivia's network drops: she is told, and the lists are marked as possibly out of date.
    await owner.setOffline(true);
    await expect(olivia.getByText("You're offline.")).toBeVisible();
    await expect(
      olivia.getByText(/The list below is from \d\d:\d\d and may be out of date/).first(),
    ).toBeVisible();
    await expect(olivia.getByRole("button", { name: "Broadcast Test Action" })).toBeDisabled();
    // The lists stay as legible while out of date: the notice says so, not a fade (decision 322).
    await expectNoSeriousA11yViolations(olivia);
    await owner.setOffline(false);
    await expect(olivia.getByText("You're offline.")).toHaveCount(0);
    await expect(olivia.getByRole("button", { name: "Broadcast Test Action" })).toBeEnabled();

    // Ann closes her tab: offline for Olivia.
    await ann.close();
    await expect(annRow).toContainText("Offline");

    // The analytics page narrowed to the team project (decision 211): its one task, kept in the address.
    await olivia.goto("/dashboard?section=analytics");
    await olivia.getByRole("combobox", { name: "Project" }).selectOption({ label: "Launch (team)" });
    await expect(olivia).toHaveURL(new RegExp(`project=${project.id}`));
    await expect(olivia.locator('[data-metric="Total tasks"]')).toHaveText("1");
    await expect(olivia.locator('[data-metric="Completion rate"]')).toHaveText("100%");
  } finally {
    await owner.close();
    await member.close();
  }
  void consoleErrors;
});
