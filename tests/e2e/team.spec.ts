// Team seats in the browser: an owner on Team invites someone from the Team Workspace, the invited
// person (signed out at first) follows the emailed link through sign-in, accepts and lands in the
// Team Workspace; the owner fills the seats, revokes an invitation and removes a member.
import type { APIRequestContext, Page } from "@playwright/test";
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

/** A verified account driven over the API only (its own cookie jar: the `request` fixture). */
async function apiPerson(request: APIRequestContext, name: string) {
  const email = uniqueEmail("member");
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { name, email, password: "correct-horse-42", callbackURL: "/auth/callback" },
  });
  expect(signUp.ok()).toBeTruthy();
  const verify = await linkFromMail(request, email, /verify/i);
  await request.get(verify);
  return { email };
}

test("an invited person signs in from the emailed link, accepts and works in the Team Workspace", async ({
  page,
  request,
  consoleErrors,
}) => {
  await signUpAndVerify(page, request, { name: "Olivia Owner" });
  await buyTeam(page, 3);

  await page.goto("/team-workspace");
  await expect(page.getByRole("heading", { name: "Team Workspace", level: 1 })).toBeVisible();
  const members = page.getByRole("region", { name: "Members" });
  await expect(members.getByText("1 of 3")).toBeVisible();
  const invitee = { name: "Ines Invitee", email: uniqueEmail("invitee"), password: "correct-horse-42" };
  await members.getByLabel("Email").fill(invitee.email);
  await members.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(members.getByRole("list", { name: "Pending invitations" })).toContainText(invitee.email);
  await expect(members.getByText("2 of 3")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The owner leaves; the invited person creates an account with the invited address.
  await page.context().clearCookies();
  await signUpAndVerify(page, request, invitee);
  await page.context().clearCookies();

  // Signed out, the link leads to sign-in and back to the invitation.
  const link = await linkFromMail(request, invitee.email, /invited/i);
  expect(new URL(link).pathname).toMatch(/^\/team\/invite\/[0-9a-f-]{36}$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByLabel("Password", { exact: true }).fill(invitee.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Join Olivia's team" })).toBeVisible();
  await expect(page.getByText("Olivia Owner invited you to join")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(/\/team-workspace$/);
  await expect(page.getByRole("heading", { name: "Team Workspace", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Team members" });
  await expect(list).toContainText("Olivia Owner");
  await expect(list).toContainText(invitee.email);
  // A member reads the list; only the owner manages it.
  await expect(page.getByText("Only the team owner can invite or remove people.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  void consoleErrors;
});

test("the owner fills the seats, revokes an invitation and removes a member after confirming", async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpAndVerify(page, request, { name: "Owen Owner" });
  await buyTeam(page, 2);
  // Someone joins through the API: invited by the owner, accepted on their own account.
  const member = await apiPerson(request, "Mia Member");
  const invited = await page.request.post("/api/team/invitations", { data: { email: member.email } });
  expect(invited.status()).toBe(201);
  const link = await linkFromMail(request, member.email, /invited/i);
  expect(
    (
      await request.post(
        `${new URL(link).pathname.replace("/team/invite/", "/api/team/invitations/")}/accept`,
      )
    ).ok(),
  ).toBeTruthy();

  await page.goto("/team-workspace");
  const members = page.getByRole("region", { name: "Members" });
  await expect(members.getByText("2 of 2")).toBeVisible();
  await expect(
    members.getByText("All 2 seats are taken. Add seats in the billing portal to invite more people."),
  ).toBeVisible();
  await expect(members.getByRole("button", { name: "Send invitation" })).toHaveCount(0);

  // Remove asks first; Cancel keeps the member.
  await members.getByRole("button", { name: "Remove Mia Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this member?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(members.getByRole("list", { name: "Team members" })).toContainText("Mia Member");
  await members.getByRole("button", { name: "Remove Mia Member" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByText("Member removed")).toBeVisible();
  await expect(members.getByRole("list", { name: "Team members" })).not.toContainText("Mia Member");
  await expect(members.getByText("1 of 2")).toBeVisible();
  // Their Team access ended with it.
  expect((await (await request.get("/api/subscription")).json()).plan).not.toBe("team");

  // The freed seat takes a new invitation, which the owner can withdraw again.
  const next = uniqueEmail("next");
  await members.getByLabel("Email").fill(next);
  await members.getByRole("button", { name: "Send invitation" }).click();
  await expect(members.getByText("2 of 2")).toBeVisible();
  // On a phone the notice sits over the list; the owner closes it as a person would.
  await page
    .getByRole("listitem")
    .filter({ hasText: "Invitation sent" })
    .getByRole("button", { name: "Close toast" })
    .click();
  await members.getByRole("button", { name: `Revoke invitation for ${next}` }).click();
  await expect(page.getByText("Invitation revoked")).toBeVisible();
  await expect(members.getByText("1 of 2")).toBeVisible();
  await expect(members.getByText("No pending invitations.", { exact: false })).toBeVisible();
  void consoleErrors;
});
